import { jobOriginKey, type DefinitionKind, type DefinitionOrigin } from '../../../shared/definition-origin'
import type { DefinitionChange, PruneMode } from '../../../shared/definition-plan'
import type { DefinitionFieldChange } from '../../../shared/definition-values'
import type { Flow } from '../../../shared/flow-types'
import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo, type JobLink } from '../../../shared/model'
import type { PlannedFlowUpdate } from '../import-export/import-flows'
import type { PlannedGroupUpdate } from '../import-export/import-groups'
import type { PlannedJobUpdate } from '../import-export/import-jobs'
import type { ImportPlan } from '../import-export'
import { objectId, type ConvertedDefinitions } from './to-export-document'
import { childrenValueChange, fieldsOf, flowValueChanges, groupValueChanges, jobValueChanges } from './plan-values'
import type { CalendarDays, CalendarView } from '../../../shared/calendar/business-calendar'
import { isJobNode } from '../../../shared/flow-types'
import { subflowIdsOf } from '../../flows/subflow-rules'

/** The server's objects an apply is planned against (read in the apply's transaction). */
export interface DefinitionState {
  groups: JobGroup[]
  jobs: JobInfo[]
  links: JobLink[]
  flows: Flow[]
  origins: DefinitionOrigin[]
  /** Active runs per flow id: a flow with one is not pruned from under it. */
  activeFlowRuns: Map<number, number>
  /** The calendars the files' jobs may name, resolved. */
  calendarDays?: (name: string) => CalendarDays | undefined
  /** The stored calendars (a calendar an earlier apply wrote may be pruned). */
  calendars: CalendarView[]
}

/** What an apply writes, beyond the import plan: links the files dropped, and the pruned objects. */
export interface DefinitionWrites {
  /** The import plan cut to what changes: unchanged objects are not written again (their next fire times stay). */
  plan: ImportPlan
  linksToDelete: JobLink[]
  flowsToDelete: Flow[]
  jobsToDelete: JobInfo[]
  groupsToDelete: JobGroup[]
}

/** A reason an object the files dropped cannot be pruned (it is used by one that stays). */
export interface PruneProblem {
  kind: DefinitionKind
  key: string
  reason: string
}

export interface PlannedChanges {
  changes: DefinitionChange[]
  unchanged: number
  writes: DefinitionWrites
  pruneProblems: PruneProblem[]
}

/**
 * Compares an import plan (made with `onConflict: 'update'`, so every named object is a create or an
 * update) with what the server holds, field by field: an update that changes nothing is dropped,
 * and the others say which of the files' fields change. With `prune`, the objects the files no
 * longer name are deleted — those an earlier apply wrote (`files`), or also what the console made
 * in the groups the files name (`all`) — unless one that stays still uses them.
 */
