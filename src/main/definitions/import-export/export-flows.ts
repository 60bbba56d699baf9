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
  return [...carried].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(exportFlow)
}

function exportFlow(flow: Flow): ExportedFlow {
  const settings = Object.fromEntries(FLOW_SETTING_FIELDS.map((field) => [field, flow[field]])) as Pick<Flow, (typeof FLOW_SETTING_FIELDS)[number]>
  return { ...settings, active: flow.triggerStatus === 1, nodes: flow.nodes.map(exportNode), edges: flow.edges.map(({ from, to }) => ({ from, to })) }
}

/** A job node names its job by the document's job key: the job id as text, as exportJob writes it. */
function exportNode(node: FlowNodeDef): ExportedFlowNode {
  if (node.kind === 'approval') return { ...node }
  if (!isJobNode(node)) throw new Error(`a ${node.kind} node is not exported yet`)
  const { jobId, kind: _kind, key, ...rest } = node
  return { kind: 'job', key, jobKey: String(jobId), ...rest }
}
