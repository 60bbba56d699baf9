import type { Flow, FlowDefinition, FlowNodeDef, FlowSettings } from '../../shared/flow-types'
import { ScheduleBook } from '../calendars/schedule-book'
import { nextFlowFireMs } from '../flows/flow-schedule'
import type { Repos } from '../store/store'
import type { ImportPlan, PlannedFlow } from './import-export'

/**
 * Writes the planned flows inside the import's transaction, after its jobs: a job node's `{key}` ref
 * is the id of the job the import created under that key (`newJobIds`); a subflow node's flow, named
 * by name, is the id of the flow of that name once written. So the flows are written in dependency
 * order, a child flow before the flows that run it (the plan refused cycles). A replaced flow keeps
 * its id, its runs (each runs the graph it started with) and its last fire time; an active flow gets
 * its next fire time from now, as starting it in the console does.
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
  const flowIdOf = async (name: string) => (await tx.flows.getByName(name))!.id
  const updates = new Set<PlannedFlow>(plan.flowsToUpdate)
  for (const flow of childrenFirst([...plan.flowsToCreate, ...plan.flowsToUpdate])) {
    const definition = await definitionOf(flow, newJobIds, flowIdOf)
    if (!updates.has(flow)) {
      await tx.flows.insert({ ...definition, ...scheduleOf(flow), triggerLastTimeMs: 0, addTimeMs: nowMs, updateTimeMs: nowMs })
      continue
    }
    // Planned against this transaction's state, so the flow is there.
    const existing = (await tx.flows.get((flow as PlannedFlow & { id: number }).id)) as Flow
    await tx.flows.update({ ...existing, ...definition, ...scheduleOf(flow), updateTimeMs: nowMs })
  }
}

/** The flows with each one after the planned flows its subflow nodes name (the rest keep their order). */
function childrenFirst(flows: readonly PlannedFlow[]): PlannedFlow[] {
  const byName = new Map(flows.map((f) => [f.settings.name, f]))
  const ordered: PlannedFlow[] = []
  const placed = new Set<PlannedFlow>()
  const place = (flow: PlannedFlow, depth: number) => {
    // The plan refused cycles; the depth bound keeps a bug from recursing for ever.
    if (placed.has(flow) || depth > flows.length) return
    for (const node of flow.nodes) {
      const child = node.kind === 'subflow' ? byName.get(node.flow) : undefined
      if (child) place(child, depth + 1)
    }
    if (placed.has(flow)) return
    placed.add(flow)
    ordered.push(flow)
  }
  for (const flow of flows) place(flow, 0)
  return ordered
}

async function definitionOf(
  flow: PlannedFlow,
  newJobIds: ReadonlyMap<string, number>,
  flowIdOf: (name: string) => Promise<number>,
): Promise<FlowSettings & FlowDefinition> {
  const nodes: FlowNodeDef[] = []
  for (const node of flow.nodes) {
    if (node.kind === 'approval' || node.kind === 'switch') nodes.push(node)
    else if (node.kind === 'subflow') {
      const { flow: name, ...rest } = node
      nodes.push({ ...rest, flowId: await flowIdOf(name) })
    } else {
      const { job, ...rest } = node
      nodes.push({ ...rest, jobId: 'jobId' in job ? job.jobId : newJobIds.get(job.key)! })
    }
  }
  return { ...flow.settings, nodes, edges: flow.edges }
}
