import type { ApplyDefinitionsRequest, DefinitionChange, DefinitionPlan } from '../../../shared/definition-plan'
import { ValidationError, type ErrorProblem } from '../../../shared/errors'
import { englishMessage } from '../../../shared/messages'
import type { DefinitionDocument } from '../../../shared/schema/definition-files'
import type { RepoAccess } from '../../store/store'
import { ImportValidationError, planImport } from '../import-export'
import type { ImportService } from '../import-service'
import type { JobService } from '../job-service'
import { definitionsOf } from './definitions-of'
import { planChanges, type DefinitionState, type DefinitionWrites } from './plan-changes'
import { objectId, toExportDocument, type ConvertedDefinitions } from './to-export-document'
import { jobOriginKey } from '../../../shared/definition-origin'
import { planWindows, windowDocuments, type NamesAfter } from './window-definitions'
import { CalendarService } from '../../calendars/calendar-service'
import { isIanaTimeZone } from '../../schedule/timezone'
import { calendarChanges, planCalendars, pruneCalendars, type CalendarPlan } from './plan-calendars'
import { planPools, poolDocuments, writePools } from './pool-definitions'
import { llmProviderDocuments, planLlmProviders, writeLlmProviders } from './llm-provider-definitions'

type DefinitionRepos =
  'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'flows' | 'flowRuns' | 'origins' | 'windows' | 'pools' | 'llmProviders'

/**
 * Definitions as code (docs/definitions-as-code.md): makes the server's calendars, groups, jobs and
 * flows what a set of definition files says, in one transaction, and writes the server's objects
 * back as such files. The files are read with the import's planner, so every rule is the editors'; this adds the
 * field-by-field plan, the pruning, and the record of which object came from which file.
 */
export class DefinitionService {
  constructor(
    private readonly store: RepoAccess<DefinitionRepos>,
    private readonly imports: ImportService,
    private readonly jobs: JobService,
    private readonly defaultTimezone: () => string,
    private readonly nowMs: () => number,
  ) {}

