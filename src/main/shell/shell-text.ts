import type { ConsoleLanguage } from '../../shared/api'
import type { DeadlineMissKind } from '../../shared/deadline-terms'

/**
 * What the desktop shell says outside the console window — the tray menu and tooltip, system
 * notifications — in the language the console shows (Settings.consoleLanguage; English until the
 * console said). The shell cannot reach the renderer's dictionaries (it has no DOM and loads before
 * the window), so its few sentences live here, both languages side by side.
 */
export interface ShellText {
  executorsOnline(count: number): string
  suspect(count: number): string
  dead(count: number): string
  failedRuns(count: number): string
  recentFailures: string
  none: string
  /** A failed run in the tray's submenu. */
  failureItem(logId: number, jobId: number, time: string): string
  open: string
  quit: string
  jobFailedTitle(jobName: string): string
  /** A run was killed (by an operator or its executor): its alarm fired, but the job did not fail. */
  jobKilledTitle(jobName: string): string
  jobFailedBody(logId: number, jobId: number): string
  executorLostTitle(appName: string): string
  executorLostBody(address: string): string
  /** A flow run failed, timed out or waits for an approval. */
  flowNoticeTitle(kind: 'failed' | 'timeout' | 'approval' | 'recovered', flowName: string): string
  flowNoticeBody(flowRunId: number, detail: string): string
  /** A run broke a promise: not started or not done by its deadline, or slower than usual. */
  deadlineTitle(kind: DeadlineMissKind, name: string): string
  deadlineBody(target: 'job' | 'flow', runId: number, detail: string): string
}

const EN: ShellText = {
  executorsOnline: (n) => `${n} executor${n === 1 ? '' : 's'} online`,
  suspect: (n) => `${n} suspect`,
  dead: (n) => `${n} dead`,
  failedRuns: (n) => (n === 0 ? 'no failed runs in 24 h' : `${n} failed run${n === 1 ? '' : 's'} in 24 h`),
  recentFailures: 'Recent failures',
  none: 'None',
  failureItem: (logId, jobId, time) => `Run ${logId} · job ${jobId} · ${time}`,
  open: 'Open JobDesk',
  quit: 'Quit',
  jobFailedTitle: (name) => `Job failed: ${name}`,
  jobKilledTitle: (name) => `Run killed: ${name}`,
  jobFailedBody: (logId, jobId) => `Run ${logId} of job ${jobId}`,
  executorLostTitle: (appName) => `Executor lost: ${appName}`,
  executorLostBody: (address) => `${address} stopped sending heartbeats and was removed from its group.`,
  flowNoticeTitle: (kind, name) =>
    ({ failed: `Flow failed: ${name}`, timeout: `Flow timed out: ${name}`, approval: `Approval needed: ${name}`, recovered: `Flow recovered: ${name}` })[kind],
  flowNoticeBody: (id, detail) => `Flow run ${id}${detail ? ` — ${detail.slice(0, 200)}` : ''}`,
  deadlineTitle: (kind, name) => ({ lateStart: `Not started in time: ${name}`, lateFinish: `Not done in time: ${name}`, slow: `Slow run: ${name}` })[kind],
  deadlineBody: (target, id, detail) => `${target === 'job' ? 'Run' : 'Flow run'} ${id} — ${detail}`,
}

const ZH_CN: ShellText = {
  executorsOnline: (n) => `${n} 个执行器在线`,
  suspect: (n) => `${n} 个疑似失联`,
  dead: (n) => `${n} 个已失联`,
  failedRuns: (n) => (n === 0 ? '24 小时内无失败' : `24 小时内失败 ${n} 次`),
  recentFailures: '最近的失败',
  none: '无',
  failureItem: (logId, jobId, time) => `调度日志 ${logId} · 任务 ${jobId} · ${time}`,
  open: '打开 JobDesk',
  quit: '退出',
  jobFailedTitle: (name) => `任务失败：${name}`,
  jobKilledTitle: (name) => `调度已终止：${name}`,
  jobFailedBody: (logId, jobId) => `任务 ${jobId} 的调度日志 ${logId}`,
  executorLostTitle: (appName) => `执行器失联：${appName}`,
  executorLostBody: (address) => `${address} 已停止发送心跳，已从其分组中移除。`,
  flowNoticeTitle: (kind, name) =>
    ({ failed: `工作流失败：${name}`, timeout: `工作流超时：${name}`, approval: `等待审批：${name}`, recovered: `工作流已恢复：${name}` })[kind],
  flowNoticeBody: (id, detail) => `工作流实例 ${id}${detail ? ` — ${detail.slice(0, 200)}` : ''}`,
  deadlineTitle: (kind, name) => ({ lateStart: `未按时开始：${name}`, lateFinish: `未按时完成：${name}`, slow: `运行变慢：${name}` })[kind],
  deadlineBody: (target, id, detail) => `${target === 'job' ? '调度日志' : '工作流实例'} ${id} — ${detail}`,
}

export function shellText(language: ConsoleLanguage | null): ShellText {
  return language === 'zh-CN' ? ZH_CN : EN
}

/** The tray's one-line summary, e.g. "3 executors online, 1 suspect · 2 failed runs in 24 h". */
export function fleetSummary(text: ShellText, counts: { online: number; suspect: number; dead: number; failedLast24h: number }): string {
  const executors = [text.executorsOnline(counts.online)]
  if (counts.suspect > 0) executors.push(text.suspect(counts.suspect))
  if (counts.dead > 0) executors.push(text.dead(counts.dead))
  return `${executors.join(text === ZH_CN ? '，' : ', ')} · ${text.failedRuns(counts.failedLast24h)}`
}
