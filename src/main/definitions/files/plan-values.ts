import { documentChanges, fieldChange, type DefinitionFieldChange } from '../../../shared/definition-values'
import type { Flow, FlowEdge, FlowNodeDef } from '../../../shared/flow-types'
import type { JobGroup, JobInfo, LinkCondition } from '../../../shared/model'
import { CHILD_CONDITIONS } from '../../../shared/schema/definition-files'
import { JOB_FIELDS } from '../import-export/export-document'
import type { PlannedFlowNode, PlannedFlowUpdate } from '../import-export/import-flows'
import type { PlannedGroupUpdate } from '../import-export/import-groups'
import type { PlannedJobUpdate } from '../import-export/import-jobs'
import { flowSettingsDocument, groupDocument, jobSettingsDocument } from './definitions-of'

/**
 * What an update changes, field by field with the values before and after, compared as the files
 * say them: the server's object and the files' are both written as an export would write them, so
 * a value the console keeps but no file can say (a cron kept under "no schedule", a GLUE source
 * under a BEAN handler, the registry's addresses of an automatic group) is never a change, and
 * `jobdesk export` then `jobdesk diff` finds none.
 */

export function groupValueChanges(current: JobGroup, update: PlannedGroupUpdate): DefinitionFieldChange[] {
  const settings = (group: JobGroup) => {
    const { kind: _kind, name: _name, ...rest } = groupDocument(group)
    return rest
  }
  return documentChanges(settings(current), settings({ ...current, ...update }))
}

export function jobValueChanges(current: JobInfo, update: PlannedJobUpdate): DefinitionFieldChange[] {
  // Every field the files set, an optional one the file leaves out included (a job's pools dropped).
  const fields = Object.fromEntries(JOB_FIELDS.map((field) => [field, update.fields[field]]))
  const after: JobInfo = { ...current, ...fields, triggerStatus: update.enabled ? 1 : 0 }
  return documentChanges(jobSettingsDocument(current), jobSettingsDocument(after))
}

/** A job's children as a file lists them: `app/name`, with the file's word for the condition when it is not success; sorted, as their order means nothing. */
export function childrenValueChange(before: readonly [string, LinkCondition][], after: readonly [string, LinkCondition][]): DefinitionFieldChange[] {
  const word = (condition: LinkCondition) => Object.entries(CHILD_CONDITIONS).find(([, c]) => c === condition)?.[0] ?? condition
  const text = (list: readonly [string, LinkCondition][]) =>
    list.map(([key, condition]) => (condition === 'SUCCESS' ? key : `${key} (on ${word(condition)})`)).sort()
  return fieldChange('children', text(before), text(after))
}

/**
 * A flow's changes: its settings, each node by its key (`nodes[mail].param`) with its job by
 * `app/name`, and its edges as a set.
 */
export function flowValueChanges(
  current: Flow,
  update: PlannedFlowUpdate,
  jobKeyOf: (jobId: number) => string,
  flowNameOf: (flowId: number) => string,
): DefinitionFieldChange[] {
  const after: Flow = { ...current, ...update.settings, triggerStatus: update.active ? 1 : 0 }
  const nodes = (list: readonly (FlowNodeDef | PlannedFlowNode)[]) =>
    Object.fromEntries(list.map((node) => [`nodes[${node.key}]`, nodeDocument(node, jobKeyOf, flowNameOf)]))
  const edges = (list: readonly FlowEdge[]) => list.map((e) => `${e.from} → ${e.to}`).sort()
  return [
    ...documentChanges(flowSettingsDocument(current), flowSettingsDocument(after)),
    ...documentChanges(nodes(current.nodes), nodes(update.nodes)),
    ...fieldChange('edges', edges(current.edges), edges(update.edges)),
  ]
}

/**
 * A node as its file writes it; a saved node's job by its id, a planned one's by id or, made by the
 * same apply, by key; a subflow's flow by its name on both sides.
 */
function nodeDocument(
  node: FlowNodeDef | PlannedFlowNode,
  jobKeyOf: (jobId: number) => string,
  flowNameOf: (flowId: number) => string,
): Record<string, unknown> {
  const rule = node.triggerRule !== undefined && node.triggerRule !== 'all_success' ? { rule: node.triggerRule } : {}
  if (node.kind === 'approval') {
    return { kind: 'approval', ...rule, ...(node.prompt ? { prompt: node.prompt } : {}), ...(node.timeoutSec ? { timeoutSec: node.timeoutSec } : {}) }
  }
  if (node.kind === 'subflow') {
    return { kind: 'subflow', flow: 'flow' in node ? node.flow : flowNameOf(node.flowId), ...(node.param !== undefined ? { param: node.param } : {}), ...rule }
  }
  if (node.kind === 'switch') return { kind: 'switch', cases: node.cases, ...(node.default !== undefined ? { default: node.default } : {}), ...rule }
  const job = 'job' in node ? ('jobId' in node.job ? jobKeyOf(node.job.jobId) : node.job.key) : jobKeyOf(node.jobId)
  return {
    job,
    ...(node.param !== undefined ? { param: node.param } : {}),
    ...rule,
    ...(node.pools !== undefined ? { pools: node.pools } : {}),
    ...(node.priority !== undefined ? { priority: node.priority } : {}),
    // A fan-out's concurrency 1 and rule `all` are its defaults: written out or left out, they mean the same.
    ...(node.forEach !== undefined ? { forEach: node.forEach } : {}),
    ...(node.forEachConcurrency !== undefined && node.forEachConcurrency !== 1 ? { forEachConcurrency: node.forEachConcurrency } : {}),
    ...(node.forEachRule !== undefined && node.forEachRule !== 'all' ? { forEachRule: node.forEachRule } : {}),
  }
}

/** The fields of a plan's line: each changed path once, in the order of its values. */
export function fieldsOf(values: readonly DefinitionFieldChange[]): string[] {
  return [...new Set(values.map((v) => v.field))]
}
