import { NotFoundError } from '../../shared/errors'
import { isJobNode, type FlowApprovalNodeDef, type FlowNodeDef, type FlowNodeState, type FlowRunState } from '../../shared/flow-types'
import type { FlowNodeRecord, FlowRunRecord } from '../domain/flows'
import type { FlowEngineDeps } from './flow-engine-deps'
import { FlowGraph } from '../../shared/flow-graph'
import { chosenSecretsOf, substituteReferences, type ParamSources } from './substitute-references'
import { decideNode, isDoneState, isFailedLikeState } from '../../shared/flow-trigger-rules'
import { flowNoteText } from '../../shared/flow-notes'
import { placementMessage, readsParamAsRequest, referencesIn } from '../../shared/flow-references'
import { englishMessage } from '../../shared/messages'
import { FanOut, isFanOutNode } from './fan-out'
import { branchGate, endSwitch } from './switch-node'
import type { SubflowNodes } from './subflow-node'
import { RunDefinitions, type RunDefinition } from './run-definitions'

const ACTIVE: readonly FlowRunState[] = ['running', 'waiting']

/**
 * Moves a flow run on from what its nodes' states are now: decides every pending node whose rule
 * can be decided (in topological order, so a skip reaches its descendants in the same pass), starts
 * the nodes that run, asks for the approvals, and ends the run once every node is done.
 *
 * Safe to call from any node at any time, as often as wanted: every step is a compare-and-set in the
 * database (a node is claimed in the transaction that writes its run), so two nodes deciding one
 * fan-in child at once start it once, and a pass on a stale view loses its claims and changes nothing.
 */
export class FlowAdvance {
  private readonly definitions = new RunDefinitions()
  private readonly fanOut: FanOut

  constructor(
    private readonly deps: FlowEngineDeps,
    private readonly subflows: Pick<SubflowNodes, 'start'>,
  ) {
    this.fanOut = new FanOut(deps)
  }

  /**
   * `ended`: the nodes whose ends brought this call (a completion's), when known. In a run of job
   * and approval nodes only their children can have become decidable, so the first pass reads and
   * decides those (and what a skip reaches), not every node: a step costs what changed, not the
   * run's size. Any other call, and any pass after a lost claim, looks at every node.
   */
  async advance(flowRunId: number, ended?: readonly string[]): Promise<void> {
    // A lost claim means someone else moved the run meanwhile: look again, a bounded number of times.
    for (let pass = 0; pass < 3; pass++) {
      const { flowRuns } = this.deps.store
      const head = await flowRuns.head(flowRunId)
      if (!head || !ACTIVE.includes(head.state)) return
      const kept = await this.definitions.of(flowRunId, () => flowRuns.definitionOf(flowRunId))
      if (!kept) return
      const run: FlowRunRecord = { ...head, definition: kept.definition }
      if (pass === 0 && ended !== undefined && ended.length > 0 && kept.focusable) {
        const { lost, running } = await this.decideFrom(run, kept, ended)
        // A node this pass started runs: the run is not done, and runs (unless it waited for an approval).
        if (running) await this.settleRunning(run)
        else await this.settle(run, null)
        if (!lost) return
        continue
      }
      const nodes = new Map((await flowRuns.nodes(flowRunId)).map((n) => [n.key, n]))
      const lost = await this.decidePending(run, nodes)
      // A fan-out node that ended lets its children be decided: another pass.
      const fannedOut = await this.fanOut.progress(run, run.definition.nodes.filter(isFanOutNode), nodes)
      await this.settle(run, nodes)
      if (!lost && !fannedOut) return
    }
  }

  /** Forgets a finished run's graph. */
  forget(flowRunId: number): void {
    this.definitions.forget(flowRunId)
  }

  /** Resolves true when a claim was lost (the view was stale). */
  private async decidePending(run: FlowRunRecord, nodes: Map<string, FlowNodeRecord>): Promise<boolean> {
    const graph = this.graphOf(run)
    let lost = false
    for (const def of graph.topologicalOrder().map((key) => graph.node(key))) {
      const node = nodes.get(def.key)
      if (!node || node.state !== 'pending') continue
      // A switch parent decides its children first: a branch it did not take is skipped (switch-node.ts).
      const gate = branchGate(graph, def.key, (key) => nodes.get(key))
      if (gate?.kind === 'wait') continue
      const decision = gate
        ? 'skipped'
        : decideNode(
            def.triggerRule ?? 'all_success',
            graph.parents(def.key).map((key) => nodes.get(key)?.state ?? 'pending'),
          )
      if (decision === 'wait') continue
      const state = decision === 'run' ? await this.start(run, def, node, nodes) : await this.end(run, node, decision, gate?.note ?? '')
      if (state === null) lost = true
      else node.state = state
    }
    return lost
  }

