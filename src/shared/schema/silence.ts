import { ALARM_SILENCE_REASON_MAX } from '../alarm-silence'
import { codedIssue } from '../messages/coded-errors'
import { instant } from './calendar'
import { id, trimmedText } from './primitives'
import { z } from './z'

/**
 * `addSilence { jobId | groupId | flowId, until, reason }`: mute one job's, one group's jobs' or one
 * flow's alarms until `until` (epoch ms or an ISO instant), for a reason every console shows.
 */
export const silenceRequestSchema = z
  .strictObject({
    jobId: id.optional(),
    groupId: id.optional(),
    flowId: id.optional(),
    until: instant,
    reason: trimmedText(ALARM_SILENCE_REASON_MAX),
  })
  .superRefine((request, context) => {
    const targets = [request.jobId, request.groupId, request.flowId].filter((t) => t !== undefined)
    if (targets.length !== 1) context.addIssue(codedIssue('silence.target', {}, ['jobId']))
    if (request.reason === '') context.addIssue(codedIssue('silence.reasonRequired', {}, ['reason']))
  })
