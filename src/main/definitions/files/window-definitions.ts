import type { WindowView } from '../../../shared/calendar/maintenance-window'
import { jobOriginKey, type DefinitionOrigin } from '../../../shared/definition-origin'
import type { DefinitionChange, PruneMode } from '../../../shared/definition-plan'
import { fieldChange, type DefinitionFieldChange } from '../../../shared/definition-values'
import { ValidationError, type ErrorProblem } from '../../../shared/errors'
import type { Flow } from '../../../shared/flow-types'
import type { JobGroup, JobInfo } from '../../../shared/model'
import { inputProblems } from '../../../shared/schema/parse-input'
import { windowInputSchema, windowOfInput, type WindowInput } from '../../../shared/schema/window'
import type { WindowDocument } from '../../../shared/schema/window-document'
import { checkWindowTiming } from '../../calendars/window-service'
import type { Repos } from '../../store/store'
import { ImportProblems } from '../import-export/import-problems'
import { objectId, type ConvertedDefinitions } from './to-export-document'

/** The server's objects a window's names are resolved against, as the apply's transaction read them. */
export interface WindowPlanState {
  groups: readonly JobGroup[]
  jobs: readonly JobInfo[]
  flows: readonly Flow[]
  windows: readonly WindowView[]
  origins: readonly DefinitionOrigin[]
}

/** The names an apply leaves on the server: those there now, less what it prunes, plus what the files declare. */
export interface NamesAfter {
  group(appName: string): boolean
  job(key: string): boolean
  flow(name: string): boolean
}

/** One window of the files, checked: what it says, by name. */
interface FileWindow {
  input: WindowInput
  names: ScopeNames
}

interface ScopeNames {
  groups: string[]
  jobs: string[]
  flows: string[]
}

export interface PlannedWindows {
  creates: DefinitionChange[]
  updates: DefinitionChange[]
  deletes: DefinitionChange[]
  unchanged: number
  problems: ErrorProblem[]
  /** Writes the plan; after the groups, jobs and flows, whose ids the names then resolve to. */
  write(tx: Pick<Repos, 'windows' | 'groups' | 'jobs' | 'flows'>, nowMs: number): Promise<void>
}

/** Who a window written by an apply was last changed by (the audit row of the apply names the person). */
const APPLIED_BY = 'jobdesk apply'
/** Where a window's input fields are in its file document. */
const FIELD_PATHS: Record<string, string> = { groupIds: 'groups', jobIds: 'jobs', flowIds: 'flows' }

/**
 * `kind: Window` documents against the server's windows, by name: each is checked by the rules of
 * `addWindow` (its timing, zone and cron) with its problems at their place in the request, its
 * scope's names must name something the apply leaves, and it is a create, an update (listing the
 * fields that change) or unchanged. With `prune`, a window an earlier apply wrote that the files no
 * longer name is deleted; the console's windows are the server's, never pruned.
 */
export function planWindows(
  converted: Pick<ConvertedDefinitions, 'windows' | 'declared'>,
  state: WindowPlanState,
  namesAfter: NamesAfter,
  options: { prune: PruneMode; defaultTimezone: string; nowMs: number },
): PlannedWindows {
  const problems = new ImportProblems()
  const scopeNamesOf = serverScopeNames(state)
  const byName = new Map(state.windows.map((w) => [w.name, w]))
  const planned: { file: string; window: FileWindow; existing: WindowView | undefined }[] = []
  const result: Omit<PlannedWindows, 'write' | 'problems'> = { creates: [], updates: [], deletes: [], unchanged: 0 }

  for (const { index, file, doc } of converted.windows) {
    const at = (field = '') => `sources[${index}].document${field === '' ? '' : `.${field}`}`
    const window = checkedWindow(doc, options, namesAfter, at, problems)
    if (window === null) continue
    const existing = byName.get(window.input.name)
    planned.push({ file, window, existing })
    const change = { kind: 'Window' as const, key: window.input.name, file }
    if (existing === undefined) result.creates.push({ ...change, action: 'create', fields: [] })
    else {
      const values = changedFields(existing, scopeNamesOf(existing), window)
      if (values.length > 0) result.updates.push({ ...change, action: 'update', fields: values.map((v) => v.field), values })
      else result.unchanged++
    }
  }

  const fromFiles = new Set(state.origins.filter((o) => o.kind === 'Window').map((o) => o.key))
  const pruned = options.prune === 'none' ? [] : state.windows.filter((w) => fromFiles.has(w.name) && !converted.declared.has(objectId('Window', w.name)))
  result.deletes = pruned.map((w) => ({ action: 'delete', kind: 'Window', key: w.name, file: '', fields: [] }))
  const changed = new Set([...result.creates, ...result.updates].map((c) => c.key))

  return {
    ...result,
    problems: problems.list,
    async write(tx, nowMs) {
      for (const window of pruned) await tx.windows.delete(window.id)
      const toWrite = planned.filter((p) => changed.has(p.window.input.name))
      if (toWrite.length === 0) return
      const ids = await scopeIds(tx)
      for (const { window, existing } of toWrite) {
        const input: WindowInput = {
          ...window.input,
          groupIds: window.names.groups.map((name) => ids.group.get(name)!),
          jobIds: window.names.jobs.map((key) => ids.job.get(key)!),
          flowIds: window.names.flows.map((name) => ids.flow.get(name)!),
        }
        const stored = { ...windowOfInput(input, existing?.id ?? 0), updatedAtMs: nowMs, updatedBy: APPLIED_BY }
        if (existing === undefined) await tx.windows.insert(stored)
        else await tx.windows.update(stored)
      }
    },
  }
}

