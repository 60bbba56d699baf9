import type { Flow, FlowRunState, FlowTriggerResult, FlowTriggerType } from '../../shared/flow-types'
import { invalidField, notFound } from '../../shared/messages/coded-errors'
import { declaresParams } from '../../shared/job-params'
import { typedRunOf } from '../trigger/typed-run-params'
import type { NewFlowRun } from '../domain/flows'
import type { FlowEngineDeps } from './flow-engine-deps'

export interface FlowStartRequest {
  triggerType: FlowTriggerType
  /** `${flow.param}`; default the flow's own. */
  param?: string
  /** A flow with declared params: their values, formatted into `${flow.param}` by its paramFormat (docs/parameters.md). */
  params?: Record<string, unknown>
  /** The scheduled time a CRON/MISFIRE run is for (one run per flow and time, on every node), a BACKFILL run's slot. */
  scheduleTimeMs?: number | null
  /** A BACKFILL run's backfill: with the slot, the key that makes it the slot's one run of that backfill. */
  backfillId?: number
}

/** The row of a new run of `flow`: its graph as it is now (edits never change a run under way). */
export function newFlowRun(flow: Flow, request: FlowStartRequest, state: FlowRunState, nowMs: number): NewFlowRun {
  return {
    flowId: flow.id,
    state,
    triggerType: request.triggerType,
    ...flowParamOf(flow, request),
    scheduleTimeMs: request.scheduleTimeMs ?? null,
    ...(request.backfillId ? { backfillId: request.backfillId } : {}),
    definition: { nodes: flow.nodes, edges: flow.edges },
    startTimeMs: state === 'running' ? nowMs : 0,
    addTimeMs: nowMs,
  }
}

/**
 * `${flow.param}` of a new run: a text given as it is; for a flow with declared params, their values
 * (given, else the defaults, a backfill's dates its slot) formatted as a job's are, and kept as the
 * run's typed values (secrets as references); else the flow's own.
 */
function flowParamOf(flow: Flow, request: FlowStartRequest): Pick<NewFlowRun, 'param' | 'typedParams'> {
  if (request.params !== undefined && !declaresParams(flow)) throw invalidField('params', 'params.notDeclared')
  if (!declaresParams(flow) || (request.param !== undefined && request.params === undefined)) return { param: request.param ?? flow.param }
  const slotMs = request.backfillId ? (request.scheduleTimeMs ?? null) : null
  const strict = request.triggerType === 'MANUAL' || request.triggerType === 'API'
  const typed = typedRunOf(flow, request.params, slotMs, strict)
  return { param: typed.param, typedParams: typed.recorded }
}

/**
 * Creates flow runs by the flow's concurrency: below `maxActiveRuns` a run starts; at it, overlap
 * SKIP leaves the fire out, QUEUE writes the run as queued (it starts when a slot frees, oldest
 * first), ALLOW starts it anyway. The count and the insert share one transaction holding the
 * flow's row lock, so two nodes triggering one flow at once count each other.
 */
export class FlowStarts {
  constructor(
    private readonly deps: FlowEngineDeps,
    private readonly started: (flowRunId: number) => void,
  ) {}

  async start(flowId: number, request: FlowStartRequest): Promise<FlowTriggerResult> {
    const { store, clock } = this.deps
    const created = await store.transaction(async (tx): Promise<{ id: number; state: FlowRunState; flow: Flow } | null> => {
      await tx.flows.lock(flowId)
      const flow = await tx.flows.get(flowId)
      if (!flow) throw notFound('flow.notFound', { id: flowId })
      const full = (await tx.flowRuns.countActive(flowId)) >= flow.maxActiveRuns
      if (full && flow.overlap === 'SKIP') return null
      const state: FlowRunState = full && flow.overlap === 'QUEUE' ? 'queued' : 'running'
      const id = await tx.flowRuns.insertRun(
        newFlowRun(flow, request, state, clock.nowMs()),
        flow.nodes.map((n) => n.key),
      )
      return id === null ? null : { id, state, flow }
    })
    if (!created) return { flowRunId: null, state: 'skipped' }
    this.deps.changed({ flowRunId: created.id, flowId, state: created.state })
    if (created.state === 'running') this.started(created.id)
    return { flowRunId: created.id, state: created.state }
  }

  /** A run of `flowId` ended: its oldest queued run starts if a slot is free. */
  async startQueued(flowId: number): Promise<void> {
    const { store, clock } = this.deps
    const id = await store.transaction(async (tx) => {
      await tx.flows.lock(flowId)
      const flow = await tx.flows.get(flowId)
      if (!flow || (await tx.flowRuns.countActive(flowId)) >= flow.maxActiveRuns) return null
      const queued = await tx.flowRuns.oldestQueued(flowId)
      if (queued === null) return null
      return (await tx.flowRuns.setState(queued, ['queued'], 'running', { startTimeMs: clock.nowMs() })) ? queued : null
    })
    if (id === null) return
    this.deps.changed({ flowRunId: id, flowId, state: 'running' })
    this.started(id)
  }
}
