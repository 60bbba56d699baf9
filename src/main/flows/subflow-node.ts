import { FlowGraph } from '../../shared/flow-graph'
import { flowNoteText } from '../../shared/flow-notes'
import {
  ACTIVE_FLOW_RUN_STATES,
  SUBFLOW_MAX_DEPTH,
  type FlowDefinition,
  type FlowNodeState,
  type FlowRunState,
  type FlowSubflowNodeDef,
} from '../../shared/flow-types'
import { englishMessage } from '../../shared/messages'
import { placementMessage } from '../../shared/flow-references'
import type { ChildRunRef, FlowNodeChange, FlowNodeRecord, FlowRunRecord } from '../domain/flows'
import type { FlowEngineDeps } from './flow-engine-deps'
import { cutOutput } from './flow-params'
import { newFlowRun } from './flow-starts'
import { substituteReferences } from './substitute-references'

/**
 * Subflow nodes (docs/flows.md#sub-flows): a node that runs another flow as one step. Its start
 * claims the node and writes the child run in one transaction, so however many server nodes
 * advance the parent at once, one child run is written. The child run names the node's run, key
 * and attempt (FlowRunRecord.parentRun); its end decides that attempt of the node (success, failed
 * or killed, its output the child's: subflowOutput), and moves the parent on. A kill of the parent
 * kills the child; a retry of the parent starts a new child run for the node's new attempt. The
 * sweep catches an end the parent never heard of, and a child whose parent ended without reaching it.
 *
 * The child flow's maxActiveRuns holds: at the limit the child run queues (whatever the child's
 * overlap, except ALLOW, which starts it) and the node stays running until it has run. A parent
 * asked for that step, so it is never left out as a SKIP would leave a scheduled fire out.
 */
export class SubflowNodes {
  constructor(
    private readonly deps: FlowEngineDeps,
    private readonly engine: {
      /** A child run was written running: move it on. */
      started: (flowRunId: number) => void
      advance: (flowRunId: number) => Promise<void>
      kill: (flowRunId: number, reason: string) => Promise<void>
    },
  ) {}

  /** Starts the node's child run; the node's new state, or null when its claim was lost. */
  async start(run: FlowRunRecord, def: FlowSubflowNodeDef, node: FlowNodeRecord, nodes: ReadonlyMap<string, FlowNodeRecord>): Promise<FlowNodeState | null> {
    const { store, clock } = this.deps
    const nowMs = clock.nowMs()
    const fail = (note: string) => this.failPending(run.id, node, note, nowMs)
    if ((await this.depthOf(run)) + 1 > SUBFLOW_MAX_DEPTH) return fail(flowNoteText({ kind: 'subflowTooDeep', max: SUBFLOW_MAX_DEPTH }))
    let param: string | undefined
    if (def.param !== undefined) {
      const substituted = substituteReferences(def.param, { flowParam: run.param, outputOf: (key) => nodes.get(key)?.output })
      if (!substituted.ok) {
        const { code, params } = placementMessage(substituted.problem, def.key)
        return fail(englishMessage(code, params))
      }
      param = cutOutput(substituted.value).output
    }
    const created = await store.transaction(async (tx) => {
      if (!(await tx.flowRuns.claimNode(run.id, def.key, node.attempt, 'running', nowMs))) return null
      await tx.flows.lock(def.flowId)
      const flow = await tx.flows.get(def.flowId)
      if (!flow) {
        const note = englishMessage('flow.subflowNotFound', { key: def.key, id: def.flowId })
        await tx.flowRuns.setNodeState(run.id, def.key, ['running'], node.attempt, 'failed', { endTimeMs: nowMs, note })
        return 'missing' as const
      }
      const full = (await tx.flowRuns.countActive(flow.id)) >= flow.maxActiveRuns
      const state: FlowRunState = full && flow.overlap !== 'ALLOW' ? 'queued' : 'running'
      const request = { triggerType: 'PARENT' as const, ...(param !== undefined && { param }) }
      const parentRun = { flowRunId: run.id, key: def.key, attempt: node.attempt }
      const id = await tx.flowRuns.insertRun(
        { ...newFlowRun(flow, request, state, nowMs), parentRun },
        flow.nodes.map((n) => n.key),
      )
      return { id: id!, state, flowId: flow.id }
    })
    if (created === null) return null
    if (created === 'missing') return 'failed'
    this.deps.changed({ flowRunId: created.id, flowId: created.flowId, state: created.state })
    if (created.state === 'running') this.engine.started(created.id)
    return 'running'
  }

  /** A flow run ended: when a subflow node started it, that node ends with it and its run moves on. */
  async childEnded(flowRunId: number): Promise<void> {
    const child = await this.deps.store.flowRuns.get(flowRunId)
    if (child?.parentRun) await this.settleParent({ id: child.id, flowId: child.flowId, state: child.state, parent: child.parentRun })
  }

