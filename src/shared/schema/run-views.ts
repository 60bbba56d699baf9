import { ALARM_LIST_MAX_DAYS, ALARM_STATES } from '../alarm-list'
import { codedIssue } from '../messages/coded-errors'
import { RUNS_OVER_TIME_DEFAULT, RUNS_OVER_TIME_MAX } from '../run-views'
import { instant } from './calendar'
import { id } from './primitives'
import { z } from './z'

/** `listJobRunsOverTime { jobId | flowId, limit }`: one job's or one flow's last runs. */
export const runsOverTimeRequestSchema = z
  .strictObject({
    jobId: id.optional(),
    flowId: id.optional(),
    limit: z.int().min(1).max(RUNS_OVER_TIME_MAX).default(RUNS_OVER_TIME_DEFAULT),
  })
  .superRefine((request, context) => {
    if ((request.jobId === undefined) === (request.flowId === undefined)) context.addIssue(codedIssue('runsOverTime.target', {}, ['jobId']))
  })

/** `listAlarms { from, to, jobId?, state? }`: alarms decided in [from, to) (epoch ms or ISO instants). */
export const alarmListRequestSchema = z
  .strictObject({
    from: instant,
    to: instant,
    jobId: id.optional(),
    state: z.enum(ALARM_STATES).optional(),
  })
  .superRefine((request, context) => {
    if (request.to <= request.from) context.addIssue(codedIssue('alarms.backwards', {}, ['to']))
    else if (request.to - request.from > ALARM_LIST_MAX_DAYS * 86_400_000) context.addIssue(codedIssue('alarms.tooLong', { max: ALARM_LIST_MAX_DAYS }, ['to']))
  })

/** `resendAlarm { id }` and `getAlarm { id }`. */
export const resendAlarmRequestSchema = z.strictObject({ id })
