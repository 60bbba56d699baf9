import type { Flow } from '../../shared/flow-types'
import { sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { nextFireTimeMs } from '../schedule'
import { MaintenanceView } from '../scheduler/maintenance-view'
import { DuePlan, planDue, reconsiderHold, type FireType } from '../scheduler/plan-due'
import type { MissedSlot } from '../store/missed-slot-repo'
import type { ScheduledFlow } from '../store/flow-repo'
import type { Repos } from '../store/store'
import type { VersionedData } from '../store/version-repo'
import type { FlowEngine } from './flow-engine'
import type { ScheduleBook } from '../calendars/schedule-book'

/** Flows due per pass; more wait for the next second. */
const DUE_BATCH = 200

/** The next fire of a flow's schedule after `fromMs`, or 0 when it has none (NONE, or a cron whose times are past). */
export function nextFlowFireMs(flow: Pick<Flow, 'scheduleType' | 'scheduleConf' | 'timezone'>, fromMs: number): number {
  return nextFireTimeMs(flow, fromMs) ?? 0
}

interface FlowFire {
  scheduleTimeMs: number
  triggerType: FireType
}

const flowFire = (_flow: ScheduledFlow, scheduleTimeMs: number, _fireAtMs: number, triggerType: FireType): FlowFire => ({ scheduleTimeMs, triggerType })

/**
 * Fires the flows' own schedules, once a second on every node: a fire is taken by moving the flow's
 * next fire time on (compare-and-set), so whichever node moves it starts the run and the others
 * see it moved. The run's scheduled time is unique per flow as a second guard. The fires are
 * decided as the scan decides a job's (scheduler/plan-due.ts): a maintenance window covering the
 * flow holds its fires until it closes (FIRE_ONCE_NOW runs once then, MISFIRE), pause-all starts
 * nothing, a fire found more than the misfire threshold late is the flow's misfire strategy's, and
 * every slot not fired is recorded with why — by the node whose compare-and-set won, right after
 * it (a flow's fire has no transaction; a node that dies in between leaves those slots unrecorded).
 */
export class FlowSchedule {
  private readonly maintenance = new MaintenanceView()

  constructor(
    private readonly deps: {
      store: Pick<Repos, 'flows' | 'versions' | 'calendars' | 'windows' | 'settings' | 'missedSlots'>
      /** The calendars flows follow, brought up to date in a pass that fires one following a calendar. */
      calendars: ScheduleBook
      clock: Clock
      logger: Logger
      /** Starts the flow's run (flow-engine.ts): the schedule's fires go the engine's one way in. */
      engine: Pick<FlowEngine, 'start'>
      /** Told the slots a pass recorded as not fired: `/metrics` counts them by reason. */
      onSkipped?: (slots: readonly MissedSlot[]) => void
    },
  ) {}

  async pass(nowMs: number): Promise<number> {
    const { store, logger, calendars } = this.deps
    // One read of the versions a pass: windows, pause-all and calendars are reread only when theirs moved.
    const versions = await store.versions.current()
    await this.maintenance.refresh(store, versions)
    if (this.maintenance.paused) return 0
    await this.reconsider(nowMs, versions)
    const due = await store.flows.due(nowMs, DUE_BATCH)
    if (due.some((flow) => flow.calendar !== null)) await calendars.refresh(store, versions)
    const terms = { ...this.maintenance.termsAt(nowMs), nowMs, horizonMs: nowMs }
    const windowed = terms.windows.length > 0
    const plan = new DuePlan<ScheduledFlow, FlowFire>([], flowFire)
    let fired = 0
    for (const flow of due) {
      plan.fires.length = 0
      try {
        planDue(plan, flow, windowed ? { flowId: flow.id } : null, terms, calendars.nextFire, calendars.slotsOf(flow), [])
      } catch (error) {
        logger.error('flow schedule cannot be read; the flow stays paused', { flowId: flow.id, error: (error as Error).message })
        await store.flows.setSchedule(flow.id, 0, 0, nowMs)
        continue
      }
      if (!(await store.flows.claimFire(flow.id, flow.triggerNextTimeMs, plan.lastMs, plan.nextMs ?? 0, plan.heldMs))) continue
      await this.record(
        plan.skipped.map((slot) => ({ jobId: 0, flowId: flow.id, slotMs: slot.slotMs, reason: slot.reason, detail: slot.detail ?? '' })),
        nowMs,
      )
      if (plan.missedTimesMs.length > 0 && flow.misfireStrategy === 'DO_NOTHING')
        logger.warn('flow fire missed (misfire strategy DO_NOTHING)', { flowId: flow.id, scheduledMs: plan.missedTimesMs[0] })
      for (const fire of plan.fires) {
        const result = await this.deps.engine.start(flow.id, { triggerType: fire.triggerType, scheduleTimeMs: fire.scheduleTimeMs })
        if (result.state === 'skipped')
          logger.info('flow fire skipped: the flow is at its maxActiveRuns (overlap SKIP)', { flowId: flow.id, scheduledMs: fire.scheduleTimeMs })
        else fired++
      }
    }
    return fired
  }

  /** Passes just after each whole second until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.deps
    while (!signal.aborted) {
      await sleepUntil(clock, Math.floor(clock.nowMs() / 1000) * 1000 + 1005, signal)
      if (signal.aborted) return
      await this.pass(clock.nowMs()).catch((error: unknown) => logger.error('flow schedule pass failed', { error: (error as Error).message }))
    }
  }

  /**
   * After the windows changed, the held flows are looked at again (a page per pass): a window
   * removed or shortened releases them now, or at its new close (plan-due.ts reconsiderHold).
   */
  private async reconsider(nowMs: number, versions: Record<VersionedData, number>): Promise<void> {
    const fromId = this.maintenance.reconsidering
    if (fromId === null) return
    const { store, calendars } = this.deps
    const held = await store.flows.held(fromId, DUE_BATCH)
    this.maintenance.reconsidered(held.length < DUE_BATCH ? null : held[held.length - 1].id)
    if (held.some((flow) => flow.calendar !== null)) await calendars.refresh(store, versions)
    for (const flow of held) {
      // Its close has come: the pass decides it as any due flow.
      if (flow.triggerNextTimeMs <= nowMs) continue
      const target = { flowId: flow.id }
      const passedMs = flow.triggerHeldTimeMs >= nowMs ? await store.missedSlots.latestHeld(target, flow.triggerLastTimeMs, nowMs) : 0
      const changed = reconsiderHold(flow, target, nowMs, this.maintenance.windows, calendars.nextFire, passedMs)
      if (changed === null) continue
      if (await store.flows.claimFire(flow.id, flow.triggerNextTimeMs, flow.triggerLastTimeMs, changed.nextMs ?? 0, changed.heldMs))
        await store.missedSlots.forgetHeld(target, changed.forgetFromMs)
    }
  }

  private async record(slots: MissedSlot[], nowMs: number): Promise<void> {
    if (slots.length === 0) return
    await this.deps.store.missedSlots.record(slots, nowMs)
    this.deps.onSkipped?.(slots)
  }
}
