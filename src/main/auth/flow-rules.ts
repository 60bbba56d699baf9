import type { FlowDefinition, FlowSummary } from '../../shared/flow-types'
import { seesGroup } from '../../shared/principal'
import type { MethodRule, RuleContext } from './method-rule-types'
import { requireAdmin, requireOperates, requireSees } from './refusal'
import { SUBFLOW_MAX_DEPTH } from '../../shared/flow-types'

/**
 * Who may do what with a flow: the rights on every executor group its job nodes run in, and those
 * its sub-flows' job nodes run in (a subflow node runs them as surely as a job node does) — to see
 * it, seeing each group; to edit, run or act on its runs, operating each. A flow of approvals only
 * belongs to no group: admins only. A run is judged by the graph it runs (its snapshot).
 */

/** The groups of a graph's job nodes and of its sub-flows', as they are now (a job or flow that no longer exists adds none). */
async function groupsOf(ctx: RuleContext, definition: Partial<FlowDefinition> | null | undefined): Promise<number[]> {
  const groups = new Set<number>()
  await addGroupsOf(ctx, definition, groups, new Set(), 0)
  return [...groups]
}

async function addGroupsOf(
  ctx: RuleContext,
  definition: Partial<FlowDefinition> | null | undefined,
  groups: Set<number>,
  seenFlows: Set<number>,
  depth: number,
): Promise<void> {
  const nodes = Array.isArray(definition?.nodes) ? definition.nodes : []
  for (const node of nodes as unknown[]) {
    const { jobId, flowId, kind } = (node ?? {}) as { jobId?: unknown; flowId?: unknown; kind?: unknown }
    // Saved flows nest at most SUBFLOW_MAX_DEPTH deep; the bound and the seen set hold whatever a request says.
    if (kind === 'subflow' && typeof flowId === 'number' && !seenFlows.has(flowId) && depth <= SUBFLOW_MAX_DEPTH) {
      seenFlows.add(flowId)
      const child = await ctx.core.getFlow(flowId).catch(() => null)
      await addGroupsOf(ctx, child, groups, seenFlows, depth + 1)
    }
    if (typeof jobId !== 'number') continue
    const job = await ctx.core.getJob(jobId).catch(() => null)
    if (job) groups.add(job.jobGroup)
  }
}

/** Whether the principal sees a flow: every group of its job nodes (a flow of approvals only, or of deleted jobs, is for those who see every group). */
export async function seesFlow(ctx: RuleContext, definition: Partial<FlowDefinition>): Promise<boolean> {
  if (ctx.principal.groupIds === null) return true
  const groups = await groupsOf(ctx, definition)
  return groups.length > 0 && groups.every((g) => seesGroup(ctx.principal, g))
}

function requireAll(ctx: RuleContext, groups: readonly number[], operate: boolean, hidden: { code: 'flow.notFound' | 'flow.runNotFound'; id: number }): void {
  if (groups.length === 0) {
    if (operate) requireAdmin(ctx.principal, ctx.method)
    return
  }
  for (const groupId of groups) {
    if (operate) requireOperates(ctx.principal, groupId, ctx.method, hidden)
    else requireSees(ctx.principal, groupId, hidden)
  }
}

const flowIdOf = (arg: unknown): number => (typeof arg === 'number' ? arg : ((arg as { flowId?: number; id?: number }).flowId ?? (arg as { id: number }).id))

/** A read or an action on one flow (by id, `{ id }` or `{ flowId }`). */
function onFlow(operate: boolean, action?: MethodRule['action'], params = false): MethodRule {
  return {
    action,
    async allow(ctx, [arg]) {
      const flowId = flowIdOf(arg)
      const flow = await ctx.core.getFlow(flowId)
      const groups = await groupsOf(ctx, flow)
      requireAll(ctx, groups, operate, { code: 'flow.notFound', id: flowId })
      return { groupId: groups[0] ?? null, target: `flow ${flowId}`, params: params ? arg : undefined, before: action === 'flow.delete' ? flow : undefined }
    },
  }
}

/** A read or an action on one flow run; an action a person takes gets their name as a second argument (the node's note). */
function onRun(operate: boolean, action?: MethodRule['action'], actor = false): MethodRule {
  return {
    action,
    async allow(ctx, [arg]) {
      const flowRunId = typeof arg === 'number' ? arg : (arg as { flowRunId: number }).flowRunId
      const run = await ctx.core.getFlowRun(flowRunId)
      const groups = await groupsOf(ctx, run.definition)
      requireAll(ctx, groups, operate, { code: 'flow.runNotFound', id: flowRunId })
      return {
        groupId: groups[0] ?? null,
        target: `flow run ${flowRunId}`,
        params: typeof arg === 'number' ? { flowRunId } : arg,
        // A decision an agent made with its owner's MCP token names the owner and says it came through an agent.
        ...(actor && { args: [arg, ctx.principal.via === 'mcp' ? `${ctx.principal.name} (through an agent)` : ctx.principal.name] }),
      }
    },
    after: (run: { state?: string }) => ({ state: run?.state }),
  }
}