  /**
   * Decides the pending children of `ended`, then the children of those it ended (a skip reaches
   * its descendants), reading only them, their parents and the nodes their parameters name. The
   * same rules as decidePending, in the same (topological) order; `running` when it started a node.
   */
  private async decideFrom(run: FlowRunRecord, kept: RunDefinition, ended: readonly string[]): Promise<{ lost: boolean; running: boolean }> {
    const { graph, position } = kept
    let lost = false
    let running = false
    // Keys the graph does not have (a definition damaged since) are passed over, never thrown on.
    let from = ended.filter((key) => graph.has(key))
    // Each round goes at least one layer down the graph: never more rounds than it has nodes.
    for (let round = 0; from.length > 0 && round < position.size; round++) {
      const candidates = [...new Set(from.flatMap((key) => graph.children(key)))].sort((a, b) => position.get(a)! - position.get(b)!)
      const wanted = new Set(candidates)
      for (const key of candidates) {
        for (const parent of graph.parents(key)) wanted.add(parent)
        const def = graph.node(key)
        if (isJobNode(def)) for (const at of referencesIn(def.param ?? '')) if (at.reference?.kind === 'nodeOutput') wanted.add(at.reference.key)
      }
      const nodes = new Map((await this.deps.store.flowRuns.nodesOf(run.id, [...wanted])).map((n) => [n.key, n]))
      const next: string[] = []
      for (const key of candidates) {
        const node = nodes.get(key)
        if (!node || node.state !== 'pending') continue
        const def = graph.node(key)
        const decision = decideNode(
          def.triggerRule ?? 'all_success',
          graph.parents(key).map((parent) => nodes.get(parent)?.state ?? 'pending'),
        )
        if (decision === 'wait') continue
        const state = decision === 'run' ? await this.start(run, def, node, nodes) : await this.end(run, node, decision, '')
        if (state === null) lost = true
        else {
          node.state = state
          if (state === 'running') running = true
          if (isDoneState(state)) next.push(key)
        }
      }
      from = next
    }
    return { lost, running }
  }

  /** The node's new state, or null when its claim was lost. */
  private async start(run: FlowRunRecord, def: FlowNodeDef, node: FlowNodeRecord, nodes: Map<string, FlowNodeRecord>): Promise<FlowNodeState | null> {
    if (def.kind === 'approval') return this.ask(run, def, node)
    if (def.kind === 'subflow') return this.subflows.start(run, def, node, nodes)
    if (def.kind === 'switch') return endSwitch(this.deps.store.flowRuns, run, def, node, nodes, this.deps.clock.nowMs())
    if (isFanOutNode(def)) return this.fanOut.start(run, def, node, nodes)
    const job = def
    // The job's handler matters only to a parameter with references in it: most have none, and skip the read.
    const param = job.param ?? ''
    const target = referencesIn(param).some((at) => at.reference !== null) ? await this.deps.store.jobs.get(job.jobId) : undefined
    const readsRequest = target !== undefined && readsParamAsRequest(target)
    const artifactUrlOf = await this.artifactUrls(param, run.id, def.key, node.attempt)
    const substituted = substituteReferences(
      param,
      { flowParam: run.param, outputOf: (key) => nodes.get(key)?.output, artifactUrlOf, flowParamSecrets: chosenSecretsOf(run.typedParams) },
      readsRequest,
    )
    if (!substituted.ok) {
      // A definition saved before the rule, or a job changed since: refused, never sent as it would read.
      const { code, params } = placementMessage(substituted.problem, def.key)
      const why = englishMessage(code, params)
      this.deps.logger.warn('flow node parameter refused', { flowRunId: run.id, key: def.key, error: why })
      return this.end(run, node, 'failed', why)
    }
    const { value, cut } = substituted
    if (cut.length > 0) this.deps.logger.warn('flow node parameter: outputs cut', { flowRunId: run.id, key: def.key, cut })
    try {
      const { logIds } = await this.deps.trigger(
        {
          jobId: job.jobId,
          triggerType: 'FLOW',
          ...(job.param !== undefined && { executorParam: value }),
          flowStep: { flowRunId: run.id, key: def.key, attempt: node.attempt, first: true },
          // The node's pools and priority, when it declares them, in place of its job's.
          ...((job.pools !== undefined || job.priority !== undefined) && { capacity: { pools: job.pools, priority: job.priority } }),
          // `${schedule.date}` in a node's parameter is the flow run's slot, as a job's is its own.
          scheduleSlotMs: run.scheduleTimeMs ?? (run.startTimeMs > 0 ? run.startTimeMs : undefined),
        },
        // Before the run can complete: its completion is what moves the flow on.
        (ids) => this.deps.expedite(ids),
      )
      return logIds.length > 0 ? 'running' : null
    } catch (error) {
      // The job is gone (deleted since the flow was saved) or its run could not be written: the node fails, with why.
      const why = error instanceof NotFoundError ? flowNoteText({ kind: 'jobMissing', jobId: job.jobId }) : (error as Error).message
      this.deps.logger.warn('flow node could not start', { flowRunId: run.id, key: def.key, error: why })
      return this.end(run, node, 'failed', why)
    }
  }

