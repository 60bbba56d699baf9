import { codedIssue } from '../messages/coded-errors'
import { instant } from './calendar'
import { id } from './primitives'
import { z } from './z'

/** The longest stretch one `listMissedSlots` reads: a year, as the simulator's window. */
export const MISSED_SLOTS_MAX_DAYS = 366
/** Rows one answer holds at most (oldest first); an every-second job paused for hours stays readable. */
export const MISSED_SLOTS_MAX_ROWS = 10_000

/** `listMissedSlots { jobId | flowId, from, to }`: one job's or one flow's missed slots in [from, to). */
export const missedSlotsRequestSchema = z
  .strictObject({
    jobId: id.optional(),
    flowId: id.optional(),
    from: instant,
    to: instant,
  })
  .superRefine((request, context) => {
    if ((request.jobId === undefined) === (request.flowId === undefined)) context.addIssue(codedIssue('missedSlots.target', {}, ['jobId']))
    if (request.to <= request.from) context.addIssue(codedIssue('missedSlots.backwards', {}, ['to']))
    else if (request.to - request.from > MISSED_SLOTS_MAX_DAYS * 86_400_000)
      context.addIssue(codedIssue('missedSlots.tooLong', { max: MISSED_SLOTS_MAX_DAYS }, ['to']))
  })

export type MissedSlotsRequest = z.input<typeof missedSlotsRequestSchema>