/** A new or edited graph: the caller operates every group of its job nodes (and of the graph it replaces). */
function graphWrite(action: 'flow.create' | 'flow.update'): MethodRule {
  return {
    action,
    async allow(ctx, [input]) {
      const id = typeof input?.id === 'number' ? input.id : undefined
      const before = id === undefined ? undefined : await ctx.core.getFlow(id)
      const groups = new Set(await groupsOf(ctx, input))
      if (before) for (const g of await groupsOf(ctx, before)) groups.add(g)
      requireAll(ctx, [...groups], true, { code: 'flow.notFound', id: id ?? 0 })
      return { groupId: [...groups][0] ?? null, target: before ? `flow ${before.id}` : 'new flow', before }
    },
  }
}

export const FLOW_RULES = {
  listFlows: {
    async allow() {
      return {}
    },
    async narrow(ctx, summaries: FlowSummary[]) {
      if (ctx.principal.groupIds === null) return summaries
      const visible: FlowSummary[] = []
      for (const summary of summaries) if (await seesFlow(ctx, summary.flow)) visible.push(summary)
      return visible
    },
  },
  getFlow: onFlow(false),
  addFlow: graphWrite('flow.create'),
  updateFlow: graphWrite('flow.update'),
  removeFlow: onFlow(true, 'flow.delete'),
  setFlowActive: {
    async allow(ctx, [request]) {
      const decision = await onFlow(true).allow(ctx, [request])
      return { ...decision, action: request.active ? 'flow.resume' : 'flow.pause' }
    },
  },
  triggerFlow: { ...onFlow(true, 'flow.trigger', true), after: (result: unknown) => result },
  getFlowRun: onRun(false),
  listFlowRuns: {
    async allow(ctx, [filter]) {
      if (filter?.flowId !== undefined) return onFlow(false).allow(ctx, [filter.flowId])
      // Across flows: admins, and everyone with every group (the same people).
      if (ctx.principal.groupIds !== null) requireAdmin(ctx.principal, ctx.method)
      return {}
    },
  },
  retryFlowRun: onRun(true, 'flow.retry'),
  killFlowRun: {
    ...onRun(true, 'flow.kill'),
    async allow(ctx, [flowRunId, options]) {
      const decision = await onRun(true, 'flow.kill').allow(ctx, [flowRunId])
      const keepFinished = (options as { keepFinished?: boolean } | undefined)?.keepFinished ?? false
      // The caller's name goes into the killed nodes' notes.
      return { ...decision, params: { flowRunId, keepFinished }, args: [flowRunId, { keepFinished }, ctx.principal.name] }
    },
  },
  // A node marked by hand can stand in for an approval (a waiting gate set to success): a person's too.
  markFlowNode: { ...onRun(true, 'flow.mark', true), peopleOnly: true },
  decideApproval: {
    ...onRun(true, undefined, true),
    peopleOnly: true,
    async allow(ctx, args) {
      const decision = await onRun(true, undefined, true).allow(ctx, args)
      return { ...decision, action: (args[0] as { approve: boolean }).approve ? 'flow.approve' : 'flow.reject' }
    },
  },
  chainToFlow: {
    action: 'flow.create',
    async allow(ctx, [request]) {
      const job = await ctx.core.getJob(request.rootJobId)
      requireOperates(ctx.principal, job.jobGroup, ctx.method, { code: 'job.notFound', id: request.rootJobId })
      // The chain's other jobs: the caller must operate their groups too.
      const links = await ctx.core.listLinks()
      const seen = new Set([request.rootJobId])
      for (let frontier = [request.rootJobId]; frontier.length > 0;) {
        frontier = links.filter((l) => frontier.includes(l.parentJobId) && !seen.has(l.childJobId)).map((l) => l.childJobId)
        for (const id of frontier) seen.add(id)
      }
      const groups = await groupsOf(ctx, { nodes: [...seen].map((jobId) => ({ key: 'k', jobId })) })
      requireAll(ctx, groups, true, { code: 'flow.notFound', id: 0 })
      return { groupId: job.jobGroup, target: `job ${request.rootJobId}`, params: request }
    },
  },
} satisfies Record<string, MethodRule>
