import type { FlowRun } from '../../shared/flow-types'
import { z } from '../../shared/schema/z'
import { tool } from './mcp-tool'

const flowRunId = z.int().min(1).describe('the flow run id (list_flows shows the recent ones)')

/** A flow run as the tools answer it: its state, and each node's state, job runs and note. */
function flowRunFacts(run: FlowRun) {
  return {
    id: run.id,
    flowId: run.flowId,
    flowName: run.flowName,
    state: run.state,
    triggerType: run.triggerType,
    param: run.param,
    scheduleTimeMs: run.scheduleTimeMs,
    startTimeMs: run.startTimeMs || null,
    endTimeMs: run.endTimeMs || null,
    reason: run.reason,
    nodes: run.nodes.map((node) => {
      const def = run.definition.nodes.find((d) => d.key === node.key)
      return {
        key: node.key,
        kind: def?.kind ?? 'job',
        state: node.state,
        runIds: node.runIds,
        startTimeMs: node.startTimeMs || null,
        endTimeMs: node.endTimeMs || null,
        output: node.output,
        note: node.note,
        ...(node.subflowRunId ? { subflowRunId: node.subflowRunId } : {}),
      }
    }),
    edges: run.definition.edges.map(({ from, to }) => ({ from, to })),
    ...(run.parent ? { parent: run.parent } : {}),
  }
}

const flowRunSchema = z.looseObject({
  id: z.number(),
  flowId: z.number(),
  state: z.string(),
  nodes: z.array(z.looseObject({ key: z.string(), state: z.string() })),
})

export const listFlows = tool({
  name: 'list_flows',
  title: 'List flows',
  description:
    "Lists the flows you may see (a flow whose every job is in your groups): id, name, schedule, whether it is active, next fire, its active runs and its latest runs' states and ids (for get_flow_run).",
  kind: 'read',
  input: z.strictObject({ text: z.string().max(200).optional().describe('text in the name, any case') }),
  output: z.object({ flows: z.array(z.looseObject({ id: z.number(), name: z.string() })) }),
  async run(context, input) {
    const needle = input.text?.toLowerCase()
    const summaries = (await context.api.listFlows()).filter((s) => needle === undefined || s.flow.name.toLowerCase().includes(needle))
    return {
      flows: summaries.map(({ flow, recentRuns, activeRunCount }) => ({
        id: flow.id,
        name: flow.name,
        description: flow.description,
        scheduleType: flow.scheduleType,
        schedule: flow.scheduleConf,
        active: flow.triggerStatus === 1,
        nextFireTimeMs: flow.triggerNextTimeMs || null,
        nodeCount: flow.nodes.length,
        activeRunCount,
        recentRuns: recentRuns.map((r) => ({ id: r.id, state: r.state, startTimeMs: r.startTimeMs || null, endTimeMs: r.endTimeMs || null })),
      })),
    }
  },
})

export const getFlowRun = tool({
  name: 'get_flow_run',
  title: 'Get a flow run',
  description:
    "One flow run: its state and reason, and each node's kind, state, job run ids (read them with get_run, get_run_log or explain_failure), times, output and note (who approved, a kill, a time-out).",
  kind: 'read',
  input: z.strictObject({ flowRunId }),
  output: z.object({ flowRun: flowRunSchema }),
  async run(context, input) {
    return { flowRun: flowRunFacts(await context.api.getFlowRun(input.flowRunId)) }
  },
})

export const retryFlowRun = tool({
  name: 'retry_flow_run',
  title: 'Retry a finished flow run',
  description:
    'Runs a finished flow run again from where it failed: its failed, killed and upstream-failed nodes and everything below them; succeeded nodes keep their results.',
  kind: 'operate',
  input: z.strictObject({ flowRunId }),
  output: z.object({ flowRun: flowRunSchema }),
  async run(context, input) {
    return { flowRun: flowRunFacts(await context.api.retryFlowRun(input.flowRunId)) }
  },
})

export const decideApproval = tool({
  name: 'decide_approval',
  title: 'Approve or reject a waiting approval',
  description:
    "Approves or rejects an approval node that waits in a flow run. It is recorded as its token owner's decision made through an agent (the audit trail says so): " +
    'decide only what the person who gave you this token asked you to decide, and say why in the comment.',
  kind: 'operate',
  destructive: true,
  input: z.strictObject({
    flowRunId,
    key: z.string().min(1).max(64).describe("the approval node's key (get_flow_run lists the nodes)"),
    approve: z.boolean(),
    comment: z.string().trim().min(1).max(1000).describe('why: shown on the run and in the audit trail'),
  }),
  output: z.object({ flowRun: flowRunSchema }),
  async run(context, input) {
    return { flowRun: flowRunFacts(await context.api.decideApproval(input)) }
  },
})
