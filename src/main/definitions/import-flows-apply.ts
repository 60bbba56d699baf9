import type { Flow, FlowDefinition, FlowSettings } from '../../shared/flow-types'
import { ScheduleBook } from '../calendars/schedule-book'
import { nextFlowFireMs } from '../flows/flow-schedule'
import type { Repos } from '../store/store'
import type { ImportPlan, PlannedFlow } from './import-export'

/**
 * Writes the planned flows inside the import's transaction, after its jobs: a job node's `{key}` ref
 * is the id of the job the import created under that key (`newJobIds`). A replaced flow keeps its
 * id, its runs (each runs the graph it started with) and its last fire time; an active flow gets its
 * next fire time from now, as starting it in the console does.
 */
export async function applyImportedFlows(
  tx: Pick<Repos, 'flows' | 'calendars'>,
  plan: Pick<ImportPlan, 'flowsToCreate' | 'flowsToUpdate'>,
  newJobIds: ReadonlyMap<string, number>,
  nowMs: number,
): Promise<void> {
  const book = await ScheduleBook.readFor(
    tx,
    [...plan.flowsToCreate, ...plan.flowsToUpdate].map((flow) => flow.settings.calendar),
  )
  const scheduleOf = (flow: PlannedFlow): Pick<Flow, 'triggerStatus' | 'triggerNextTimeMs'> =>
    flow.active ? { triggerStatus: 1, triggerNextTimeMs: nextFlowFireMs(book.specOf(flow.settings), nowMs) } : { triggerStatus: 0, triggerNextTimeMs: 0 }
  for (const flow of plan.flowsToCreate) {
    await tx.flows.insert({ ...definitionOf(flow, newJobIds), ...scheduleOf(flow), triggerLastTimeMs: 0, addTimeMs: nowMs, updateTimeMs: nowMs })
  }
  for (const flow of plan.flowsToUpdate) {
    // Planned against this transaction's state, so the flow is there.
    const existing = (await tx.flows.get(flow.id)) as Flow
    await tx.flows.update({ ...existing, ...definitionOf(flow, newJobIds), ...scheduleOf(flow), updateTimeMs: nowMs })
  }
}

function definitionOf(flow: PlannedFlow, newJobIds: ReadonlyMap<string, number>): FlowSettings & FlowDefinition {
  const nodes = flow.nodes.map((node) => {
    if (node.kind === 'approval') return node
    const { job, ...rest } = node
    return { ...rest, jobId: 'jobId' in job ? job.jobId : newJobIds.get(job.key)! }
  })
  return { ...flow.settings, nodes, edges: flow.edges }
}
