import { ACTIVE_FLOW_RUN_STATES, isJobNode, type ApprovalDecision, type FlowNodeMark, type FlowNodeState, type FlowRunState } from '../../shared/flow-types'
import { conflict, notFound } from '../../shared/messages/coded-errors'
import type { FlowRunRecord } from '../domain/flows'
import { currentRunsOfAttempt, isUnfinished } from './attempt-runs'
import type { FlowEngineDeps } from './flow-engine-deps'
import { FlowGraph } from '../../shared/flow-graph'
import { cutOutput } from './flow-params'
import { flowNoteText } from '../../shared/flow-notes'
import { nodeKill } from './flow-kill-plan'

const FINISHED: readonly FlowRunState[] = ['success', 'failed', 'killed']
/** What a retry runs again: the nodes that did not succeed, and (below) everything that depends on them. */
const RETRIED: ReadonlySet<FlowNodeState> = new Set(['failed', 'killed', 'upstream_failed', 'pending', 'waiting'])
/** A mark re-decides only the descendants whose state their parents decided; those that ran keep theirs. */
const DERIVED: ReadonlySet<FlowNodeState> = new Set(['upstream_failed', 'skipped'])

/**
 * What an operator does to a flow run: kill it, retry it, mark a node, decide an approval. Each is a
 * compare-and-set on the states it starts from, so a second click, or the same click on another
 * node of the cluster, is refused instead of doing it twice. `advance` moves the run on afterwards.
 */
export class FlowActions {
  constructor(
    private readonly deps: FlowEngineDeps,
    private readonly advance: (flowRunId: number) => Promise<void>,
    private readonly ended: (flowId: number, flowRunId: number) => void,
    /** Kills a running subflow node's child run (subflow-node.ts). */
    private readonly killChild: (flowRunId: number, node: { key: string; attempt: number }, reason: string) => Promise<void>,
  ) {}

  /**
   * Ends the run (killed, or failed for a time-out): its running nodes end killed and their runs are
   * killed, its approvals end; nodes not reached stay pending (a retry runs them). `keepFinished`:
   * a node whose runs have all ended keeps their outcome, and pending nodes end killed too
   * (flow-kill-plan.ts).
   */
  async kill(flowRunId: number, reason: string, endState: 'killed' | 'failed' = 'killed', keepFinished = false): Promise<void> {
    const { flowRuns } = this.deps.store
    const run = await this.run(flowRunId)
    const nowMs = this.deps.clock.nowMs()
    if (!(await flowRuns.setState(flowRunId, ACTIVE_FLOW_RUN_STATES, endState, { endTimeMs: nowMs, reason })))
      throw conflict('flow.runNotActive', { id: flowRunId, state: run.state })
    this.deps.ended?.(endState, run.flowId, flowRunId)
    const runIds = await flowRuns.runIdsOf(flowRunId)
    for (const node of await flowRuns.nodes(flowRunId)) {
      const current = node.state === 'running' ? await currentRunsOfAttempt(this.deps, runIds.get(node.key) ?? [], node.attempt) : []
      // A fan-out node is finished by its items' rule and a sub-flow node by its child run, never by the runs seen so far: a kill ends either.
      const def = run.definition.nodes.find((n) => n.key === node.key)
      const endsByItsOwn = def !== undefined && (def.kind === 'subflow' || (isJobNode(def) && def.forEach !== undefined))
      const plan = nodeKill(node.state, endsByItsOwn ? [] : current, keepFinished)
      if (plan.kind === 'leave') continue
      if (plan.kind === 'finish') {
        const { output, cutFromBytes } = cutOutput(plan.speaker.handleMsg)
        const endTimeMs = plan.speaker.handleTimeMs || nowMs
        await flowRuns.setNodeState(flowRunId, node.key, ['running'], node.attempt, plan.state, { output, outputCutFromBytes: cutFromBytes, endTimeMs })
        continue
      }
      if (!(await flowRuns.setNodeState(flowRunId, node.key, [node.state], node.attempt, 'killed', { endTimeMs: nowMs, note: reason }))) continue
      if (node.state !== 'running') continue
      // A fan-out node's items not done end with it (a no-op for any other node).
      await this.deps.store.flowItems.killOpen(flowRunId, node.key, node.attempt, nowMs)
      if (def?.kind === 'subflow') await this.killChild(flowRunId, node, reason)
      // Every run of the attempt still going (a fan-out node's: each running item's): its one run, or each shard's of a broadcast.
      for (const { id: logId } of current.filter(isUnfinished)) {
        await this.deps.killRun(logId).catch((error: unknown) => {
          // Finished meanwhile, or its executor is gone: the node is killed either way.
          this.deps.logger.warn('killing a flow node run failed', { flowRunId, key: node.key, logId, error: (error as Error).message })
        })
      }
    }
    this.deps.changed({ flowRunId, flowId: run.flowId, state: endState })
    this.ended(run.flowId, flowRunId)
  }