export function planChanges(plan: ImportPlan, state: DefinitionState, converted: ConvertedDefinitions, prune: PruneMode): PlannedChanges {
  const groupById = new Map(state.groups.map((g) => [g.id, g]))
  const jobById = new Map(state.jobs.map((j) => [j.id, j]))
  const jobKey = (job: JobInfo) => jobOriginKey(groupById.get(job.jobGroup)?.appName ?? '', job.name)
  const fileOf = (kind: DefinitionKind, key: string) => converted.declared.get(objectId(kind, key))?.file ?? ''
  const creates: DefinitionChange[] = []
  const updates: DefinitionChange[] = []
  let unchanged = 0

  for (const group of plan.groupsToCreate) creates.push(change('create', 'Group', group.appName, fileOf('Group', group.appName)))
  const groupsToUpdate: PlannedGroupUpdate[] = []
  for (const update of plan.groupsToUpdate) {
    const values = groupValueChanges(groupById.get(update.id)!, update)
    if (values.length > 0) {
      groupsToUpdate.push(update)
      updates.push(change('update', 'Group', update.appName, fileOf('Group', update.appName), values))
    }
  }
  unchanged += converted.document.groups.length - plan.groupsToCreate.length - groupsToUpdate.length

  for (const job of plan.jobsToCreate) creates.push(change('create', 'Job', job.key, fileOf('Job', job.key)))
  const linksOf = new Map<number, JobLink[]>()
  for (const link of state.links) linksOf.set(link.parentJobId, [...(linksOf.get(link.parentJobId) ?? []), link])
  const linksToDelete: JobLink[] = []
  const jobsToUpdate: PlannedJobUpdate[] = []
  for (const planned of plan.jobsToUpdate) {
    const current = jobById.get(planned.id)!
    const update = keepZoneUnlessCron(planned, current)
    const ownValues = jobValueChanges(current, update)
    const wanted = new Map((converted.childrenOf.get(update.key) ?? []).map((l) => [l.childKey, l.condition]))
    const saved = linksOf.get(update.id) ?? []
    const dropped = saved.filter((l) => !wanted.has(jobKey(jobById.get(l.childJobId)!)))
    const savedByKey = new Map(saved.map((l) => [jobKey(jobById.get(l.childJobId)!), l.condition]))
    linksToDelete.push(...dropped)
    const values = [...ownValues, ...childrenValueChange([...savedByKey], [...wanted])]
    if (ownValues.length > 0) jobsToUpdate.push(update)
    if (values.length > 0) updates.push(change('update', 'Job', update.key, fileOf('Job', update.key), values))
    else unchanged++
  }
  const savedCondition = new Map(state.links.map((l) => [`${l.parentJobId}>${l.childJobId}`, l.condition]))
  const linksToSet = plan.linksToSet.filter(
    (l) => !('jobId' in l.parent && 'jobId' in l.child && savedCondition.get(`${l.parent.jobId}>${l.child.jobId}`) === l.condition),
  )

  for (const flow of plan.flowsToCreate) creates.push(change('create', 'Flow', flow.settings.name, fileOf('Flow', flow.settings.name)))
  const flowsToUpdate: PlannedFlowUpdate[] = []
  for (const planned of plan.flowsToUpdate) {
    const current = state.flows.find((f) => f.id === planned.id)!
    const update: PlannedFlowUpdate = readsZone(planned.settings.scheduleType)
      ? planned
      : { ...planned, settings: { ...planned.settings, timezone: current.timezone } }
    const values = flowValueChanges(
      current,
      update,
      (id) => jobKey(jobById.get(id)!),
      (id) => state.flows.find((f) => f.id === id)?.name ?? String(id),
    )
    if (values.length === 0) {
      unchanged++
      continue
    }
    flowsToUpdate.push(update)
    updates.push(change('update', 'Flow', update.settings.name, fileOf('Flow', update.settings.name), values))
  }

  const pruned = prune === 'none' ? emptyPrune() : planPrune(state, converted, prune, jobKey)
  const deletes = [
    ...pruned.flowsToDelete.map((f) => change('delete', 'Flow', f.name, '')),
    ...pruned.jobsToDelete.map((j) => change('delete', 'Job', jobKey(j), '')),
    ...pruned.groupsToDelete.map((g) => change('delete', 'Group', g.appName, '')),
  ]
  return {
    changes: [...creates, ...updates, ...deletes],
    unchanged,
    writes: {
      plan: { ...plan, groupsToUpdate, jobsToUpdate, linksToSet, flowsToUpdate },
      linksToDelete,
      flowsToDelete: pruned.flowsToDelete,
      jobsToDelete: pruned.jobsToDelete,
      groupsToDelete: pruned.groupsToDelete,
    },
    pruneProblems: pruned.problems,
  }
}

/** A zone matters to a schedule that reads the time of day (a cron, business days): for any other the file gives none, and the saved one stays. */
function keepZoneUnlessCron(update: PlannedJobUpdate, current: JobInfo): PlannedJobUpdate {
  return readsZone(update.fields.scheduleType) ? update : { ...update, fields: { ...update.fields, timezone: current.timezone } }
}

function readsZone(scheduleType: string): boolean {
  return scheduleType === 'CRON' || scheduleType === 'BUSINESS_DAY'
}

