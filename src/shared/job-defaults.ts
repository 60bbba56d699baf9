import { DEADLINE_FIELDS, NO_DEADLINES } from './deadline-terms'
import type { JobInfo, JobInput } from './model'

/** Every field of a job definition except its id and group, in the order exports and forms use. */
export const JOB_DEFINITION_FIELDS = [
  'name',
  'author',
  'alarmEmail',
  'scheduleType',
  'scheduleConf',
  'timezone',
  'calendar',
  'calendarRule',
  'calendarRoll',
  'misfireStrategy',
  'executorRouteStrategy',
  'executorHandler',
  'executorParam',
  'executorBlockStrategy',
  'executorTimeoutSec',
  'executorFailRetryCount',
  'retryBackoff',
  'retryIntervalSec',
  'retryMaxIntervalSec',
  'alarmOnEveryFailure',
  'alarmAfterFailures',
  'alarmQuietSec',
  'glueType',
  'glueSource',
  'glueRemark',
  ...DEADLINE_FIELDS,
  // Capacity (docs/capacity.md): optional, absent when the job has no pools and no limit.
  'pools',
  'priority',
  'maxConcurrent',
  // Typed parameters (docs/parameters.md): absent when the job keeps free-text executorParam.
  'params',
  'paramFormat',
  'paramTemplate',
  // A GLUE script's environment, secrets by reference (docs/secrets.md): optional, absent when none.
  'env',
] as const satisfies readonly (keyof JobInput)[]

/** The editable fields of a job: its group and its definition. */
export const JOB_INPUT_FIELDS = ['jobGroup', ...JOB_DEFINITION_FIELDS] as const

// Fails to compile when JobInput gains a field these lists do not name.
type UnlistedJobField = Exclude<keyof JobInput, (typeof JOB_INPUT_FIELDS)[number] | 'id'>
const allJobFieldsListed: [UnlistedJobField] extends [never] ? true : never = true
void allJobFieldsListed

/**
 * A job as JobDesk assumes it when a field is not given: run by hand only (NONE), on the first
 * address, serially, no timeout, no retries, a BEAN handler to be named.
 */
export function defaultJobInput(jobGroup: number, timezone: string, overrides: Partial<JobInput> = {}): JobInput {
  return {
    jobGroup,
    name: '',
    author: '',
    alarmEmail: '',
    ...defaultSchedule(timezone),
    executorRouteStrategy: 'FIRST',
    executorHandler: '',
    executorParam: '',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeoutSec: 0,
    executorFailRetryCount: 0,
    retryBackoff: 'NONE',
    retryIntervalSec: 0,
    retryMaxIntervalSec: 0,
    alarmOnEveryFailure: false,
    alarmAfterFailures: null,
    alarmQuietSec: null,
    glueType: 'BEAN',
    glueSource: '',
    glueRemark: '',
    ...NO_DEADLINES,
    ...overrides,
  }
}

/** A schedule where none is given, a job's and a flow's alike: by hand only, no calendar, a missed fire left out. */
export function defaultSchedule(
  timezone: string,
): Pick<JobInput, 'scheduleType' | 'scheduleConf' | 'timezone' | 'calendar' | 'calendarRule' | 'calendarRoll' | 'misfireStrategy'> {
  return {
    scheduleType: 'NONE',
    scheduleConf: '',
    timezone,
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: 'DO_NOTHING',
  }
}

/** The editable fields of a stored job (with its id), leaving out what the store keeps. */
export function jobInputOf(job: JobInfo): JobInput & { id: number } {
  const input: Record<string, unknown> = { id: job.id }
  for (const field of JOB_INPUT_FIELDS) input[field] = job[field]
  return input as JobInput & { id: number }
}