  /**
   * Plans the files against the server and, unless `dryRun`, applies the plan; all in one
   * transaction, so a failure half-way leaves nothing written and a concurrent apply waits.
   * @throws DefinitionsRefusedError listing every problem with its path (`sources[2].document.schedule.cron`).
   */
  async apply(request: ApplyDefinitionsRequest, by = 'definitions'): Promise<DefinitionPlan> {
    const nowMs = this.nowMs()
    const converted = refusedAs(
      () => toExportDocument(request.sources, this.defaultTimezone(), nowMs),
      (path) => path,
    )
    return this.store.transaction(async (tx) => {
      const storedCalendars = await tx.calendars.all()
      // The files' calendars first: the jobs and flows are checked against the calendars as the apply leaves them.
      const calendars = refusedAs(
        () => planCalendars(converted.calendars, storedCalendars, isIanaTimeZone),
        (path) => path,
      )
      const state: DefinitionState = {
        calendarDays: calendars.daysOf,
        calendars: storedCalendars,
        groups: await tx.groups.list(),
        jobs: await tx.jobs.list(),
        links: await tx.links.all(),
        flows: await tx.flows.all(),
        origins: await tx.origins.all(),
        activeFlowRuns: countByFlow(await tx.flowRuns.activeRuns()),
      }
      const plan = refusedAs(() => planImport(converted.document, state, { nowMs, onConflict: 'update' }), converted.pathOf)
      const planned = planChanges(plan, state, converted, request.prune)
      const declaredCalendars = new Set(converted.calendars.map((d) => d.calendar.name))
      const pruned = request.prune === 'none' ? { toDelete: [], problems: [] } : pruneCalendars(state, planned.writes, calendars, declaredCalendars)
      const pruneProblems = [...planned.pruneProblems, ...pruned.problems]
      if (pruneProblems.length > 0) {
        throw new DefinitionsRefusedError(
          pruneProblems.map(({ kind, key, reason }) => {
            const params = { kind, name: key, reason }
            return { field: 'prune', code: 'definitions.inUse', params, message: englishMessage('definitions.inUse', params) }
          }),
        )
      }
      // Windows name groups, jobs and flows: resolved against what the apply leaves of them.
      const windows = planWindows(converted, { ...state, windows: await tx.windows.all() }, namesAfter(state, planned.writes, converted.declared), {
        prune: request.prune,
        defaultTimezone: this.defaultTimezone(),
        nowMs,
      })
      if (windows.problems.length > 0) throw new DefinitionsRefusedError(windows.problems)
      const of = (action: DefinitionChange['action']) => planned.changes.filter((c) => c.action === action)
      const withWindows = [...of('create'), ...windows.creates, ...of('update'), ...windows.updates, ...windows.deletes, ...of('delete')]
      const changes = withCalendars(withWindows, calendars, pruned.toDelete, (name) => converted.declared.get(objectId('Calendar', name))?.file ?? '')
      const pools = planPools(converted.pools, await tx.pools.all(), (name) => converted.declared.get(objectId('Pool', name))?.file ?? '')
      // Pools first: the jobs and flows that name them are checked against them.
      changes.unshift(...pools.changes)
      const llmProviders = planLlmProviders(
        converted.llmProviders,
        { groups: state.groups, providers: await tx.llmProviders.all() },
        (appName) => converted.declared.has(objectId('Group', appName)),
        (name) => converted.declared.get(objectId('LlmProvider', name))?.file ?? '',
      )
      if (llmProviders.problems.length > 0) throw new DefinitionsRefusedError(llmProviders.problems)
      changes.push(...llmProviders.changes)
      const unchanged = planned.unchanged + windows.unchanged + calendars.unchanged + pools.unchanged + llmProviders.unchanged
      if (request.dryRun) return { changes, unchanged, applied: false }

      await writePools(pools, tx, nowMs, by)

      // Calendars before the jobs and flows that follow them, each base before what is based on it.
      const calendarService = new CalendarService({ repos: tx, nowMs: () => nowMs })
      for (const write of calendars.writes) {
        if (write.action === 'create') await calendarService.add(write.calendar, by)
        else await calendarService.update(write.calendar, by)
      }
      const { writes } = planned
      await this.imports.applyIn(tx, writes.plan, nowMs)
      for (const link of writes.linksToDelete) await tx.links.delete(link.parentJobId, link.childJobId)
      for (const flow of writes.flowsToDelete) await tx.flows.delete(flow.id)
      for (const job of writes.jobsToDelete) await this.jobs.deleteIn(tx, job.id)
      for (const group of writes.groupsToDelete) {
        await tx.llmProviders.delete(group.id)
        await tx.groups.delete(group.id)
      }
      // After the groups: a provider of a group these files create finds its id.
      await writeLlmProviders(llmProviders, tx, nowMs, by)
      await windows.write(tx, nowMs)
      // Last, once nothing that goes follows them; the service refuses one still in use (the plan said so already).
      for (const calendar of pruned.toDelete) await calendarService.remove(calendar.name)

      // Which file each object came from: written when new or moved, so an apply that changes nothing writes nothing.
      const saved = new Map(state.origins.map((o) => [objectId(o.kind, o.key), o.file]))
      for (const { kind, key, file } of converted.declared.values()) {
        if (saved.get(objectId(kind, key)) !== file) await tx.origins.set({ kind, key, file, appliedAtMs: nowMs })
      }
      for (const deleted of changes.filter((c) => c.action === 'delete')) await tx.origins.delete(deleted.kind, deleted.key)
      return { changes, unchanged, applied: changes.length > 0 }
    })
  }

