import { CalendarDays, holidayKey, type BusinessCalendar, type CalendarView } from '../../../shared/calendar/business-calendar'
import { jobOriginKey } from '../../../shared/definition-origin'
import type { DefinitionChange } from '../../../shared/definition-plan'
import { fieldChange, type DefinitionFieldChange } from '../../../shared/definition-values'
import { ImportProblems } from '../import-export/import-problems'
import type { DeclaredCalendar, FileCalendar } from './calendar-documents'
import type { DefinitionState, DefinitionWrites, PruneProblem } from './plan-changes'

/** A calendar an apply writes: made, or replaced with what its file says. */
export interface CalendarWrite {
  action: 'create' | 'update'
  calendar: FileCalendar
  /** For an update, the fields that change, with their values. */
  fields: string[]
  values?: DefinitionFieldChange[]
}

export interface CalendarPlan {
  /** The changed calendars in the order they are written: a base before the calendars based on it. */
  writes: CalendarWrite[]
  unchanged: number
  /** The calendars as they will be once applied (the stored ones with the files' over them), resolved for the jobs' and flows' checks. */
  daysOf(name: string): CalendarDays | undefined
}

/** The fields of a calendar a plan compares, in the order a file writes them. */
const CALENDAR_FIELDS = ['timezone', 'workdays', 'holidays', 'makeupWorkdays', 'basedOn'] as const

/**
 * Plans the calendars of the files against the stored ones, checking what the calendar service
 * would (a zone the runtime knows, a `basedOn` that exists among the stored calendars and the
 * files' and does not lead back), each problem at its document. Apply writes calendars before the
 * jobs and flows, so a job may follow a calendar made by the same apply.
 * @throws ImportValidationError listing every problem (paths `sources[i].document.<field>`).
 */
export function planCalendars(declared: readonly DeclaredCalendar[], stored: readonly CalendarView[], isZone: (zone: string) => boolean): CalendarPlan {
  const problems = new ImportProblems()
  const at = (index: number, field: string) => `sources[${index}].document.${field}`
  const storedByName = new Map(stored.map((c) => [c.name, c]))
  const after = new Map<string, BusinessCalendar>(storedByName)
  for (const { calendar } of declared) after.set(calendar.name, calendar)

  for (const { calendar, index } of declared) {
    if (!isZone(calendar.timezone)) problems.add(at(index, 'timezone'), 'calendar.timezone', { zone: calendar.timezone })
    const base = baseProblem(calendar, after)
    if (base) problems.add(at(index, 'basedOn'), base.code, base.params)
  }
  problems.throwIfAny()

  const days = new Map<string, CalendarDays>()
  for (const calendar of after.values()) {
    // Every file's chain was checked above; a stored one a hand-edited store broke is left out, as the scan leaves it out.
    try {
      days.set(
        calendar.name,
        CalendarDays.resolve(calendar, (name) => after.get(name)),
      )
    } catch {
      continue
    }
  }

  const writes: CalendarWrite[] = []
  let unchanged = 0
  for (const calendar of baseFirst(declared.map((d) => d.calendar))) {
    const current = storedByName.get(calendar.name)
    if (current === undefined) {
      writes.push({ action: 'create', calendar, fields: [] })
      continue
    }
    const fields = CALENDAR_FIELDS.filter((field) => comparable(current, field) !== comparable(calendar, field))
    const values = fields.flatMap((field) => fieldChange(field, comparable(current, field), comparable(calendar, field)))
    if (fields.length === 0) unchanged++
    else writes.push({ action: 'update', calendar, fields, values })
  }
  return { writes, unchanged, daysOf: (name) => days.get(name) }
}

/** The plan's lines for the calendars' writes, as the other kinds' (shared/definition-plan.ts). */
export function calendarChanges(plan: CalendarPlan, fileOf: (name: string) => string): { creates: DefinitionChange[]; updates: DefinitionChange[] } {
  const line = (write: CalendarWrite): DefinitionChange => ({
    action: write.action,
    kind: 'Calendar',
    key: write.calendar.name,
    file: fileOf(write.calendar.name),
    fields: write.fields,
    ...(write.values ? { values: write.values } : {}),
  })
  return { creates: plan.writes.filter((w) => w.action === 'create').map(line), updates: plan.writes.filter((w) => w.action === 'update').map(line) }
}

/** The calendars `--prune` deletes (derived ones first), and why some cannot go. */
export interface CalendarPrune {
  toDelete: CalendarView[]
  problems: PruneProblem[]
}

/**
 * The calendars an earlier apply wrote that the files no longer name (calendars are the server's,
 * like groups: `--prune-all` deletes no calendar the console made). One that a job, a flow or a
 * calendar still follows after the apply is not deleted: its problem says which, and the calendar
 * service would refuse the removal all the same.
 */
