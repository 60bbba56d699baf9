import type { FlowNodeItemRun } from '../../shared/flow-types'
import type { FlowNodeRecord } from '../domain/flows'
import type { Repos } from '../store/store'
import { itemId } from '../store/flow-item-repo'

/**
 * The items of a flow run's fan-out nodes as the API shows them (FlowNodeRun.items): each node's
 * current attempt's, in index order, with their runs (retries included). Nodes without items are absent.
 */
export async function itemRunsOf(
  store: Pick<Repos, 'flowItems'>,
  flowRunId: number,
  nodes: readonly FlowNodeRecord[],
): Promise<Map<string, FlowNodeItemRun[]>> {
  const items = await store.flowItems.itemsOfRun(flowRunId)
  const byNode = new Map<string, FlowNodeItemRun[]>()
  if (items.length === 0) return byNode
  const attempts = new Map(nodes.map((n) => [n.key, n.attempt]))
  const runIds = await store.flowItems.runIdsOfItems(flowRunId)
  for (const item of items) {
    if (attempts.get(item.key) !== item.attempt) continue
    const view: FlowNodeItemRun = {
      index: item.index,
      state: item.state,
      runIds: runIds.get(itemId(item.key, item.attempt, item.index)) ?? [],
      output: item.output,
      startTimeMs: item.startTimeMs,
      endTimeMs: item.endTimeMs,
    }
    byNode.set(item.key, [...(byNode.get(item.key) ?? []), view])
  }
  return byNode
}