  /** `${nodes.<key>.artifacts.<name>}`'s URLs for this node's attempt: the artifact of the named node's latest run. */
  private async artifactUrls(param: string, flowRunId: number, key: string, attempt: number): Promise<ParamSources['artifactUrlOf']> {
    const links = this.deps.artifactLinks
    if (!links || !referencesIn(param).some((at) => at.reference?.kind === 'nodeArtifact')) return undefined
    const runIds = await this.deps.store.flowRuns.runIdsOf(flowRunId)
    return (from, name) => {
      const runId = runIds.get(from)?.at(-1)
      return runId === undefined ? undefined : links.urlFor(runId, name, { flowRunId, key, attempt })
    }
  }

  private async ask(run: FlowRunRecord, def: FlowApprovalNodeDef, node: FlowNodeRecord): Promise<FlowNodeState | null> {
    const { flowRuns, flows } = this.deps.store
    if (!(await flowRuns.claimNode(run.id, def.key, node.attempt, 'waiting', this.deps.clock.nowMs()))) return null
    const flow = await flows.get(run.flowId)
    this.deps.announce({
      kind: 'approval',
      flowRunId: run.id,
      flowId: run.flowId,
      flowName: flow?.name ?? '',
      alarmEmail: flow?.alarmEmail ?? '',
      key: def.key,
      prompt: def.prompt ?? '',
    })
    return 'waiting'
  }

  private async end(run: FlowRunRecord, node: FlowNodeRecord, state: FlowNodeState, note: string): Promise<FlowNodeState | null> {
    const nowMs = this.deps.clock.nowMs()
    const changed = await this.deps.store.flowRuns.setNodeState(run.id, node.key, ['pending'], node.attempt, state, {
      startTimeMs: nowMs,
      endTimeMs: nowMs,
      note,
    })
    return changed ? state : null
  }

  /**
   * The run's own state from its nodes': waiting while only approvals are left, running while a
   * node runs, and once every node is done success or failed by its leaves (Airflow's rule: a
   * failure a downstream `all_done` or `one_failed` node handled does not fail the run).
   */
  private async settle(run: FlowRunRecord, known: Map<string, FlowNodeRecord> | null): Promise<void> {
    const { flowRuns } = this.deps.store
    // Without the nodes at hand (a step that read a few), the states they are in, each once.
    const states = known ? [...known.values()].map((n) => n.state) : [...(await flowRuns.nodeStates(run.id))]
    const nowMs = this.deps.clock.nowMs()
    let next: FlowRunState | null = null
    // Every node is done: its leaves (and, on a failure, the failed nodes' keys) need them all, read once per run.
    const nodes = known ?? (states.every(isDoneState) ? new Map((await flowRuns.nodes(run.id)).map((n) => [n.key, n])) : new Map<string, FlowNodeRecord>())
    if (states.every(isDoneState)) {
      const graph = this.graphOf(run)
      const leaves = graph.keys.filter((key) => graph.children(key).length === 0)
      const failed = leaves.some((key) => isFailedLikeState(nodes.get(key)?.state ?? 'pending'))
      next = failed ? 'failed' : 'success'
    } else if (!states.includes('running') && states.includes('waiting')) next = 'waiting'
    else if (run.state === 'waiting' && states.includes('running')) next = 'running'
    if (next === null || next === run.state) return
    const ended = next === 'success' || next === 'failed'
    if (!(await flowRuns.setState(run.id, ACTIVE, next, ended ? { endTimeMs: nowMs } : {}))) return
    this.deps.changed({ flowRunId: run.id, flowId: run.flowId, state: next })
    if (!ended) return
    this.deps.ended?.(next, run.flowId, run.id)
    this.forget(run.id)
    if (next === 'failed') {
      const flow = await this.deps.store.flows.get(run.flowId)
      const failedNodes = [...nodes.values()].filter((n) => n.state === 'failed').map((n) => n.key)
      this.deps.announce({ kind: 'failed', flowRunId: run.id, flowId: run.flowId, flowName: flow?.name ?? '', alarmEmail: flow?.alarmEmail ?? '', failedNodes })
    }
    this.onEnded?.(run.flowId, run.id)
  }

  /** A step started a node of the run: it runs, so only a run that waited for an approval changes state (to running). */
  private async settleRunning(run: FlowRunRecord): Promise<void> {
    if (run.state !== 'waiting') return
    if (await this.deps.store.flowRuns.setState(run.id, ['waiting'], 'running')) this.deps.changed({ flowRunId: run.id, flowId: run.flowId, state: 'running' })
  }

  /** Told when a run ended, so a queued run of the same flow can take its slot and a parent's subflow node ends with it. */
  onEnded?: (flowId: number, flowRunId: number) => void

  /** The run's graph: kept beside its definition by `advance`, made here only for a run it no longer keeps. */
  private graphOf(run: FlowRunRecord): FlowGraph {
    return this.definitions.graphOf(run.id) ?? FlowGraph.of(run.definition)
  }
}
