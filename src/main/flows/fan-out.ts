import { NotFoundError } from '../../shared/errors'
import { isJobNode, type FlowJobNodeDef, type FlowNodeState } from '../../shared/flow-types'
import { flowNoteText } from '../../shared/flow-notes'
import { placementMessage, readsParamAsRequest, referencesIn } from '../../shared/flow-references'
import { englishMessage } from '../../shared/messages'
import type { FlowNodeRecord, FlowRunRecord } from '../domain/flows'
import { fanOutEnd, itemsToStart, itemValues, resolveList } from './fan-out-items'
import type { FlowEngineDeps } from './flow-engine-deps'
import { chosenSecretsOf, substituteReferences, type ParamSources } from './substitute-references'

/** A job node with a list to fan out over. */
export type FanOutNodeDef = FlowJobNodeDef & { forEach: string }

export const isFanOutNode = (def: Parameters<typeof isJobNode>[0]): def is FanOutNodeDef => isJobNode(def) && def.forEach !== undefined

/**
 * Runs a fan-out node (docs/flows.md#fan-out-foreach): its job once per item of its list, at most
 * `forEachConcurrency` at once. Starting the node writes its items, pending; every pass of the flow
 * (a completion, the sweep) starts pending items while the cap leaves room and ends the node once
 * every item has. Each item is claimed in the transaction that writes its run, with the cap checked
 * there under the node's row lock (FlowItemRepo.claim), so any server may make the pass, as often
 * as it likes: an item never runs twice, and no more than the cap run at once across the cluster.
 */
export class FanOut {
  constructor(private readonly deps: FlowEngineDeps) {}

  /**
   * Starts a pending fan-out node: reads its list, then claims the node and writes its items in one
   * transaction. A list that is not a JSON array, or too long, fails the node with why; an empty
   * one ends it at once, success with output `[]`. The node's new state, or null when its claim was lost.
   */
  async start(run: FlowRunRecord, def: FanOutNodeDef, node: FlowNodeRecord, nodes: ReadonlyMap<string, FlowNodeRecord>): Promise<FlowNodeState | null> {
    const { flowRuns } = this.deps.store
    const nowMs = this.deps.clock.nowMs()
    const list = resolveList(def.forEach, sourcesOf(run, nodes))
    if (!list.ok || list.items.length === 0) {
      const state = list.ok ? 'success' : 'failed'
      const note = list.ok ? '' : englishMessage(list.code, list.params)
      const changed = await flowRuns.setNodeState(run.id, def.key, ['pending'], node.attempt, state, {
        startTimeMs: nowMs,
        endTimeMs: nowMs,
        note,
        ...(list.ok && { output: '[]', outputCutFromBytes: null }),
      })
      // Its children may be decided in this same pass: they read the output from the record.
      if (changed && list.ok) node.output = '[]'
      return changed ? state : null
    }
    const claimed = await this.deps.store.transaction(async (tx) => {
      if (!(await tx.flowRuns.claimNode(run.id, def.key, node.attempt, 'running', nowMs))) return false
      await tx.flowItems.insertItems(run.id, def.key, node.attempt, list.items.length)
      return true
    })
    return claimed ? 'running' : null
  }

  /**
   * Moves the run's running fan-out nodes on: each ends when every item has (by its rule), else its
   * pending items start while its cap leaves room. Resolves true when a node ended (its children
   * may now be decided).
   */
  async progress(run: FlowRunRecord, defs: readonly FanOutNodeDef[], nodes: Map<string, FlowNodeRecord>): Promise<boolean> {
    let ended = false
    for (const def of defs) {
      const node = nodes.get(def.key)
      if (node?.state !== 'running') continue
      const state = await this.progressNode(run, def, node, nodes)
      if (state === null) continue
      node.state = state
      ended = true
    }
    return ended
  }