/** A window document as `addWindow` would take it, with its names; null when it has problems (reported). */
function checkedWindow(
  doc: WindowDocument,
  options: { defaultTimezone: string; nowMs: number },
  namesAfter: NamesAfter,
  at: (field?: string) => string,
  problems: ImportProblems,
): FileWindow | null {
  const before = problems.list.length
  const request = {
    name: doc.name,
    timezone: doc.timezone ?? options.defaultTimezone,
    ...pick(doc, ['start', 'end', 'cron', 'durationSec', 'killRunning', 'enabled']),
  }
  const parsed = inputProblems(windowInputSchema, request, '')
  if (!parsed.ok) {
    for (const problem of parsed.problems) problems.addReported(at(FIELD_PATHS[problem.field] ?? problem.field), problem)
    return null
  }
  try {
    checkWindowTiming(parsed.value, options.nowMs)
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    problems.addReported(at(error.field), error)
  }
  const names = { groups: doc.groups ?? [], jobs: doc.jobs ?? [], flows: doc.flows ?? [] }
  names.groups.forEach((name, i) => {
    if (!namesAfter.group(name)) problems.add(at(`groups[${i}]`), 'definitions.windowGroupUnknown', { name })
  })
  names.jobs.forEach((key, i) => {
    const slash = key.indexOf('/')
    if (!namesAfter.job(key)) problems.add(at(`jobs[${i}]`), 'definitions.windowJobUnknown', { group: key.slice(0, slash), name: key.slice(slash + 1) })
  })
  names.flows.forEach((name, i) => {
    if (!namesAfter.flow(name)) problems.add(at(`flows[${i}]`), 'definitions.windowFlowUnknown', { name })
  })
  return problems.list.length > before ? null : { input: parsed.value, names }
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {}
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key]
  return picked
}

/** A stored window's scope by name (an id that names nothing any more is left out: it holds nothing). */
function serverScopeNames(state: WindowPlanState): (window: WindowView) => ScopeNames {
  const groupName = new Map(state.groups.map((g) => [g.id, g.appName]))
  const jobKey = new Map(state.jobs.map((j) => [j.id, jobOriginKey(groupName.get(j.jobGroup) ?? '', j.name)]))
  const flowName = new Map(state.flows.map((f) => [f.id, f.name]))
  const named = (ids: readonly number[], names: Map<number, string>) => ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : []))
  return ({ scope }) =>
    scope.all
      ? { groups: [], jobs: [], flows: [] }
      : { groups: named(scope.groupIds, groupName), jobs: named(scope.jobIds, jobKey), flows: named(scope.flowIds, flowName) }
}

/** What differs between a stored window and the file's, by the file's names, with the values (instants in UTC, as files write them). */
function changedFields(existing: WindowView, existingNames: ScopeNames, window: FileWindow): DefinitionFieldChange[] {
  const { input, names } = window
  const { timing } = existing
  const fields: DefinitionFieldChange[] = []
  const differs = (field: string, a: unknown, b: unknown) => a !== b && fields.push(...fieldChange(field, a, b))
  const instant = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())
  differs('timezone', existing.timezone, input.timezone)
  differs('start', instant(timing.kind === 'once' ? timing.startMs : undefined), instant(input.start))
  differs('end', instant(timing.kind === 'once' ? timing.endMs : undefined), instant(input.end))
  differs('cron', timing.kind === 'recurring' ? timing.cron : undefined, input.cron)
  differs('durationSec', timing.kind === 'recurring' ? timing.durationSec : undefined, input.durationSec)
  const sorted = (list: readonly string[]) => [...list].sort()
  const set = (list: readonly string[]) => JSON.stringify(sorted(list))
  for (const key of ['groups', 'jobs', 'flows'] as const) {
    if (set(existingNames[key]) !== set(names[key])) fields.push(...fieldChange(key, sorted(existingNames[key]), sorted(names[key])))
  }
  differs('killRunning', existing.killRunning, input.killRunning)
  differs('enabled', existing.enabled, input.enabled)
  return fields
}

/** The ids of the groups, jobs and flows by the names files use, as the transaction now has them. */
async function scopeIds(tx: Pick<Repos, 'groups' | 'jobs' | 'flows'>) {
  const groups = await tx.groups.list()
  const appName = new Map(groups.map((g) => [g.id, g.appName]))
  return {
    group: new Map(groups.map((g) => [g.appName, g.id])),
    job: new Map((await tx.jobs.list()).map((j) => [jobOriginKey(appName.get(j.jobGroup) ?? '', j.name), j.id])),
    flow: new Map((await tx.flows.all()).map((f) => [f.name, f.id])),
  }
}

/**
 * The server's windows as `kind: Window` documents, by name, the inverse of {@link planWindows}:
 * defaults are left out and instants are written in UTC, so applying the export back changes nothing.
 */
export function windowDocuments(state: Omit<WindowPlanState, 'origins'>): WindowDocument[] {
  const scopeNamesOf = serverScopeNames({ ...state, origins: [] })
  return [...state.windows]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((window) => {
      const { timing } = window
      const names = scopeNamesOf(window)
      const listed = (key: keyof ScopeNames) => (names[key].length > 0 ? { [key]: names[key] } : {})
      return {
        kind: 'Window',
        name: window.name,
        timezone: window.timezone,
        ...(timing.kind === 'once'
          ? { start: new Date(timing.startMs).toISOString(), end: new Date(timing.endMs).toISOString() }
          : { cron: timing.cron, durationSec: timing.durationSec }),
        ...listed('groups'),
        ...listed('jobs'),
        ...listed('flows'),
        ...(window.killRunning ? { killRunning: true } : {}),
        ...(window.enabled ? {} : { enabled: false }),
      }
    })
}
