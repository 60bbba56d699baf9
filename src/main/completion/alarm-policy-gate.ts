import { decideAlarm, decideRecovery, policyOf, type AlarmKind, type AlarmPolicy, type AlarmRule, type SilenceInForce } from '../../shared/alarm-policy'
import type { AlarmSubject } from '../store/alarm-policy-repo'
import type { RepoAccess } from '../store/store'

/** Whose alarm: a job (its group's silences apply too) or a flow. */
export type PolicyTarget = { jobId: number; groupId: number } | { flowId: number }

/** A job's or a flow's own policy fields (null: the server's default). */
export interface OwnPolicy {
  alarmAfterFailures: number | null
  alarmQuietSec: number | null
}

/** A recovery to tell, or to record as suppressed by the silence in force. */
export interface Recovery {
  failures: number
  downMs: number
  suppressedBy: SilenceInForce | null
}

const subjectOf = (target: PolicyTarget): AlarmSubject => ('jobId' in target ? `job:${target.jobId}` : `flow:${target.flowId}`)

/**
 * The alarm policy at the store: each decision reads the state of (job or flow, kind) under its row
 * lock, decides (src/shared/alarm-policy.ts) and writes the state back in one transaction, so when
 * two nodes' fail monitors take two failures of one job at once, they decide one after the other
 * and only one of them is told to send.
 */
export class AlarmPolicyGate {
  constructor(
    private readonly store: RepoAccess<'alarmPolicy'>,
    /** The server's defaults, as Settings holds them now. */
    private readonly defaults: () => AlarmPolicy,
  ) {}

  /** An alarm of `kind` is raised at `atMs`: the rule says whether to send it, and how it is recorded. */
  async decide(target: PolicyTarget, own: OwnPolicy, kind: AlarmKind, atMs: number): Promise<AlarmRule> {
    const policy = policyOf(own, this.defaults())
    return this.store.transaction(async (tx) => {
      const silence = await tx.alarmPolicy.silenceInForce(target, atMs)
      const subject = subjectOf(target)
      const decision = decideAlarm(await tx.alarmPolicy.lockState(subject, kind), policy, atMs, silence)
      await tx.alarmPolicy.saveState(subject, kind, decision.state)
      return decision.rule
    })
  }

  /** The jobs with an open row of `kind`: only their successes can end one (most flushes: none). */
  openJobIds(kind: AlarmKind): Promise<number[]> {
    return this.store.alarmPolicy.openJobIds(kind)
  }

  /** What `kind` should not have raised happened fine at `atMs` (a run succeeded): the recovery to tell, if any. */
  async recover(target: PolicyTarget, kind: AlarmKind, atMs: number): Promise<Recovery | null> {
    const subject = subjectOf(target)
    // Most successes end no row: read without a lock or a write first, so they cost one read.
    const seen = await this.store.alarmPolicy.readState(subject, kind)
    if (!seen || (seen.failuresInRow === 0 && !seen.alarmed)) return null
    return this.store.transaction(async (tx) => {
      const state = await tx.alarmPolicy.lockState(subject, kind)
      // Another node's success may have ended the row since the read above: only one tells it.
      if (state.failuresInRow === 0 && !state.alarmed) return null
      const decision = decideRecovery(state, atMs, await tx.alarmPolicy.silenceInForce(target, atMs))
      await tx.alarmPolicy.saveState(subject, kind, decision.state)
      return decision.recovery
    })
  }
}
