import type { Flow, FlowNodeDef } from '../../../shared/flow-types'
import { notFound } from '../../../shared/messages/coded-errors'
import { FLOW_SETTING_FIELDS, type ExportedFlow, type ExportedFlowNode } from './export-document'
import { isJobNode } from '../../../shared/flow-types'

/**
 * The flows an export carries, by name. `exportedJobIds` are the jobs the document holds; with
 * `selection`, a flow comes along only when it has job nodes and every one of them is an exported
 * job (a flow of approvals only belongs to no job selection: it comes with a full export alone).
 * A full export carries every flow.
 * @throws NotFoundError for a job node whose job is not exported in a full export (inconsistent
 * data: a job in a flow cannot be deleted), rather than writing a key that names no job.
 */
export function exportFlows(flows: readonly Flow[], exportedJobIds: ReadonlySet<number>, selection: boolean): ExportedFlow[] {
  const jobIdsOf = (flow: Flow) => flow.nodes.flatMap((node) => (isJobNode(node) ? [node.jobId] : []))
  const carried = selection
    ? flows.filter((flow) => {
        const jobIds = jobIdsOf(flow)
        return jobIds.length > 0 && jobIds.every((id) => exportedJobIds.has(id))
      })
    : flows
  for (const flow of carried) {
    const missing = jobIdsOf(flow).find((id) => !exportedJobIds.has(id))
    if (missing !== undefined) throw notFound('export.flowJobMissing', { flow: flow.name, jobId: missing })
  }
  const nameOf = new Map(flows.map((f) => [f.id, f.name]))
  return [...carried].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((flow) => exportFlow(flow, nameOf))
}

function exportFlow(flow: Flow, nameOf: ReadonlyMap<number, string>): ExportedFlow {
  const settings = Object.fromEntries(FLOW_SETTING_FIELDS.map((field) => [field, flow[field]])) as Pick<Flow, (typeof FLOW_SETTING_FIELDS)[number]>
  const nodes = flow.nodes.map((node) => exportNode(node, nameOf))
  return { ...settings, active: flow.triggerStatus === 1, nodes, edges: flow.edges.map(({ from, to }) => ({ from, to })) }
}

/**
 * A job node names its job by the document's job key: the job id as text, as exportJob writes it; a
 * subflow node its flow by name (an import finds it among the document's flows or the target's own).
 */
function exportNode(node: FlowNodeDef, nameOf: ReadonlyMap<number, string>): ExportedFlowNode {
  if (node.kind === 'approval' || node.kind === 'switch') return { ...node }
  if (node.kind === 'subflow') {
    const { flowId, ...rest } = node
    return { ...rest, flow: nameOf.get(flowId) ?? String(flowId) }
  }
  const { jobId, kind: _kind, key, ...rest } = node
  return { kind: 'job', key, jobKey: String(jobId), ...rest }
}
