import { splitAlarmTargets } from '../../shared/alarm-targets'
import { invalidField } from '../../shared/messages/coded-errors'
import type { JobInput } from '../../shared/model'
import { jobInputSchema } from '../../shared/schema/job'
import { parseInput } from '../../shared/schema/parse-input'
import type { CalendarDays } from '../../shared/calendar/business-calendar'
import { validateSchedule } from '../schedule'

export interface JobValidationContext {
  groupExists: (id: number) => boolean
  /** Reference time for "the schedule has a future fire time". */
  nowMs: number
  /** Whether an IM channel of this name is configured; absent (an import): any well-formed `#name` passes, and an alarm to a missing one fails with that reason. */
  imChannelExists?: (name: string) => boolean
  /** The calendars a job may name, resolved (calendars/schedule-book.ts). */
  calendarDays: (name: string) => CalendarDays | undefined
}

/**
 * Checks every field of a job before anything is written (the shared schema, then the rules that
 * need the database or the clock); the first problem throws a ValidationError naming the field and
 * the rule. Returns the input with text fields trimmed and absent ones defaulted.
 */
export function validateJobInput(raw: unknown, context: JobValidationContext): JobInput {
  const job = parseInput(jobInputSchema, raw, 'job')
  if (!context.groupExists(job.jobGroup)) {
    throw invalidField('jobGroup', 'job.groupMissing', { id: job.jobGroup })
  }
  const { imChannelExists } = context
  const missing = imChannelExists ? splitAlarmTargets(job.alarmEmail).imChannels.find((name) => !imChannelExists(name)) : undefined
  if (missing !== undefined) throw invalidField('alarmEmail', 'alarm.imChannelMissing', { name: missing })
  const days = job.calendar === null ? undefined : context.calendarDays(job.calendar)
  if (job.calendar !== null && days === undefined) throw invalidField('calendar', 'calendar.notFound', { name: job.calendar })
  const calendarTerms = days && { days, rule: job.calendarRule, roll: job.calendarRoll }
  validateSchedule({ scheduleType: job.scheduleType, scheduleConf: job.scheduleConf, timezone: job.timezone, calendarTerms }, context.nowMs)
  return job
}

/**
 * Java executors (xxl-job-core) compile GLUE_GROOVY; JobDesk's own executors cannot. `runsOnlyOnJobDesk`
 * says whether every executor of the job's group is JobDesk's own; a group whose executors are not
 * known yet (none registered, or some that do not say) is given the benefit.
 */
export function refuseGroovyOnJobDesk(job: JobInput, runsOnlyOnJobDesk: boolean): void {
  if (job.glueType !== 'GLUE_GROOVY' || !runsOnlyOnJobDesk) return
  throw invalidField('glueType', 'job.groovyUnsupported')
}