function change(action: DefinitionChange['action'], kind: DefinitionKind, key: string, file: string, values?: DefinitionFieldChange[]): DefinitionChange {
  return values === undefined ? { action, kind, key, file, fields: [] } : { action, kind, key, file, fields: fieldsOf(values), values }
}

interface PrunePlan {
  flowsToDelete: Flow[]
  jobsToDelete: JobInfo[]
  groupsToDelete: JobGroup[]
  problems: PruneProblem[]
}

function emptyPrune(): PrunePlan {
  return { flowsToDelete: [], jobsToDelete: [], groupsToDelete: [], problems: [] }
}

function planPrune(state: DefinitionState, converted: ConvertedDefinitions, prune: 'files' | 'all', jobKey: (job: JobInfo) => string): PrunePlan {
  const fromFiles = new Set(state.origins.map((o) => objectId(o.kind, o.key)))
  const inFiles = (kind: DefinitionKind, key: string) => converted.declared.has(objectId(kind, key))
  const groupById = new Map(state.groups.map((g) => [g.id, g]))
  // `all` reaches only into the groups the files name: another team's groups are never touched.
  const filesGroups = new Set([...converted.document.groups.map((g) => g.appName), ...converted.document.jobs.map((j) => j.appName)])
  const inFilesGroups = (job: JobInfo) => filesGroups.has(groupById.get(job.jobGroup)?.appName ?? '')
  const stale = (kind: DefinitionKind, key: string, console: boolean) => !inFiles(kind, key) && (fromFiles.has(objectId(kind, key)) || console)

  const jobsToDelete = state.jobs.filter((job) => stale('Job', jobKey(job), prune === 'all' && inFilesGroups(job)))
  const deletedJobIds = new Set(jobsToDelete.map((j) => j.id))
  const jobNodesOf = (flow: Flow) => flow.nodes.flatMap((n) => (isJobNode(n) ? [n.jobId] : []))
  const flowsToDelete = state.flows.filter((flow) => {
    const jobIds = jobNodesOf(flow)
    const allInFilesGroups = jobIds.length > 0 && jobIds.every((id) => state.jobs.some((j) => j.id === id && inFilesGroups(j)))
    return stale('Flow', flow.name, prune === 'all' && allInFilesGroups)
  })
  const groupsToDelete = state.groups.filter((group) => group.appName !== EMBEDDED_APP_NAME && stale('Group', group.appName, false))

  const problems: PruneProblem[] = []
  const deletedFlowIds = new Set(flowsToDelete.map((f) => f.id))
  for (const flow of flowsToDelete) {
    const active = state.activeFlowRuns.get(flow.id) ?? 0
    if (active > 0) problems.push({ kind: 'Flow', key: flow.name, reason: `it has ${active} active run(s)` })
  }
  // A flow that stays runs a pruned one as a sub-flow: by the files' nodes when the files define it, else by its own.
  const fileFlows = new Map(converted.document.flows.map((f) => [f.name, f]))
  const runsAsSubflow = (user: Flow, flow: Flow) =>
    fileFlows.has(user.name)
      ? fileFlows.get(user.name)!.nodes.some((n) => n.kind === 'subflow' && n.flow === flow.name)
      : subflowIdsOf(user.nodes).includes(flow.id)
  for (const flow of flowsToDelete) {
    const user = state.flows.find((other) => !deletedFlowIds.has(other.id) && runsAsSubflow(other, flow))
    if (user) problems.push({ kind: 'Flow', key: flow.name, reason: `flow '${user.name}' runs it as a sub-flow` })
  }
  for (const job of jobsToDelete) {
    const user = state.flows.find((flow) => !deletedFlowIds.has(flow.id) && jobNodesOf(flow).includes(job.id))
    if (user) problems.push({ kind: 'Job', key: jobKey(job), reason: `flow '${user.name}' runs it` })
  }
  for (const group of groupsToDelete) {
    const left = state.jobs.filter((j) => j.jobGroup === group.id && !deletedJobIds.has(j.id)).length
    if (left > 0) problems.push({ kind: 'Group', key: group.appName, reason: `${left} job(s) of it stay` })
  }
  return { flowsToDelete, jobsToDelete, groupsToDelete, problems }
}