  /** A finished run again from its failures: succeeded nodes keep their results. */
  async retry(flowRunId: number): Promise<void> {
    const run = await this.run(flowRunId)
    if (!FINISHED.includes(run.state)) throw conflict('flow.runNotFinished', { id: flowRunId, state: run.state })
    const nodes = await this.deps.store.flowRuns.nodes(flowRunId)
    const graph = FlowGraph.of(run.definition)
    const again = graph.descendants(nodes.filter((n) => RETRIED.has(n.state)).map((n) => n.key))
    if (again.length === 0) throw conflict('flow.nothingToRetry', { id: flowRunId })
    await this.deps.store.transaction(async (tx) => {
      if (!(await tx.flowRuns.setState(flowRunId, FINISHED, 'running', { endTimeMs: 0, reason: '' })))
        throw conflict('flow.runNotFinished', { id: flowRunId, state: run.state })
      await tx.flowRuns.resetNodes(flowRunId, again)
    })
    this.deps.changed({ flowRunId, flowId: run.flowId, state: 'running' })
    await this.advance(flowRunId)
  }

  /** Sets a node that is not running to success or skipped; the nodes below it whose state followed from it are decided again. */
  async mark({ flowRunId, key, state }: FlowNodeMark, actor: string): Promise<void> {
    const run = await this.run(flowRunId)
    const nodes = await this.deps.store.flowRuns.nodes(flowRunId)
    const node = nodes.find((n) => n.key === key)
    if (!node) throw notFound('flow.nodeNotFound', { id: flowRunId, key })
    if (node.state === 'running') throw conflict('flow.nodeRunning', { id: flowRunId, key })
    const below = FlowGraph.of(run.definition)
      .descendants([key])
      .filter((k) => k !== key)
    const rederive = nodes.filter((n) => below.includes(n.key) && DERIVED.has(n.state)).map((n) => n.key)
    const nowMs = this.deps.clock.nowMs()
    await this.deps.store.transaction(async (tx) => {
      const note = flowNoteText({ kind: 'markedBy', state, actor })
      if (!(await tx.flowRuns.setNodeState(flowRunId, key, [node.state], node.attempt, state, { endTimeMs: nowMs, note }))) {
        throw conflict('flow.nodeChanged', { id: flowRunId, key })
      }
      await tx.flowRuns.resetNodes(flowRunId, rederive)
      // A finished run opens again when something below the mark is to be decided.
      if (FINISHED.includes(run.state)) await tx.flowRuns.setState(flowRunId, FINISHED, 'running', { endTimeMs: 0, reason: '' })
    })
    this.deps.changed({ flowRunId, flowId: run.flowId, state: FINISHED.includes(run.state) ? 'running' : run.state })
    await this.advance(flowRunId)
  }

  /** Approves (success) or rejects (failed: the children's rules decide what follows) a waiting approval. */
  async decide({ flowRunId, key, approve, comment }: ApprovalDecision, actor: string): Promise<void> {
    const run = await this.run(flowRunId)
    const node = (await this.deps.store.flowRuns.nodes(flowRunId)).find((n) => n.key === key)
    if (!node) throw notFound('flow.nodeNotFound', { id: flowRunId, key })
    const { output, cutFromBytes } = cutOutput(comment)
    const note = flowNoteText({ kind: approve ? 'approvedBy' : 'rejectedBy', actor, comment: comment.slice(0, 200) })
    const changed = await this.deps.store.flowRuns.setNodeState(flowRunId, key, ['waiting'], node.attempt, approve ? 'success' : 'failed', {
      output,
      outputCutFromBytes: cutFromBytes,
      endTimeMs: this.deps.clock.nowMs(),
      note,
    })
    if (!changed) throw conflict('flow.approvalNotWaiting', { id: flowRunId, key })
    this.deps.changed({ flowRunId, flowId: run.flowId, state: run.state })
    await this.advance(flowRunId)
  }

  private async run(flowRunId: number): Promise<FlowRunRecord> {
    const run = await this.deps.store.flowRuns.get(flowRunId)
    if (!run) throw notFound('flow.runNotFound', { id: flowRunId })
    return run
  }
}
