import { NO_DEADLINES } from '../../shared/deadline-terms'
import { BLOCK_STRATEGIES, GLUE_TYPES, MISFIRE_STRATEGIES, ROUTE_STRATEGIES } from '../../shared/model'

/** XXL-JOB's schedule types: BUSINESS_DAY is JobDesk's own, so a row naming it is not XXL-JOB's. */
const XXL_SCHEDULE_TYPES = ['NONE', 'CRON', 'FIX_RATE'] as const
import type { XxlNote } from '../../shared/xxl-import'
import type { ExportedJob } from '../definitions/import-export'
import { xxlNote } from './xxl-notes'
import type { XxlJobRow } from './xxl-rows'

/** One XXL-JOB job as a JobDesk import document's job, or why it cannot be one. */
export type MappedJobFields = { ok: true; job: ExportedJob; notes: XxlNote[] } | { ok: false; refusal: XxlNote }

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value)

/**
 * Maps the columns of `xxl_job_info` to a document job. Enum names travel as they are (both use
 * XXL-JOB's constant names); a name JobDesk does not know refuses the job. What XXL-JOB itself
 * defaults is defaulted the same way: no misfire column (before 2.3) is DO_NOTHING, an empty block
 * strategy is SERIAL_EXECUTION. JobDesk's own additions (retry backoff, alarm on every failure)
 * keep XXL-JOB's behaviour: no backoff, alarm once the retries are used up. The rules JobDesk
 * checks on every job (cron syntax, ranges, lengths, e-mails) are the import plan's, not this.
 */
export function mapJobFields(row: XxlJobRow, appName: string, name: string, timezone: string): MappedJobFields {
  const refuse = (refusal: XxlNote): MappedJobFields => ({ ok: false, refusal })
  if (!isOneOf(XXL_SCHEDULE_TYPES, row.scheduleType)) return refuse(xxlNote('unknownScheduleType', { value: row.scheduleType }))
  const misfire = row.misfireStrategy === null || row.misfireStrategy === '' ? 'DO_NOTHING' : row.misfireStrategy
  if (!isOneOf(MISFIRE_STRATEGIES, misfire)) return refuse(xxlNote('unknownMisfire', { value: misfire }))
  if (row.routeStrategy === '') return refuse(xxlNote('noRoute'))
  if (!isOneOf(ROUTE_STRATEGIES, row.routeStrategy)) return refuse(xxlNote('unknownRoute', { value: row.routeStrategy }))
  // XXL-JOB's executor runs an unnamed block strategy serially.
  const block = row.blockStrategy === '' ? 'SERIAL_EXECUTION' : row.blockStrategy
  if (!isOneOf(BLOCK_STRATEGIES, block)) return refuse(xxlNote('unknownBlock', { value: block }))
  if (!isOneOf(GLUE_TYPES, row.glueType)) return refuse(xxlNote('unknownGlueType', { value: row.glueType }))

  const notes: XxlNote[] = []
  let enabled = row.triggerStatus === 1
  if (enabled && row.scheduleType === 'NONE') {
    enabled = false
    notes.push(xxlNote('noneStopped'))
  }
  const job: ExportedJob = {
    key: String(row.id),
    appName,
    enabled,
    name,
    author: row.author,
    alarmEmail: row.alarmEmail,
    scheduleType: row.scheduleType,
    scheduleConf: row.scheduleConf,
    timezone,
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: misfire,
    executorRouteStrategy: row.routeStrategy,
    executorHandler: row.handler,
    executorParam: row.param,
    executorBlockStrategy: block,
    executorTimeoutSec: row.timeoutSec,
    executorFailRetryCount: row.failRetryCount,
    retryBackoff: 'NONE',
    retryIntervalSec: 0,
    retryMaxIntervalSec: 0,
    alarmOnEveryFailure: false,
    alarmAfterFailures: null,
    alarmQuietSec: null,
    glueType: row.glueType,
    glueSource: row.glueSource,
    glueRemark: row.glueRemark,
    // XXL-JOB has no deadlines.
    ...NO_DEADLINES,
  }
  return { ok: true, job, notes }
}

/** `child_jobid` as XXL-JOB stores it ("3,4"), each entry read as an id or kept as the text it is. */
export function childIdsOf(childJobIds: string): (number | string)[] {
  const seen = new Set<string>()
  const ids: (number | string)[] = []
  for (const part of childJobIds.split(',')) {
    const entry = part.trim()
    if (entry === '' || seen.has(entry)) continue
    seen.add(entry)
    ids.push(/^\d{1,9}$/.test(entry) ? Number(entry) : entry)
  }
  return ids
}
