import type { FlowRun } from '../../shared/flow-types'
import type { FlowRunRecord, ParentNodeRef } from '../domain/flows'
import type { FlowRunRepo } from '../store/flow-run-repo'

/**
 * A flow run's sub-flow links, both ways, for its view (FlowRun.parent, FlowNodeRun.subflowRunId):
 * the parent run and node that started it, and each subflow node's child run by `key@attempt` (the
 * current attempt's child is the node's; an earlier attempt's stays in the history of runs).
 */
export async function subflowLinks(
  flowRuns: Pick<FlowRunRepo, 'get' | 'childRuns'>,
  record: Pick<FlowRunRecord, 'id' | 'definition'>,
  parentRun: ParentNodeRef | null,
): Promise<{ parent: FlowRun['parent']; childOf: (key: string, attempt: number) => { subflowRunId: number | null } | undefined }> {
  const parentRecord = parentRun ? await flowRuns.get(parentRun.flowRunId) : null
  // A parent run deleted since (with its flow) links nowhere any more.
  const parent = parentRun && parentRecord ? { flowRunId: parentRun.flowRunId, flowId: parentRecord.flowId, key: parentRun.key } : null
  const subflowKeys = new Set(record.definition.nodes.flatMap((n) => (n.kind === 'subflow' ? [n.key] : [])))
  const children = new Map<string, number>()
  if (subflowKeys.size > 0) for (const child of await flowRuns.childRuns(record.id)) children.set(`${child.parent.key}@${child.parent.attempt}`, child.id)
  // Only a subflow node has the field: null until its attempt's child run is written.
  const childOf = (key: string, attempt: number) => (subflowKeys.has(key) ? { subflowRunId: children.get(`${key}@${attempt}`) ?? null } : undefined)
  return { parent, childOf }
}
