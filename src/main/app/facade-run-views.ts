import type { JobDeskApi } from '../../shared/api'
import { ALARM_LIST_MAX_ROWS, type AlarmEntry } from '../../shared/alarm-list'
import { notFound } from '../../shared/messages/coded-errors'
import { JOB_RANKING_WINDOW_MS, RUNS_OVER_TIME_DEFAULT, type JobRankings, type RankedJob } from '../../shared/run-views'
import type { AlarmPolicyNote } from '../completion/send-alarm'
import type { RankCounts } from '../store/run-view-repo'
import type { FacadeDeps } from './facade-deps'

type RunViewsApi = Pick<JobDeskApi, 'listJobRunsOverTime' | 'getJobRankings' | 'listAlarms' | 'getAlarm' | 'resendAlarm'>

/**
 * The rankings are read again at most this often per set of groups: each is an aggregate over a
 * day of runs (a million on a loaded server), and every console opening the dashboard asks for it.
 */
const RANKINGS_FRESH_MS = 60_000
/** Sets of groups whose rankings are kept (admins share one; each group-limited user may add one). */
const RANKINGS_KEPT = 100

/** Runs over time, the dashboard's rankings and the alarm list (docs/runs-over-time.md, docs/alarm-list.md). */
export function runViewsApi(deps: Pick<FacadeDeps, 'store' | 'reports' | 'alarms' | 'nowMs'>): RunViewsApi {
  const { store, reports, alarms, nowMs } = deps
  const rankings = new Map<string, { readAtMs: number; value: JobRankings }>()

  const named = async (counts: RankCounts[]): Promise<RankedJob[]> =>
    Promise.all(counts.map(async (c) => ({ ...c, jobName: (await store.jobs.get(c.jobId))?.name ?? `#${c.jobId}` })))

  return {
    async listJobRunsOverTime({ jobId, flowId, limit = RUNS_OVER_TIME_DEFAULT }) {
      return jobId !== undefined ? store.runViews.jobRuns(jobId, limit) : store.runViews.flowRuns(flowId!, limit)
    },
    async getJobRankings(request) {
      const groupIds = request?.groupIds ?? null
      const key = groupIds === null ? '*' : [...groupIds].sort((a, b) => a - b).join(',')
      const now = nowMs()
      const kept = rankings.get(key)
      // A clock set back reads again rather than serve a future's answer.
      if (kept && now >= kept.readAtMs && now - kept.readAtMs < RANKINGS_FRESH_MS) return kept.value
      const sinceMs = now - JOB_RANKING_WINDOW_MS
      const ranked = await reports.rankings(sinceMs, groupIds)
      const fresh: JobRankings = { sinceMs, slowest: await named(ranked.slowest), mostFailing: await named(ranked.mostFailing) }
      if (rankings.size >= RANKINGS_KEPT) rankings.clear()
      rankings.set(key, { readAtMs: now, value: fresh })
      return fresh
    },
    listAlarms(request, groupIds = null) {
      return store.alarmList.list(request, groupIds, ALARM_LIST_MAX_ROWS)
    },
    async getAlarm({ id }) {
      const entry = await store.alarmList.get(id)
      if (!entry) throw notFound('alarms.notFound', { id })
      return entry
    },
    async resendAlarm({ id }, by = 'someone') {
      const entry = await store.alarmList.get(id)
      if (!entry) throw notFound('alarms.notFound', { id })
      const run = await store.runs.get(entry.logId)
      if (!run) throw notFound('alarms.runGone', { logId: entry.logId })
      const result = await alarms.sendFor(run, noteOf(entry))
      const resent = await store.alarmList.add({
        logId: run.id,
        jobId: run.jobId,
        jobGroup: run.jobGroup,
        kind: entry.kind,
        state: result.ok ? 'sent' : 'failed',
        atMs: nowMs(),
        deliveries: result.deliveries ?? [],
        message: result.ok ? '' : result.message,
        rule: '',
        resentOf: entry.id,
        resentBy: by,
      })
      return (await store.alarmList.get(resent))!
    },
  }
}

/** A recovery is told again as a recovery, with what it said the first time; a failure as a plain alarm (no policy folds a resend). */
function noteOf(entry: AlarmEntry): AlarmPolicyNote {
  if (entry.kind !== 'recovery') return {}
  const rule = entry.rule
  return { recovered: rule?.rule === 'recovered' ? { failures: rule.failures, downMs: rule.downMs } : { failures: 0, downMs: 0 } }
}
