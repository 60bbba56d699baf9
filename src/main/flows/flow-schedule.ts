import type { Flow } from '../../shared/flow-types'
import { sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { nextFireTimeMs } from '../schedule'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import type { Repos } from '../store/store'
import type { FlowEngine } from './flow-engine'
import type { ScheduleBook } from '../calendars/schedule-book'

/** Flows due per pass; more wait for the next second. */
const DUE_BATCH = 200

/** The next fire of a flow's schedule after `fromMs`, or 0 when it has none (NONE, or a cron whose times are past). */
export function nextFlowFireMs(flow: Pick<Flow, 'scheduleType' | 'scheduleConf' | 'timezone'>, fromMs: number): number {
  return nextFireTimeMs(flow, fromMs) ?? 0
}

/**
 * Fires the flows' own schedules, once a second on every node: a fire is taken by moving the flow's
 * next fire time on (compare-and-set), so whichever node moves it starts the run and the others
 * see it moved. The run's scheduled time is unique per flow as a second guard. A fire found more
 * than the misfire threshold late is the flow's misfire strategy's: DO_NOTHING leaves it out,
 * FIRE_ONCE_NOW runs it once (MISFIRE) for all the times it missed.
 */
export class FlowSchedule {
  constructor(
    private readonly deps: {
      store: Pick<Repos, 'flows' | 'versions' | 'calendars'>
      /** The calendars flows follow, brought up to date in a pass that fires one following a calendar. */
      calendars: ScheduleBook
      clock: Clock
      logger: Logger
      /** Starts the flow's run (flow-engine.ts): the schedule's fires go the engine's one way in. */
      engine: Pick<FlowEngine, 'start'>
    },
  ) {}

  async pass(nowMs: number): Promise<number> {
    const { store, logger, calendars } = this.deps
    let fired = 0
    const due = await store.flows.due(nowMs, DUE_BATCH)
    if (due.some((flow) => flow.calendar !== null)) await calendars.refresh(store)
    for (const flow of due) {
      const scheduledMs = flow.triggerNextTimeMs
      const late = nowMs > scheduledMs + PRE_READ_MS
      let nextMs: number
      try {
        nextMs = nextFlowFireMs(calendars.specOf(flow), late ? nowMs : scheduledMs)
      } catch (error) {
        logger.error('flow schedule cannot be read; the flow stays paused', { flowId: flow.id, error: (error as Error).message })
        await store.flows.setSchedule(flow.id, 0, 0, nowMs)
        continue
      }
      if (!(await store.flows.claimFire(flow.id, scheduledMs, nowMs, nextMs))) continue
      if (late && flow.misfireStrategy === 'DO_NOTHING') {
        logger.warn('flow fire missed (misfire strategy DO_NOTHING)', { flowId: flow.id, scheduledMs })
        continue
      }
      const result = await this.deps.engine.start(flow.id, { triggerType: late ? 'MISFIRE' : 'CRON', scheduleTimeMs: scheduledMs })
      if (result.state === 'skipped') logger.info('flow fire skipped: the flow is at its maxActiveRuns (overlap SKIP)', { flowId: flow.id, scheduledMs })
      else fired++
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
}
