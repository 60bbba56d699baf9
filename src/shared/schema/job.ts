import { ENV_MAX_ENTRIES, ENV_NAME_PATTERN, ENV_SECRET_PATTERN } from '../secret-names'
import { deadlineFields } from './deadlines'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../calendar/calendar-rules'
import { calendarName } from './calendar'
import { maxConcurrent, poolNeeds, priority } from './capacity'
import { BLOCK_STRATEGIES, GLUE_TYPES, MISFIRE_STRATEGIES, RETRY_BACKOFFS, ROUTE_STRATEGIES, SCHEDULE_TYPES, type JobInput } from '../model'
import { alarmTargetList, id, requiredText, text, trimmedText } from './primitives'
import { z } from './z'
import { alarmPolicyFields } from './alarm-policy'
import { codedIssue } from '../messages/coded-errors'
import { addParamsIssues, paramsFields } from './job-params'

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
/** A job's env: variable names, each naming a secret (`secrets.NAME`), never a value. */
export const jobEnv = z
  .record(
    z.string().regex(ENV_NAME_PATTERN, 'a variable name: letters, digits and _, not starting with a digit'),
    z.string().regex(ENV_SECRET_PATTERN, 'secrets.NAME: a reference to a secret, never its value'),
  )
  .refine((env) => Object.keys(env).length <= ENV_MAX_ENTRIES, { message: `at most ${ENV_MAX_ENTRIES} variables` })

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
    calendar: calendarName.nullable().default(null),
    calendarRule: z.enum(CALENDAR_RULES).default('BUSINESS_DAYS'),
    calendarRoll: z.enum(CALENDAR_ROLLS).default('SKIP'),
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
    ...alarmPolicyFields,
    glueType: z.enum(GLUE_TYPES),
    glueSource: text(GLUE_SOURCE_MAX_CHARS).default(''),
    glueRemark: trimmedText(GLUE_REMARK_MAX_CHARS).default(''),
    ...deadlineFields,
    pools: poolNeeds.optional(),
    priority: priority.optional(),
    maxConcurrent: maxConcurrent.optional(),
    ...paramsFields,
    env: jobEnv.optional(),
  })
  .superRefine((job, context) => {
    for (const problem of calendarTermsProblems(job)) context.addIssue(codedIssue(problem.code, {}, [problem.field]))
    if (job.glueType === 'BEAN' && job.executorHandler === '') {
      context.addIssue(codedIssue('job.handlerRequired', {}, ['executorHandler']))
    }
    if (job.retryBackoff !== 'NONE' && job.retryIntervalSec < 1) {
      context.addIssue(codedIssue('job.retryIntervalRequired', { backoff: job.retryBackoff }, ['retryIntervalSec']))
    }
    if (job.retryBackoff === 'EXPONENTIAL' && job.retryMaxIntervalSec > 0 && job.retryMaxIntervalSec < job.retryIntervalSec) {
      context.addIssue(codedIssue('job.retryCapBelowInterval', {}, ['retryMaxIntervalSec']))
    }
    addParamsIssues(job, job.scheduleType !== 'NONE', context)
  }) satisfies z.ZodType<JobInput>

/**
 * What a schedule's calendar terms must agree on, for jobs and flows alike: a rule or a move needs a
 * calendar to apply, and a BUSINESS_DAY schedule already fires on business days only, so it takes
 * neither another rule nor a move.
 */
export function calendarTermsProblems(schedule: {
  scheduleType: string
  calendar: string | null
  calendarRule: string
  calendarRoll: string
}): { field: 'calendarRule' | 'calendarRoll'; code: 'calendar.rollWithoutCalendar' | 'calendar.businessDayRule' | 'calendar.businessDayRoll' }[] {
  const problems: ReturnType<typeof calendarTermsProblems> = []
  if (schedule.scheduleType === 'BUSINESS_DAY') {
    if (schedule.calendarRule !== 'BUSINESS_DAYS') problems.push({ field: 'calendarRule', code: 'calendar.businessDayRule' })
    if (schedule.calendarRoll !== 'SKIP') problems.push({ field: 'calendarRoll', code: 'calendar.businessDayRoll' })
  } else if (schedule.calendar === null && schedule.calendarRoll !== 'SKIP') problems.push({ field: 'calendarRoll', code: 'calendar.rollWithoutCalendar' })
  return problems
}