  /** The server's calendars, groups, jobs and flows as definition documents (all, or the jobs named `appName/name` or by name alone, and the flows named, with the calendars they follow). */
  async export(names?: readonly string[]): Promise<DefinitionDocument[]> {
    const state = {
      calendars: await this.store.calendars.all(),
      groups: await this.store.groups.list(),
      jobs: await this.store.jobs.list(),
      links: await this.store.links.all(),
      flows: await this.store.flows.all(),
    }
    // Windows hold groups, jobs and flows of the whole server: they come with a whole export only.
    const windows = names === undefined ? windowDocuments({ ...state, windows: await this.store.windows.all() }) : []
    // Pools are the server's: with a whole export only, first (the jobs name them).
    const pools = names === undefined ? poolDocuments(await this.store.pools.all()) : []
    const documents = definitionsOf(state, names)
    // Every group's provider in a whole export; with `names`, those of the Group documents it holds.
    const shown = names === undefined ? undefined : new Set(documents.flatMap((d) => (d.kind === 'Group' ? [d.name] : [])))
    const llmProviders = llmProviderDocuments(await this.store.llmProviders.all(), state.groups).filter((d) => shown === undefined || shown.has(d.name))
    return [...pools, ...documents, ...llmProviders, ...windows]
  }

  /** Which objects came from which file, for the console's badge. */
  /** Every origin, or every group's and flow's and the jobs' of `jobKeys` (what a console shows). */
  origins(jobKeys?: readonly string[]) {
    return jobKeys === undefined ? this.store.origins.all() : this.store.origins.allBut('Job', jobKeys)
  }
}

/** Whether a group, job or flow is there after the apply: on the server and not pruned, or declared by the files. */
function namesAfter(state: DefinitionState, writes: DefinitionWrites, declared: ConvertedDefinitions['declared']): NamesAfter {
  const appName = new Map(state.groups.map((g) => [g.id, g.appName]))
  const keep = <T>(all: readonly T[], gone: readonly T[], key: (item: T) => string) => {
    const removed = new Set(gone)
    return new Set(all.filter((item) => !removed.has(item)).map(key))
  }
  const groups = keep(state.groups, writes.groupsToDelete, (g) => g.appName)
  const jobs = keep(state.jobs, writes.jobsToDelete, (j) => jobOriginKey(appName.get(j.jobGroup) ?? '', j.name))
  const flows = keep(state.flows, writes.flowsToDelete, (f) => f.name)
  const filed = (kind: 'Group' | 'Job' | 'Flow', key: string) => declared.has(objectId(kind, key))
  return {
    group: (name) => groups.has(name) || filed('Group', name),
    job: (key) => jobs.has(key) || filed('Job', key),
    flow: (name) => flows.has(name) || filed('Flow', name),
  }
}

/** Runs a step of the import's planner, telling its problems at their paths in the request. */
function refusedAs<T>(step: () => T, pathOf: (importPath: string, params: Record<string, unknown>) => string): T {
  try {
    return step()
  } catch (error) {
    if (!(error instanceof ImportValidationError)) throw error
    throw new DefinitionsRefusedError(error.problems.map((p) => ({ ...p, field: pathOf(p.field, p.params) })))
  }
}

/** The plan's lines with the calendars': created first, updated with the other updates, deleted last (the order they are written in). */
function withCalendars(
  changes: readonly DefinitionChange[],
  calendars: CalendarPlan,
  deleted: readonly { name: string }[],
  fileOf: (name: string) => string,
): DefinitionChange[] {
  const { creates, updates } = calendarChanges(calendars, fileOf)
  const deletes = deleted.map((c): DefinitionChange => ({ action: 'delete', kind: 'Calendar', key: c.name, file: '', fields: [] }))
  const of = (action: DefinitionChange['action']) => changes.filter((c) => c.action === action)
  return [...creates, ...of('create'), ...updates, ...of('update'), ...of('delete'), ...deletes]
}

function countByFlow(runs: readonly { flowId: number }[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const run of runs) counts.set(run.flowId, (counts.get(run.flowId) ?? 0) + 1)
  return counts
}

/**
 * Definition files refused: every problem with its path in the request (`sources[i].document.<field>`),
 * which `jobdesk apply` shows as file:line:column. Nothing was written.
 */
export class DefinitionsRefusedError extends ValidationError {
  constructor(problems: readonly ErrorProblem[]) {
    const count = problems.length
    super('sources', `${englishMessage('definitions.refused', { count })}:\n${problems.map((p) => `- ${p.field}: ${p.message}`).join('\n')}`, {
      code: 'definitions.refused',
      params: { count },
      problems,
    })
  }
}
