import {
  BACKFILL_LIST_LIMIT_MAX,
  BACKFILL_MAX_CONCURRENCY,
  BACKFILL_MAX_SLOTS_CEILING,
  BACKFILL_ORDERS,
  BACKFILL_STATES,
  BACKFILL_VIEW_SLOTS_MAX,
} from '../backfill'
import { codedIssue } from '../messages/coded-errors'
import { instant } from './calendar'
import { id } from './primitives'
import { z } from './z'

/**
 * `startBackfill`'s request, as the console, the OpenAPI and `jobdesk backfill` give it: a job or a
 * flow, a range [from, to) in epoch ms or ISO 8601, and how to run it. Whether the job exists and
 * has a schedule, and how many slots the range holds, are the service's rules.
 */
export const backfillRequestSchema = z
  .strictObject({
    jobId: id.optional(),
    flowId: id.optional(),
    from: instant,
    to: instant,
    concurrency: z.int().min(1).max(BACKFILL_MAX_CONCURRENCY).default(1),
    order: z.enum(BACKFILL_ORDERS).default('OLDEST_FIRST'),
    onlyMissing: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    maxSlots: z.int().min(1).max(BACKFILL_MAX_SLOTS_CEILING).optional(),
  })
  .superRefine((request, context) => {
    if ((request.jobId === undefined) === (request.flowId === undefined)) context.addIssue(codedIssue('backfill.target', {}, ['jobId']))
    if (request.to <= request.from)
      context.addIssue(codedIssue('backfill.rangeBackwards', { from: new Date(request.from).toISOString(), to: new Date(request.to).toISOString() }, ['to']))
  })

/** The request as the schema leaves it: both ends epoch ms, every option given. */
export type StartBackfill = z.output<typeof backfillRequestSchema>

/** `getBackfill`: a backfill, and where its slot list starts and how long it is. */
export const backfillQuerySchema = z.strictObject({
  id,
  slotOffset: z.int().min(0).max(BACKFILL_MAX_SLOTS_CEILING).optional(),
  slotLimit: z.int().min(1).max(BACKFILL_VIEW_SLOTS_MAX).optional(),
})

/** `listBackfills`: a job's or a flow's, or every one, by state. */
export const backfillFilterSchema = z.strictObject({
  jobId: id.optional(),
  flowId: id.optional(),
  state: z.enum(BACKFILL_STATES).optional(),
  limit: z.int().min(1).max(BACKFILL_LIST_LIMIT_MAX).optional(),
})
