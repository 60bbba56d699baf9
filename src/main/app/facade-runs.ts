import type { JobDeskApi } from '../../shared/api'
import { NotFoundError } from '../../shared/errors'
import { TRIGGER_TYPES, type LogPage } from '../../shared/model'
import { addLocalDays, startOfLocalDay } from '../completion/log-maintenance'
import { optionalId, optionalInteger, optionalOneOf, requireId, requireObject } from './arguments'
import type { FacadeDeps } from './facade'
import { demoJobIds } from './seed-demo'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** The dashboard's "next fires" list. */
const NEXT_FIRES_SHOWN = 5
const RUN_STATUSES = ['pending', 'running', 'success', 'failed'] as const

type RunsApi = Pick<
  JobDeskApi,
  'getOverview' | 'getDailyReport' | 'listRuns' | 'getRun' | 'killRun' | 'getRunLog' | 'watchRunLog' | 'unwatchRunLog'
>

export function runsApi(deps: FacadeDeps): RunsApi {
  const { store, scheduler, registry, runLogs, runControl, nowMs } = deps
  return {
    async getOverview() {
      const counts = store.jobs.counts()
      const now = nowMs()
      return {
        jobCount: counts.total,
        activeJobCount: counts.active,
        runningCount: store.runs.countRunning(),
        failedLast24hCount: store.runs.countFailedSince(now - DAY_MS),
        executorsOnline: registry.entries(now).filter((e) => e.health === 'online').length,
        scheduler: scheduler.status(),
        lastHour: store.runs.countOutcomesSince(now - HOUR_MS),
        nextFires: store.jobs.nextFires(NEXT_FIRES_SHOWN),
        demoJobIds: demoJobIds(store),
      }
    },
    async getDailyReport(request) {
      const body = requireObject(request ?? {}, 'request')
      const days = optionalInteger(body.days, 'days', 1, 90) ?? 7
      const today = startOfLocalDay(nowMs())
      return store.reports.range(addLocalDays(today, -(days - 1)), today).map((d) => ({
        dayMs: d.triggerDayMs,
        runningCount: d.runningCount,
        successCount: d.sucCount,
        failCount: d.failCount,
      }))
    },
    async listRuns(filter) {
      const body = requireObject(filter ?? {}, 'filter')
      const limit = optionalInteger(body.limit, 'limit', 1, 1000) ?? 100
      const runs = store.runs.list({
        jobId: optionalId(body.jobId, 'jobId'),
        jobGroup: optionalId(body.jobGroup, 'jobGroup'),
        status: optionalOneOf(body.status, 'status', RUN_STATUSES),
        triggerType: optionalOneOf(body.triggerType, 'triggerType', TRIGGER_TYPES),
        sinceMs: optionalInteger(body.sinceMs, 'sinceMs', 0, Number.MAX_SAFE_INTEGER),
        untilMs: optionalInteger(body.untilMs, 'untilMs', 0, Number.MAX_SAFE_INTEGER),
        parentLogId: optionalId(body.parentLogId, 'parentLogId'),
        beforeId: optionalId(body.beforeId, 'beforeId'),
        limit,
      })
      return { runs, nextBeforeId: runs.length === limit ? runs[runs.length - 1].id : null }
    },
    async getRun(id) {
      const run = store.runs.get(requireId(id, 'id'))
      if (!run) throw new NotFoundError(`run ${id} does not exist`)
      return run
    },
    async killRun(logId) {
      return runControl.kill(requireId(logId, 'logId'))
    },
    async getRunLog(request) {
      const body = requireObject(request, 'request')
      const logId = requireId(body.logId, 'logId')
      const fromLineNum = optionalInteger(body.fromLineNum, 'fromLineNum', 1, Number.MAX_SAFE_INTEGER) ?? 1
      const maxLines = optionalInteger(body.maxLines, 'maxLines', 1, 50_000) ?? 5000
      return limitLines(await runLogs.read(logId, fromLineNum), maxLines)
    },
    async watchRunLog(logId, fromLineNum) {
      runLogs.watch(requireId(logId, 'logId'), optionalInteger(fromLineNum, 'fromLineNum', 1, Number.MAX_SAFE_INTEGER) ?? 1)
    },
    async unwatchRunLog(logId) {
      runLogs.unwatch(requireId(logId, 'logId'))
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
