import type { ApprovalDecision, Flow, FlowApprovalNodeDef, FlowNodeMark, FlowTriggerResult } from '../../shared/flow-types'
import { runPeriodically } from '../kernel/clock'
import type { FlowRunRecord } from '../domain/flows'
import { FlowActions } from './flow-actions'
import { FlowAdvance } from './flow-advance'
import { applyCompletions } from './flow-completions'
import type { FlowEngineDeps } from './flow-engine-deps'
import { FlowStarts, type FlowStartRequest } from './flow-starts'
import { flowNoteText } from '../../shared/flow-notes'
import { SubflowNodes } from './subflow-node'

/** How often the sweep looks at the active flow runs (time-outs, queued runs, anything missed). */
export const FLOW_SWEEP_PERIOD_MS = 1000
/** Every this many sweeps, every active run is moved on, whatever changed (see `sweep`). */
const FULL_SWEEP_EVERY = 10

/**
 * Runs flows: starts their runs, moves them on as their nodes' job runs complete, and carries out
 * the operators' actions. Every decision is a compare-and-set in the database, so every node of a
 * cluster runs an engine and none needs to be told what another did; the sweep makes the runs
 * converge whatever was missed (a stop between a run's completion and its node's update, a node
 * that died mid-run, a lapsed approval or time-out).
 */
export class FlowEngine {
  private readonly advancer: FlowAdvance
  private readonly starts: FlowStarts
  private readonly actions: FlowActions
  private readonly subflows: SubflowNodes
  /**
   * Whether any flow run may be active: while false, completions need no lookup (the sweep
   * refreshes it each period; a start here sets it at once).
   */
  private mayHaveActive = true
  private readonly inFlight = new Set<Promise<unknown>>()
  private sweeps = 0

  constructor(private readonly deps: FlowEngineDeps) {
    this.subflows = new SubflowNodes(deps, {
      started: (id) => this.track(this.advance(id)),
      advance: (id) => this.advance(id),
      kill: (id, reason) => this.actions.kill(id, reason),
    })
    this.advancer = new FlowAdvance(deps, this.subflows)
    this.starts = new FlowStarts(deps, (id) => this.track(this.advance(id)))
    // A run's end frees a slot of its flow, and ends the subflow node that started it (if one did).
    const ended = (flowId: number, flowRunId: number) => {
      this.track(this.starts.startQueued(flowId))
      this.track(this.subflows.childEnded(flowRunId))
    }
    this.actions = new FlowActions(
      deps,
      (id) => this.advance(id),
      ended,
      (id, node, reason) => this.subflows.killChild(id, node, reason),
    )
    this.advancer.onEnded = ended
  }

  async start(flowId: number, request: FlowStartRequest): Promise<FlowTriggerResult> {
    this.mayHaveActive = true
    return this.starts.start(flowId, request)
  }

  /**
   * Runs another service wrote as running in a transaction of its own (a backfill's step writes a
   * flow run per slot): told to the consoles and moved on from here, as a start's are.
   */
  startWritten(runs: readonly { flowRunId: number; flowId: number }[]): void {
    if (runs.length === 0) return
    this.mayHaveActive = true
    for (const { flowRunId, flowId } of runs) {
      this.deps.changed({ flowRunId, flowId, state: 'running' })
      this.track(this.advance(flowRunId))
    }
  }

  /** Call with the ids of job runs that were just completed (each once). */
  async completed(logIds: readonly number[]): Promise<void> {
    if (!this.mayHaveActive || logIds.length === 0) return
    const steps = await this.deps.store.flowRuns.stepsOf(logIds)
    if (steps.length === 0) return
    const runs = await this.deps.store.runs.getMany(steps.map((s) => s.logId))
    // Each flow run moves on by itself: one waiting on another's trigger would add its time to every step.
    const touched = [...(await applyCompletions(this.deps, runs, steps))]
    await Promise.all(
      touched.map(async ([flowRunId, ended]) => {
        await this.changedRun(flowRunId)
        // The nodes that ended: the advance decides what follows them, not every node of the run.
        await this.advancer.advance(flowRunId, ended)
      }),
    )
  }

  /** `keepFinished`: what has finished keeps its outcome, only what is going or still to start ends killed (flow-kill-plan.ts). */
  kill(flowRunId: number, actor: string, keepFinished = false): Promise<void> {
    return this.actions.kill(flowRunId, flowNoteText({ kind: 'killedBy', actor }), 'killed', keepFinished)
  }

  /** A retry or a mark opens a finished run again: its completions are looked up at once, not after the next sweep. */
  retry(flowRunId: number): Promise<void> {
    this.mayHaveActive = true
    return this.actions.retry(flowRunId)
  }

  mark(mark: FlowNodeMark, actor: string): Promise<void> {
    this.mayHaveActive = true
    return this.actions.mark(mark, actor)
  }