  /** The node's state when this pass ended it, else null. */
  private async progressNode(
    run: FlowRunRecord,
    def: FanOutNodeDef,
    node: FlowNodeRecord,
    nodes: ReadonlyMap<string, FlowNodeRecord>,
  ): Promise<FlowNodeState | null> {
    const { flowRuns, flowItems } = this.deps.store
    const items = await flowItems.items(run.id, def.key, node.attempt)
    const end = fanOutEnd(items, def.forEachRule ?? 'all', this.deps.clock.nowMs())
    if (end) {
      const { state, output, outputCutFromBytes, endTimeMs } = end
      const changed = await flowRuns.setNodeState(run.id, def.key, ['running'], node.attempt, state, { output, outputCutFromBytes, endTimeMs })
      return changed ? state : null
    }
    const cap = def.forEachConcurrency ?? 1
    const toStart = itemsToStart(items, cap)
    if (toStart.length === 0) return null
    const sources = sourcesOf(run, nodes)
    // The list again: the values it is read from (parents' outputs, the run's parameter) do not change while the node runs.
    const list = resolveList(def.forEach, sources)
    if (!list.ok || list.items.length !== items.length) {
      // Not reachable by the engine's own moves (a retry or a mark never rewrites a running node's parents); a node is never left waiting on it.
      const note = list.ok
        ? `the forEach list has ${list.items.length} items now, ${items.length} when the node started`
        : englishMessage(list.code, list.params)
      this.deps.logger.warn('fan-out list changed while its node ran', { flowRunId: run.id, key: def.key, note })
      const changed = await flowRuns.setNodeState(run.id, def.key, ['running'], node.attempt, 'failed', { endTimeMs: this.deps.clock.nowMs(), note })
      return changed ? 'failed' : null
    }
    const readsRequest = await this.readsRequest(def)
    for (const index of toStart) {
      // A lost claim: the cap is full (another server started items meanwhile) or the item is taken. The next pass looks again.
      if (!(await this.startItem(run, def, node, { ...sources, item: itemValues(list.items, index) }, cap, readsRequest))) break
    }
    return null
  }

  /** True when the item's run was written; false when its claim was lost. An item whose run cannot be written ends failed, with why. */
  private async startItem(
    run: FlowRunRecord,
    def: FanOutNodeDef,
    node: FlowNodeRecord,
    sources: ParamSources & { item: { text: string; index: number } },
    cap: number,
    readsRequest: boolean,
  ): Promise<boolean> {
    const index = sources.item.index
    let param = sources.item.text
    if (def.param !== undefined) {
      const substituted = substituteReferences(def.param, sources, readsRequest)
      if (!substituted.ok) {
        const { code, params } = placementMessage(substituted.problem, def.key)
        return this.failItem(run, def, node, index, englishMessage(code, params))
      }
      param = substituted.value
    }
    try {
      const { logIds } = await this.deps.trigger(
        {
          jobId: def.jobId,
          triggerType: 'FLOW',
          executorParam: param,
          flowStep: { flowRunId: run.id, key: def.key, attempt: node.attempt, first: true, item: { index, cap } },
          ...((def.pools !== undefined || def.priority !== undefined) && { capacity: { pools: def.pools, priority: def.priority } }),
          scheduleSlotMs: run.scheduleTimeMs ?? (run.startTimeMs > 0 ? run.startTimeMs : undefined),
        },
        (ids) => this.deps.expedite(ids),
      )
      return logIds.length > 0
    } catch (error) {
      const why = error instanceof NotFoundError ? flowNoteText({ kind: 'jobMissing', jobId: def.jobId }) : (error as Error).message
      return this.failItem(run, def, node, index, why)
    }
  }

  /** Ends a pending item failed (its run could not be written); its output says why. The pass goes on to the next item. */
  private async failItem(run: FlowRunRecord, def: FanOutNodeDef, node: FlowNodeRecord, index: number, why: string): Promise<boolean> {
    this.deps.logger.warn('fan-out item could not start', { flowRunId: run.id, key: def.key, index, error: why })
    await this.deps.store.flowItems.end({ flowRunId: run.id, key: def.key, attempt: node.attempt, index }, 'pending', 'failed', why, this.deps.clock.nowMs())
    return true
  }

  /** Whether the node's job reads its parameter as a request; read only for a parameter with references. */
  private async readsRequest(def: FanOutNodeDef): Promise<boolean> {
    if (def.param === undefined || !referencesIn(def.param).some((at) => at.reference !== null)) return false
    const job = await this.deps.store.jobs.get(def.jobId)
    return job !== undefined && job !== null && readsParamAsRequest(job)
  }
}

function sourcesOf(run: FlowRunRecord, nodes: ReadonlyMap<string, FlowNodeRecord>): ParamSources {
  return { flowParam: run.param, outputOf: (key) => nodes.get(key)?.output, flowParamSecrets: chosenSecretsOf(run.typedParams) }
}
