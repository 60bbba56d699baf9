import type { DeadlineNoticeFacts } from '../completion/alarms/alarm-types'
import type { AlarmPolicyGate, PolicyTarget } from '../completion/alarm-policy-gate'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'

/**
 * A deadline warning goes through the alarm policy as its own kind — `late` (either deadline) or
 * `slow` — so a silence over the job, its group or the flow mutes it, and the job's quiet time
 * folds repeats of the same kind (docs/alarms-policy.md). "After N failures in a row" is not
 * asked of it: each broken promise is its own, so it counts as the first of its row. The run is
 * marked and counted whatever the policy says; only the sending is decided here.
 */
export function policedDeadlineNotices(deps: {
  store: Pick<Repos, 'jobs' | 'flows'>
  gate: Pick<AlarmPolicyGate, 'decide'>
  send: (notice: DeadlineNoticeFacts) => Promise<boolean>
  logger: Logger
  nowMs: () => number
}): (notice: DeadlineNoticeFacts) => Promise<boolean> {
  return async (notice) => {
    const owner = await ownerOf(deps.store, notice)
    // Gone since the monitor read it: nothing to mute, nobody's quiet time.
    if (owner === null) return deps.send(notice)
    const kind = notice.kind === 'slow' ? 'slow' : 'late'
    const rule = await deps.gate.decide(owner.target, { alarmAfterFailures: 1, alarmQuietSec: owner.quietSec }, kind, deps.nowMs())
    if (rule.rule === 'sent') return deps.send(notice)
    deps.logger.info('deadline warning not sent: the alarm policy decided', { kind, target: notice.target, runId: notice.runId, rule: rule.rule })
    return true
  }
}

async function ownerOf(store: Pick<Repos, 'jobs' | 'flows'>, notice: DeadlineNoticeFacts): Promise<{ target: PolicyTarget; quietSec: number | null } | null> {
  if (notice.target === 'job') {
    const job = await store.jobs.get(notice.ownerId)
    return job ? { target: { jobId: job.id, groupId: job.jobGroup }, quietSec: job.alarmQuietSec } : null
  }
  const flow = await store.flows.get(notice.ownerId)
  return flow ? { target: { flowId: flow.id }, quietSec: flow.alarmQuietSec } : null
}
