import type { WindowView } from '../../shared/calendar/maintenance-window'
import { ValidationError } from '../../shared/errors'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { parseInput } from '../../shared/schema/parse-input'
import { windowInputSchema, windowOfInput, windowUpdateSchema, type WindowInput } from '../../shared/schema/window'
import { cronNextFireMs } from '../schedule/cron'
import { isIanaTimeZone } from '../schedule/timezone'
import type { Repos } from '../store/store'

export interface WindowServiceDeps {
  repos: Pick<Repos, 'windows' | 'groups' | 'jobs' | 'flows'>
  nowMs: () => number
  /** A window was added, changed or removed here (the consoles of this node re-read theirs). */
  changed?: () => void
}

/**
 * Maintenance windows: their rules beyond the schema (src/shared/schema/window.ts) — a zone the
 * runtime knows, a cron that parses as Quartz and opens the window again, ids that name groups,
 * jobs and flows that exist, a name no other window has. The scheduler reads them from the store;
 * who may write them is the API's rule (auth/window-rules.ts): admins write, everyone reads.
 */
export class WindowService {
  constructor(private readonly deps: WindowServiceDeps) {}

  list(): Promise<WindowView[]> {
    return this.deps.repos.windows.all()
  }

  async get(id: number): Promise<WindowView> {
    const window = await this.deps.repos.windows.get(id)
    if (window === undefined) throw notFound('window.notFound', { id })
    return window
  }

  async add(raw: unknown, by: string): Promise<WindowView> {
    const input = parseInput(windowInputSchema, raw, 'window')
    const { windows } = this.deps.repos
    await this.check(input, 0)
    const window = { ...windowOfInput(input, 0), updatedAtMs: this.deps.nowMs(), updatedBy: by }
    const id = await windows.insert(window)
    // The name was free a moment ago: another writer took it in between.
    if (id === null) throw conflict('window.exists', { name: input.name })
    this.deps.changed?.()
    return { ...window, id }
  }

  async update(raw: unknown, by: string): Promise<WindowView> {
    const { id, ...input } = parseInput(windowUpdateSchema, raw, 'window')
    await this.get(id)
    await this.check(input, id)
    const window = { ...windowOfInput(input, id), updatedAtMs: this.deps.nowMs(), updatedBy: by }
    if (!(await this.deps.repos.windows.update(window))) throw notFound('window.notFound', { id })
    this.deps.changed?.()
    return window
  }

  async remove(id: number): Promise<void> {
    if (!(await this.deps.repos.windows.delete(id))) throw notFound('window.notFound', { id })
    this.deps.changed?.()
  }

  /** @throws ValidationError on the first rule the input breaks; ConflictError for a name another window has. */
  private async check(input: WindowInput, id: number): Promise<void> {
    checkWindowTiming(input, this.deps.nowMs())
    await this.checkScope(input)
    const named = await this.deps.repos.windows.getByName(input.name)
    if (named !== undefined && named.id !== id) throw conflict('window.exists', { name: input.name })
  }

  /** Every id of the scope names something that exists; the missing ones are named. */
  private async checkScope(input: WindowInput): Promise<void> {
    const { groups, jobs, flows } = this.deps.repos
    if (input.groupIds.length > 0) {
      const known = new Set((await groups.list()).map((g) => g.id))
      const missing = input.groupIds.filter((groupId) => !known.has(groupId))
      if (missing.length > 0) throw invalidField('groupIds', 'window.groupsMissing', { ids: listed(missing) })
    }
    if (input.jobIds.length > 0) {
      const known = await jobs.existing(input.jobIds)
      const missing = input.jobIds.filter((jobId) => !known.has(jobId))
      if (missing.length > 0) throw invalidField('jobIds', 'window.jobsMissing', { ids: listed(missing) })
    }
    if (input.flowIds.length > 0) {
      const known = new Set((await flows.all()).map((f) => f.id))
      const missing = input.flowIds.filter((flowId) => !known.has(flowId))
      if (missing.length > 0) throw invalidField('flowIds', 'window.flowsMissing', { ids: listed(missing) })
    }
  }
}

/** At most this many missing ids are named in a refusal; the rest are counted. */
const MISSING_NAMED = 20

function listed(ids: readonly number[]): string {
  const named = ids.slice(0, MISSING_NAMED).join(', ')
  return ids.length > MISSING_NAMED ? `${named} and ${ids.length - MISSING_NAMED} more` : named
}

/**
 * A window's zone is an IANA zone and its cron (a recurring one's) parses as Quartz and opens the
 * window at least once after `nowMs`: the rules a `kind: Window` file is checked by too.
 * @throws ValidationError on `timezone` or `cron`.
 */
export function checkWindowTiming(input: Pick<WindowInput, 'timezone' | 'cron'>, nowMs: number): void {
  if (!isIanaTimeZone(input.timezone)) throw invalidField('timezone', 'window.timezone', { zone: input.timezone })
  if (input.cron === undefined) return
  let next: number | null
  try {
    next = cronNextFireMs(input.cron, input.timezone, nowMs)
  } catch (error) {
    // The cron's own words (which field, which rule), told at the window's field.
    if (error instanceof ValidationError) throw new ValidationError('cron', error.message, { code: error.code, params: error.params })
    throw error
  }
  if (next === null) throw invalidField('cron', 'window.cronNoFire', { expression: input.cron, from: new Date(nowMs).toISOString() })
}