  /** Kills the child run of a subflow node's attempt (the parent run was killed or timed out). */
  async killChild(flowRunId: number, node: Pick<FlowNodeRecord, 'key' | 'attempt'>, reason: string): Promise<void> {
    for (const child of await this.deps.store.flowRuns.childRuns(flowRunId)) {
      if (child.parent.key !== node.key || child.parent.attempt !== node.attempt || !isActive(child.state)) continue
      await this.killQuietly(child.id, reason)
    }
  }

  /** One pass of the engine's sweep: ends the nodes whose child ended unheard, kills children whose parent ended. */
  async sweep(): Promise<void> {
    const { flowRuns } = this.deps.store
    for (const child of await flowRuns.endedChildrenOfRunningNodes()) await this.settleParent(child)
    for (const child of await flowRuns.activeChildrenOfEndedParents()) {
      const parent = await flowRuns.get(child.parent.flowRunId)
      await this.killQuietly(child.id, parent?.reason || `flow run ${child.parent.flowRunId} ended`)
    }
  }

  private async settleParent(child: ChildRunRef): Promise<void> {
    if (isActive(child.state)) return
    const { flowRuns } = this.deps.store
    const record = await flowRuns.get(child.id)
    if (!record) return
    const end = subflowNodeEnd(record, await flowRuns.nodes(child.id), this.deps.clock.nowMs())
    const { flowRunId, key, attempt } = child.parent
    if (!(await flowRuns.setNodeState(flowRunId, key, ['running'], attempt, end.state, end.change))) return
    const parent = await flowRuns.get(flowRunId)
    if (parent) this.deps.changed({ flowRunId, flowId: parent.flowId, state: parent.state })
    await this.engine.advance(flowRunId)
  }

  private async killQuietly(flowRunId: number, reason: string): Promise<void> {
    await this.engine.kill(flowRunId, reason).catch((error: unknown) => {
      // Ended meanwhile: its end reaches the parent by itself.
      this.deps.logger.warn('killing a sub-flow run failed', { flowRunId, error: (error as Error).message })
    })
  }

  /** How many parents above `run` (0 for a run no subflow node started); read up to one past the cap. */
  private async depthOf(run: FlowRunRecord): Promise<number> {
    let depth = 0
    let parent = run.parentRun
    while (parent && depth <= SUBFLOW_MAX_DEPTH) {
      depth++
      parent = (await this.deps.store.flowRuns.get(parent.flowRunId))?.parentRun ?? null
    }
    return depth
  }

  private async failPending(flowRunId: number, node: FlowNodeRecord, note: string, nowMs: number): Promise<FlowNodeState | null> {
    const changed = await this.deps.store.flowRuns.setNodeState(flowRunId, node.key, ['pending'], node.attempt, 'failed', {
      startTimeMs: nowMs,
      endTimeMs: nowMs,
      note,
    })
    return changed ? 'failed' : null
  }
}

const isActive = (state: FlowRunState) => (ACTIVE_FLOW_RUN_STATES as readonly FlowRunState[]).includes(state)

/**
 * A subflow node's end from its child run's: success, failed or killed as the child; its output
 * the child's (subflowOutput), cut at FLOW_VALUE_MAX_BYTES and saying so; its note naming the child.
 */
export function subflowNodeEnd(
  child: Pick<FlowRunRecord, 'id' | 'state' | 'endTimeMs' | 'definition'>,
  childNodes: readonly Pick<FlowNodeRecord, 'key' | 'output'>[],
  nowMs: number,
): { state: FlowNodeState; change: FlowNodeChange } {
  const state: FlowNodeState = child.state === 'success' ? 'success' : child.state === 'killed' ? 'killed' : 'failed'
  const { output, cutFromBytes } = cutOutput(subflowOutput(child.definition, childNodes))
  return {
    state,
    change: {
      output,
      outputCutFromBytes: cutFromBytes,
      endTimeMs: child.endTimeMs || nowMs,
      note: flowNoteText({ kind: 'subflowEnded', flowRunId: child.id, state: child.state }),
    },
  }
}

/**
 * What a child run gives its subflow node as output: the output of its leaf (a node without
 * children) when it has one, else a JSON object of each leaf's key to its output ('' for a leaf
 * that made none), in the order the definition lists them — the child's results, as a flow's
 * last steps are what it is for.
 */
export function subflowOutput(definition: FlowDefinition, childNodes: readonly Pick<FlowNodeRecord, 'key' | 'output'>[]): string {
  const graph = FlowGraph.of(definition)
  const outputs = new Map(childNodes.map((n) => [n.key, n.output]))
  const leaves = graph.keys.filter((key) => graph.children(key).length === 0)
  if (leaves.length === 1) return outputs.get(leaves[0]) ?? ''
  return JSON.stringify(Object.fromEntries(leaves.map((key) => [key, outputs.get(key) ?? ''])))
}