  decide(decision: ApprovalDecision, actor: string): Promise<void> {
    return this.actions.decide(decision, actor)
  }

  /**
   * One pass over the active runs; the loop of `run` calls it each period. Cheap however many runs
   * are under way: one query for them, one for completions their nodes missed, the flows' time-outs
   * from their definitions; every run is moved on only each FULL_SWEEP_EVERY passes (a pass that a
   * stop interrupted mid-advance is the only thing that needs it), the ones that changed at once.
   */
  async sweep(): Promise<void> {
    const { flowRuns, flows, runs } = this.deps.store
    const active = await flowRuns.activeRuns()
    this.mayHaveActive = active.length > 0
    if (active.length === 0) return
    const full = ++this.sweeps % FULL_SWEEP_EVERY === 0
    await this.subflows.sweep().catch((error: unknown) => this.deps.logger.error('sub-flow sweep failed', { error: (error as Error).message }))
    // A node's completions and a fan-out item's, missed (the process stopped between a run's end and its step's).
    const missed = [...(await flowRuns.endedRunningSteps()), ...(await this.deps.store.flowItems.endedRunningSteps())]
    const touched = new Set(missed.length > 0 ? (await applyCompletions(this.deps, await runs.getMany(missed.map((s) => s.logId)), missed)).keys() : [])
    const nowMs = this.deps.clock.nowMs()
    const flowsById = new Map<number, Flow | null>()
    const queuedFlows = new Set<number>()
    for (const run of active) {
      try {
        if (run.state === 'queued') {
          queuedFlows.add(run.flowId)
          continue
        }
        if (!flowsById.has(run.flowId)) flowsById.set(run.flowId, await flows.get(run.flowId))
        const flow = flowsById.get(run.flowId) ?? null
        if (flow && flow.timeoutSec > 0 && run.startTimeMs > 0 && nowMs >= run.startTimeMs + flow.timeoutSec * 1000) {
          await this.timeOut(run, flow)
          continue
        }
        if (await this.expireApprovals(run, nowMs)) touched.add(run.id)
        if (full || touched.has(run.id)) await this.advance(run.id)
      } catch (error) {
        this.deps.logger.error('flow run sweep failed', { flowRunId: run.id, error: (error as Error).message })
      }
    }
    for (const flowId of queuedFlows) await this.starts.startQueued(flowId)
  }

  /** Sweeps every period until `signal` aborts. */
  run(signal: AbortSignal): Promise<void> {
    return runPeriodically(
      this.deps.clock,
      FLOW_SWEEP_PERIOD_MS,
      signal,
      () => this.sweep(),
      (error) => this.deps.logger.error('flow sweep failed', { error: (error as Error).message }),
    )
  }

  /** Resolves when the work started in the background (advances after starts, queued starts) is done. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  private async timeOut(run: FlowRunRecord, flow: Flow): Promise<void> {
    await this.actions.kill(run.id, flowNoteText({ kind: 'timedOut', seconds: flow.timeoutSec }), 'failed')
    this.deps.announce({
      kind: 'timeout',
      flowRunId: run.id,
      flowId: run.flowId,
      flowName: flow.name,
      alarmEmail: flow.alarmEmail,
      timeoutSec: flow.timeoutSec,
    })
  }

  /** An approval undecided past its time-out is rejected; resolves true when one was. */
  private async expireApprovals(run: FlowRunRecord, nowMs: number): Promise<boolean> {
    const limits = new Map(
      run.definition.nodes.filter((n): n is FlowApprovalNodeDef => n.kind === 'approval' && (n.timeoutSec ?? 0) > 0).map((n) => [n.key, n.timeoutSec! * 1000]),
    )
    if (limits.size === 0) return false
    let expired = false
    for (const node of await this.deps.store.flowRuns.nodes(run.id)) {
      const limitMs = limits.get(node.key)
      if (node.state !== 'waiting' || limitMs === undefined || nowMs < node.startTimeMs + limitMs) continue
      expired ||= await this.deps.store.flowRuns.setNodeState(run.id, node.key, ['waiting'], node.attempt, 'failed', {
        endTimeMs: nowMs,
        note: flowNoteText({ kind: 'undecided', seconds: limitMs / 1000 }),
      })
    }
    return expired
  }

  private async advance(flowRunId: number): Promise<void> {
    await this.advancer.advance(flowRunId)
  }

  private async changedRun(flowRunId: number): Promise<void> {
    // The head alone: its definition (tens of kB at hundreds of nodes) is not what changed.
    const run = await this.deps.store.flowRuns.head(flowRunId)
    if (run) this.deps.changed({ flowRunId, flowId: run.flowId, state: run.state })
  }

  private track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => this.deps.logger.error('flow work failed', { error: (error as Error).message }))
      .finally(() => this.inFlight.delete(tracked))
    this.inFlight.add(tracked)
  }
}
