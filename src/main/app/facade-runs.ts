import type { JobDeskApi } from '../../shared/api'
import { notFound } from '../../shared/messages/coded-errors'
import type { LogPage } from '../../shared/model'
import { addLocalDays, startOfLocalDay } from '../completion/log-maintenance'
import type { FacadeDeps } from './facade-deps'
import { demoJobIds } from '../definitions/seed-demo'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** The dashboard's "next fires" list. */
const NEXT_FIRES_SHOWN = 5

type RunsApi = Pick<JobDeskApi, 'getOverview' | 'getDailyReport' | 'listRuns' | 'getRun' | 'killRun' | 'getRunLog' | 'watchRunLog' | 'unwatchRunLog'>

export function runsApi(deps: Pick<FacadeDeps, 'store' | 'reports' | 'scheduler' | 'registry' | 'runLogs' | 'runControl' | 'nowMs'>): RunsApi {
  const { store, reports, scheduler, registry, runLogs, runControl, nowMs } = deps
  return {
    async getOverview() {
      const counts = await store.jobs.counts()
      const now = nowMs()
      const lastDay = await reports.countFailedSince(now - DAY_MS)
      return {
        jobCount: counts.total,
        activeJobCount: counts.active,
        runningCount: await store.runs.countRunning(),
        failedLast24hCount: lastDay.failedCount,
        killedLast24hCount: lastDay.killedCount,
        executorsOnline: (await registry.entries(now)).filter((e) => e.health === 'online').length,
        scheduler: scheduler.status(),
        lastHour: await store.runs.countOutcomesSince(now - HOUR_MS),
        nextFires: await store.jobs.nextFires(NEXT_FIRES_SHOWN),
        demoJobIds: await demoJobIds(store),
      }
    },
    async getDailyReport(request) {
      const days = request?.days ?? 7
      const today = startOfLocalDay(nowMs())
      return (await store.reports.range(addLocalDays(today, -(days - 1)), today)).map((d) => ({
        dayMs: d.triggerDayMs,
        runningCount: d.runningCount,
        successCount: d.sucCount,
        failCount: d.failCount,
      }))
    },
    async listRuns(filter) {
      const limit = filter?.limit ?? 100
      const runs = await reports.listRuns({ ...filter, limit })
      return { runs, nextBeforeId: runs.length === limit ? runs[runs.length - 1].id : null }
    },
    async getRun(id) {
      const run = await store.runs.get(id)
      if (!run) throw notFound('run.notFound', { id })
      return run
    },
    /** `actor`: the caller's name, which the method's rule adds (auth/run-rules.ts): the run's message names who killed it. */
    async killRun(logId, options, actor?: string) {
      return runControl.kill(logId, { retry: options?.retry, by: actor })
    },
    async getRunLog({ logId, fromLineNum, maxLines }) {
      return limitLines(await runLogs.read(logId, fromLineNum), maxLines ?? 5000)
    },
    async watchRunLog(logId, fromLineNum) {
      await runLogs.watch(logId, fromLineNum ?? 1)
    },
    async unwatchRunLog(logId) {
      runLogs.unwatch(logId)
    },
  }
}

/**
 * Cuts a page to its first `maxLines` lines (an executor answers everything from `fromLineNum` on);
 * the rest comes with the next page, so a 100,000-line log never crosses the bridge in one message.
 */
export function limitLines(page: LogPage, maxLines: number): LogPage {
  const count = page.toLineNum - page.fromLineNum + 1
  if (page.toLineNum === 0 || count <= maxLines) return page
  let end = -1
  for (let i = 0; i < maxLines; i++) {
    end = page.logContent.indexOf('\n', end + 1)
    if (end < 0) return page
  }
  return { ...page, toLineNum: page.fromLineNum + maxLines - 1, logContent: page.logContent.slice(0, end + 1), isEnd: false }
}
