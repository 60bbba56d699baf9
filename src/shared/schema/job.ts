import { BLOCK_STRATEGIES, GLUE_TYPES, MISFIRE_STRATEGIES, RETRY_BACKOFFS, ROUTE_STRATEGIES, SCHEDULE_TYPES, type JobInput } from '../model'
import { alarmTargetList, id, requiredText, text, trimmedText } from './primitives'
import { z } from './z'
import { codedIssue } from '../messages/coded-errors'

/** XXL-JOB's documented limit for a job parameter. */
export const EXECUTOR_PARAM_MAX_CHARS = 2048
export const JOB_NAME_MAX_CHARS = 100
export const MAX_RETRY_COUNT = 100
/** A GLUE source; the bridge's message limit is sized from it (net/browser-bridge.ts). */
export const GLUE_SOURCE_MAX_CHARS = 1_000_000
export const GLUE_REMARK_MAX_CHARS = 500
/** One day: a longer executor timeout or retry interval is almost certainly a unit mistake. */
const MAX_SECONDS = 86_400

const seconds = z.int().min(0).max(MAX_SECONDS)

/**
 * A job definition as the editor, the OpenAPI and an import give it. Absent optional fields take the
 * editor's defaults; unknown fields are refused (a misspelt `scheduleConff` is not silently dropped).
 * Rules that need the database or the clock (the group exists, the cron fires again) are the job
 * service's.
 */
export const jobInputSchema = z
  .strictObject({
    id: id.optional(),
    jobGroup: id,
    name: requiredText(JOB_NAME_MAX_CHARS),
    author: trimmedText(100).default(''),
    alarmEmail: alarmTargetList.default(''),
    scheduleType: z.enum(SCHEDULE_TYPES),
    scheduleConf: trimmedText(200).default(''),
    timezone: requiredText(64),
    misfireStrategy: z.enum(MISFIRE_STRATEGIES),
    executorRouteStrategy: z.enum(ROUTE_STRATEGIES),
    executorHandler: trimmedText(255).default(''),
    executorParam: text(EXECUTOR_PARAM_MAX_CHARS).default(''),
    executorBlockStrategy: z.enum(BLOCK_STRATEGIES),
    executorTimeoutSec: seconds.default(0),
    executorFailRetryCount: z.int().min(0).max(MAX_RETRY_COUNT).default(0),
    retryBackoff: z.enum(RETRY_BACKOFFS),
    retryIntervalSec: seconds.default(0),
    retryMaxIntervalSec: seconds.default(0),
    alarmOnEveryFailure: z.boolean().default(false),
    glueType: z.enum(GLUE_TYPES),
    glueSource: text(GLUE_SOURCE_MAX_CHARS).default(''),
    glueRemark: trimmedText(GLUE_REMARK_MAX_CHARS).default(''),
  })
  .superRefine((job, context) => {
    if (job.glueType === 'BEAN' && job.executorHandler === '') {
      context.addIssue(codedIssue('job.handlerRequired', {}, ['executorHandler']))
    }
    if (job.retryBackoff !== 'NONE' && job.retryIntervalSec < 1) {
      context.addIssue(codedIssue('job.retryIntervalRequired', { backoff: job.retryBackoff }, ['retryIntervalSec']))
    }
    if (job.retryBackoff === 'EXPONENTIAL' && job.retryMaxIntervalSec > 0 && job.retryMaxIntervalSec < job.retryIntervalSec) {
      context.addIssue(codedIssue('job.retryCapBelowInterval', {}, ['retryMaxIntervalSec']))
    }
  }) satisfies z.ZodType<JobInput>
