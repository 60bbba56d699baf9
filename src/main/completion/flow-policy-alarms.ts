import { FAILURE_ALARM, type AlarmRule } from '../../shared/alarm-policy'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'
import type { AlarmPolicyGate } from './alarm-policy-gate'
import type { FlowNoticeFacts } from './alarms'

/**
 * A flow's failure and timeout notices through the alarm policy, per flow (its own
 * alarmAfterFailures and alarmQuietSec, else the server's): held until N failed runs in a row,
 * folded within the quiet time, suppressed by a silence of the flow. A flow run that succeeds ends
 * the row. An approval is not an alarm: it always goes. The flow engine announces and moves on, so
 * the decision runs in the background; what the policy kept back is logged with its rule.
 */
export class FlowPolicyAlarms {
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly deps: {
      gate: AlarmPolicyGate
      store: Pick<Repos, 'flows'>
      announce: (notice: FlowNoticeFacts) => void
      clock: Clock
      logger: Logger
    },
  ) {}

  announce(notice: FlowNoticeFacts): void {
    if (notice.kind === 'approval') return this.deps.announce(notice)
    this.track(this.decide(notice))
  }

  /** A run of the flow succeeded: its row of failures ends, with a recovery notice when an alarm of the row was sent. */
  succeeded(flowId: number, flowRunId: number): void {
    this.track(this.recover(flowId, flowRunId))
  }

  private async recover(flowId: number, flowRunId: number): Promise<void> {
    const recovery = await this.deps.gate.recover({ flowId }, FAILURE_ALARM, this.deps.clock.nowMs())
    if (!recovery) return
    const { failures, downMs, suppressedBy } = recovery
    if (suppressedBy) return this.deps.logger.info('flow recovery notice suppressed by a silence', { flowId, flowRunId, silenceId: suppressedBy.id })
    const flow = await this.deps.store.flows.get(flowId)
    this.deps.announce({ kind: 'recovered', flowRunId, flowId, flowName: flow?.name ?? '', alarmEmail: flow?.alarmEmail ?? '', failures, downMs })
  }

  /** Resolves when every decision started so far is done. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight])
  }

  private async decide(notice: FlowNoticeFacts): Promise<void> {
    const { gate, store, logger, clock } = this.deps
    const flow = await store.flows.get(notice.flowId)
    let rule: AlarmRule
    try {
      rule = await gate.decide({ flowId: notice.flowId }, flow ?? { alarmAfterFailures: null, alarmQuietSec: null }, FAILURE_ALARM, clock.nowMs())
    } catch (error) {
      logger.error('the alarm policy could not decide; the flow notice is sent', { flowRunId: notice.flowRunId, error: (error as Error).message })
      return this.deps.announce(notice)
    }
    if (rule.rule === 'sent') this.deps.announce(notice)
    else logger.info('flow notice kept back by the alarm policy', { flowRunId: notice.flowRunId, flowId: notice.flowId, rule })
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.deps.logger.error('the alarm policy of a flow failed', { error: String(error) }))
      .finally(() => this.inFlight.delete(tracked))
    this.inFlight.add(tracked)
  }
}