export function pruneCalendars(state: DefinitionState, writes: DefinitionWrites, plan: CalendarPlan, declared: ReadonlySet<string>): CalendarPrune {
  const fromFiles = new Set(state.origins.filter((o) => o.kind === 'Calendar').map((o) => o.key))
  const stale = state.calendars.filter((c) => fromFiles.has(c.name) && !declared.has(c.name))
  const staleNames = new Set(stale.map((c) => c.name))
  const groupById = new Map(state.groups.map((g) => [g.id, g.appName]))
  const deletedJobs = new Set(writes.jobsToDelete.map((j) => j.id))
  const updatedJobs = new Map(writes.plan.jobsToUpdate.map((u) => [u.id, u.fields.calendar]))
  const jobs = [
    ...state.jobs
      .filter((job) => !deletedJobs.has(job.id))
      .map((job) => ({
        key: jobOriginKey(groupById.get(job.jobGroup) ?? '', job.name),
        calendar: updatedJobs.has(job.id) ? updatedJobs.get(job.id)! : job.calendar,
      })),
    ...writes.plan.jobsToCreate.map((job) => ({ key: job.key, calendar: job.fields.calendar })),
  ]
  const deletedFlows = new Set(writes.flowsToDelete.map((f) => f.id))
  const updatedFlows = new Map(writes.plan.flowsToUpdate.map((u) => [u.id, u.settings.calendar]))
  const flows = [
    ...state.flows
      .filter((flow) => !deletedFlows.has(flow.id))
      .map((flow) => ({ name: flow.name, calendar: updatedFlows.has(flow.id) ? updatedFlows.get(flow.id)! : flow.calendar })),
    ...writes.plan.flowsToCreate.map((flow) => ({ name: flow.settings.name, calendar: flow.settings.calendar })),
  ]
  const written = new Map(plan.writes.map((w) => [w.calendar.name, w.calendar]))
  const calendars = state.calendars.filter((c) => !staleNames.has(c.name)).map((c) => written.get(c.name) ?? c)
  calendars.push(...plan.writes.filter((w) => w.action === 'create').map((w) => w.calendar))

  const problems: PruneProblem[] = []
  for (const calendar of stale) {
    const reason = calendarInUse(calendar.name, { jobs, flows, calendars })
    if (reason) problems.push({ kind: 'Calendar', key: calendar.name, reason })
  }
  return { toDelete: baseFirst(stale).reverse(), problems }
}

/** What after the apply still follows a calendar: the jobs' keys, the flows' names, the calendars based on it. */
interface CalendarUsers {
  jobs: readonly { key: string; calendar: string | null }[]
  flows: readonly { name: string; calendar: string | null }[]
  calendars: readonly BusinessCalendar[]
}

/** Why a calendar cannot go: the first job, flow or calendar that still uses it; null when nothing does. */
function calendarInUse(name: string, users: CalendarUsers): string | null {
  const job = users.jobs.find((j) => j.calendar === name)
  if (job) return `job '${job.key}' follows it`
  const flow = users.flows.find((f) => f.calendar === name)
  if (flow) return `flow '${flow.name}' follows it`
  const based = users.calendars.find((c) => c.basedOn === name)
  if (based) return `calendar '${based.name}' is based on it`
  return null
}

/** A missing base, or a chain that comes back to the calendar, over the calendars as they will be. */
function baseProblem(
  calendar: BusinessCalendar,
  after: ReadonlyMap<string, BusinessCalendar>,
): { code: 'calendar.basedOnMissing' | 'calendar.basedOnCircle'; params: Record<string, string> } | null {
  if (!calendar.basedOn) return null
  if (!after.has(calendar.basedOn)) return { code: 'calendar.basedOnMissing', params: { name: calendar.name, basedOn: calendar.basedOn } }
  const path = [calendar.name]
  const seen = new Set<string>()
  for (let base = after.get(calendar.basedOn); base !== undefined && !seen.has(base.name); base = base.basedOn ? after.get(base.basedOn) : undefined) {
    seen.add(base.name)
    path.push(base.name)
    if (base.name === calendar.name) return { code: 'calendar.basedOnCircle', params: { name: calendar.name, path: path.join(' → ') } }
  }
  return null
}

/** The calendars ordered so that each comes after the one of them it is based on (their chains hold no circle). */
function baseFirst<T extends BusinessCalendar>(calendars: readonly T[]): T[] {
  const byName = new Map(calendars.map((c) => [c.name, c]))
  const ordered: T[] = []
  const placed = new Set<string>()
  const place = (calendar: T, depth: number) => {
    if (placed.has(calendar.name) || depth > calendars.length) return
    const base = calendar.basedOn ? byName.get(calendar.basedOn) : undefined
    if (base) place(base, depth + 1)
    placed.add(calendar.name)
    ordered.push(calendar)
  }
  for (const calendar of calendars) place(calendar, 0)
  return ordered
}

/** A field's value as text, so a stored calendar and a file's compare by what they say. */
function comparable(calendar: BusinessCalendar, field: (typeof CALENDAR_FIELDS)[number]): string {
  if (field === 'holidays') return calendar.holidays.map(holidayKey).join('\n')
  if (field === 'workdays') return [...calendar.workdays].sort((a, b) => a - b).join(',')
  if (field === 'makeupWorkdays') return calendar.makeupWorkdays.join(',')
  if (field === 'basedOn') return calendar.basedOn ?? ''
  return calendar.timezone
}
