import { ALARM_SILENCE_MAX_MS, type AlarmSilence, type SilenceTarget } from '../../shared/alarm-silence'
import { invalidField, notFound } from '../../shared/messages/coded-errors'
import { parseInput } from '../../shared/schema/parse-input'
import { silenceRequestSchema } from '../../shared/schema/silence'
import type { Repos } from '../store/store'

/** How long a silence that ended stays in the list (the record of who muted what stays in the audit trail). */
export const SILENCES_ENDED_SHOWN_MS = 7 * 86_400_000
const SILENCES_LISTED_MAX = 1000

export interface SilenceServiceDeps {
  repos: Pick<Repos, 'alarmPolicy' | 'jobs' | 'groups' | 'flows'>
  nowMs: () => number
  /** A silence was added or lifted here (this node's consoles re-read theirs). */
  changed?: () => void
}

/**
 * Alarm silences (as Alertmanager's): a job's, a group's or a flow's alarms are recorded as
 * suppressed, not sent, until a time, for a reason. The fail monitor reads them in the transaction
 * that decides an alarm (alarm-policy-gate.ts); who may add and lift them is the API's rule
 * (auth/silence-rules.ts).
 */
export class SilenceService {
  constructor(private readonly deps: SilenceServiceDeps) {}

  /** The silences in force, and those that ended in the last week, newest first. */
  list(): Promise<AlarmSilence[]> {
    return this.deps.repos.alarmPolicy.listSilences(this.deps.nowMs() - SILENCES_ENDED_SHOWN_MS, SILENCES_LISTED_MAX)
  }

  async get(id: number): Promise<AlarmSilence> {
    const silence = await this.deps.repos.alarmPolicy.getSilence(id)
    if (!silence) throw notFound('silence.notFound', { id })
    return silence
  }

  async add(raw: unknown, by: string): Promise<AlarmSilence> {
    const request = parseInput(silenceRequestSchema, raw, 'silence')
    const nowMs = this.deps.nowMs()
    if (request.until <= nowMs) throw invalidField('until', 'silence.untilPast', { until: new Date(request.until).toISOString() })
    if (request.until - nowMs > ALARM_SILENCE_MAX_MS) throw invalidField('until', 'silence.tooLong', { maxDays: ALARM_SILENCE_MAX_MS / 86_400_000 })
    const target = await this.existing(request)
    const silence = { target, untilMs: request.until, reason: request.reason, createdBy: by, createdAtMs: nowMs }
    const id = await this.deps.repos.alarmPolicy.addSilence(silence)
    this.deps.changed?.()
    return { ...silence, id, removedBy: '', removedAtMs: 0 }
  }

  /** Lifts a silence in force: it ends now; the row stays, with who lifted it. */
  async remove(id: number, by: string): Promise<AlarmSilence> {
    if (!(await this.deps.repos.alarmPolicy.liftSilence(id, by, this.deps.nowMs()))) throw notFound('silence.notFound', { id })
    this.deps.changed?.()
    return this.get(id)
  }

  /** The target, once it is known to exist. */
  private async existing(request: { jobId?: number; groupId?: number; flowId?: number }): Promise<SilenceTarget> {
    const { jobs, groups, flows } = this.deps.repos
    if (request.jobId !== undefined) {
      if (!(await jobs.get(request.jobId))) throw notFound('job.notFound', { id: request.jobId })
      return { jobId: request.jobId }
    }
    if (request.groupId !== undefined) {
      if (!(await groups.get(request.groupId))) throw notFound('group.notFound', { id: request.groupId })
      return { groupId: request.groupId }
    }
    const flowId = request.flowId!
    if (!(await flows.get(flowId))) throw notFound('flow.notFound', { id: flowId })
    return { flowId }
  }
}
