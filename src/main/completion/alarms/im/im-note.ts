import { failureReason } from '../../../../shared/failure-reason'
import type { ConsoleLanguage } from '../../../../shared/settings-types'
import { formatDownTime } from '../../../../shared/alarm-policy'
import { subjectName } from '../alarm-message'
import type { AlarmFacts, FlowNoticeFacts, InfraAlertFacts } from '../alarm-types'
import { formatInfraAlertSubject, formatInfraAlertText } from '../infra-alert-message'

/**
 * What a chat message says, before any vendor's markdown: a title, a few labelled facts, one
 * paragraph of free text and the console's link. Pure: the facts, the channel's language and the
 * console's base URL in, the note out; im-payload.ts writes it in each vendor's form.
 */
export interface ImNote {
  /** An alarm is shown red where the vendor has colours; a notice (approval, test) is not. */
  tone: 'alarm' | 'notice'
  title: string
  rows: [label: string, value: string][]
  /** A failure reason, an approval prompt or an alert's body; one paragraph, capped. */
  text: string
  link: { label: string; url: string } | null
}

/** A failure reason in a chat line: the first this many characters (a stack trace belongs to the run's log). */
export const IM_REASON_MAX_CHARS = 500

const WORDS = {
  en: {
    runTitle: (id: number, name: string) => `JobDesk alarm: job ${id} ${name} failed`,
    recoveredTitle: (id: number, name: string, failures: number, down: string) =>
      `JobDesk recovered: job ${id} ${name} recovered after ${failures} ${failures === 1 ? 'failure' : 'failures'}, down for ${down}`,
    failuresInRow: 'Failures in a row',
    folded: 'Alarms folded since the last',
    job: 'Job',
    group: 'Executor group',
    trigger: 'Trigger',
    triggerTime: 'Trigger time',
    handleTime: 'Handle time',
    retriesLeft: 'Retries left',
    run: 'Run',
    reason: 'Reason',
    openRun: (id: number) => `Open run ${id}`,
    flowTitle: { failed: 'failed', timeout: 'timed out', approval: 'waits for approval', recovered: 'recovered' },
    flowPrefix: (kind: FlowNoticeFacts['kind']) => (kind === 'approval' ? 'JobDesk approval' : kind === 'recovered' ? 'JobDesk recovered' : 'JobDesk alarm'),
    downFor: 'Down for',
    flow: 'Flow',
    flowRun: 'Flow run',
    failedNodes: 'Failed nodes',
    timeLimit: 'Time limit',
    approvalStep: 'Approval step',
    openFlowRun: (id: number) => `Open flow run ${id}`,
    alertTime: 'When',
    testTitle: 'JobDesk test message',
    testText: "This is a test from JobDesk's alarm settings. Alarms for this channel will arrive here.",
    triggerTypes: {
      CRON: 'Cron',
      MANUAL: 'Manual',
      RETRY: 'Retry',
      PARENT: 'Parent job',
      API: 'API',
      MISFIRE: 'Misfire',
      FLOW: 'Flow node',
      BACKFILL: 'Backfill',
    } as Record<string, string>,
  },
  'zh-CN': {
    runTitle: (id: number, name: string) => `JobDesk 告警：任务 ${id} ${name} 执行失败`,
    recoveredTitle: (id: number, name: string, failures: number, down: string) =>
      `JobDesk 恢复：任务 ${id} ${name} 在连续失败 ${failures} 次后恢复，中断 ${down}`,
    failuresInRow: '连续失败次数',
    folded: '自上次告警以来合并的告警',
    job: '任务',
    group: '执行器',
    trigger: '触发方式',
    triggerTime: '触发时间',
    handleTime: '执行时间',
    retriesLeft: '剩余重试次数',
    run: '调度日志',
    reason: '失败原因',
    openRun: (id: number) => `查看调度日志 ${id}`,
    flowTitle: { failed: '运行失败', timeout: '运行超时', approval: '等待审批', recovered: '已恢复' },
    flowPrefix: (kind: FlowNoticeFacts['kind']) => (kind === 'approval' ? 'JobDesk 审批' : kind === 'recovered' ? 'JobDesk 恢复' : 'JobDesk 告警'),
    downFor: '中断时长',
    flow: '工作流',
    flowRun: '工作流运行',
    failedNodes: '失败的节点',
    timeLimit: '超时时间',
    approvalStep: '审批节点',
    openFlowRun: (id: number) => `查看工作流运行 ${id}`,
    alertTime: '发生时间',
    testTitle: 'JobDesk 测试消息',
    testText: '这是 JobDesk 告警设置发出的测试消息。此渠道的告警将发到这里。',
    triggerTypes: {
      CRON: 'Cron 触发',
      MANUAL: '手动触发',
      RETRY: '失败重试',
      PARENT: '父任务触发',
      API: 'API 触发',
      MISFIRE: '调度过期补偿',
      FLOW: '工作流触发',
      BACKFILL: '补数触发',
    } as Record<string, string>,
  },
} satisfies Record<ConsoleLanguage, unknown>

/** `2024-05-01 08:00:00 UTC`; 0 (never happened) as a dash. */
export function imTime(ms: number): string {
  return ms > 0 ? `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—'
}

/** One line, at most `max` characters, with an ellipsis when cut. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** The console's address of a page (`#/runs/4711`), or null when the server knows no base URL for its console. */
export function consoleLink(consoleBase: string, hashPath: string): string | null {
  const base = consoleBase.trim().replace(/\/+$/, '')
  return /^https?:\/\/\S+$/.test(base) ? `${base}/${hashPath}` : null
}

export function runNote(facts: AlarmFacts, language: ConsoleLanguage, consoleBase: string): ImNote {
  const w = WORDS[language]
  const url = consoleLink(consoleBase, `#/runs/${facts.logId}`)
  const { recovered, policy } = facts
  const title = recovered
    ? w.recoveredTitle(facts.jobId, subjectName(facts.jobName), recovered.failures, formatDownTime(recovered.downMs))
    : w.runTitle(facts.jobId, subjectName(facts.jobName))
  const policyRows: [string, string][] = []
  if (policy && policy.failuresInRow > 1) policyRows.push([w.failuresInRow, String(policy.failuresInRow)])
  if (policy && policy.folded > 0) policyRows.push([w.folded, String(policy.folded)])
  return {
    tone: recovered ? 'notice' : 'alarm',
    title,
    rows: [
      [w.job, `${facts.jobId} ${subjectName(facts.jobName)}`],
      [w.group, facts.groupName ? `${subjectName(facts.groupName)} (${facts.appName})` : facts.appName],
      [w.trigger, w.triggerTypes[facts.triggerType] ?? facts.triggerType],
      [w.triggerTime, imTime(facts.triggerTimeMs)],
      [w.handleTime, imTime(facts.handleTimeMs)],
      [w.retriesLeft, String(facts.retriesLeft)],
      [w.run, String(facts.logId)],
      ...policyRows,
    ],
    text: recovered ? '' : `${w.reason}: ${oneLine(failureReason(facts), IM_REASON_MAX_CHARS) || '—'}`,
    link: url ? { label: w.openRun(facts.logId), url } : null,
  }
}

export function flowNote(notice: FlowNoticeFacts, language: ConsoleLanguage, consoleBase: string): ImNote {
  const w = WORDS[language]
  const url = consoleLink(consoleBase, `#/flows/run/${notice.flowRunId}`)
  const name = subjectName(notice.flowName)
  const rows: ImNote['rows'] = [
    [w.flow, `${notice.flowId} ${name}`],
    [w.flowRun, String(notice.flowRunId)],
  ]
  let text = ''
  if (notice.kind === 'failed') rows.push([w.failedNodes, notice.failedNodes.join(', ') || '—'])
  if (notice.kind === 'timeout') rows.push([w.timeLimit, `${notice.timeoutSec} s`])
  if (notice.kind === 'recovered') rows.push([w.failuresInRow, String(notice.failures)], [w.downFor, formatDownTime(notice.downMs)])
  if (notice.kind === 'approval') {
    rows.push([w.approvalStep, notice.key])
    text = oneLine(notice.prompt, IM_REASON_MAX_CHARS)
  }
  const separator = language === 'zh-CN' ? '：' : ': '
  return {
    tone: notice.kind === 'approval' || notice.kind === 'recovered' ? 'notice' : 'alarm',
    title: `${w.flowPrefix(notice.kind)}${separator}${language === 'zh-CN' ? '工作流' : 'flow'} ${notice.flowId} ${name} ${w.flowTitle[notice.kind]}`,
    rows,
    text,
    link: url ? { label: w.openFlowRun(notice.flowRunId), url } : null,
  }
}

/** An infrastructure alert in the channel's language (not the console's, as its mail is). */
export function infraNote(alert: InfraAlertFacts, language: ConsoleLanguage): ImNote {
  const inLanguage = { ...alert, language }
  return {
    tone: 'alarm',
    title: formatInfraAlertSubject(inLanguage),
    rows: [[WORDS[language].alertTime, imTime(alert.eventTimeMs)]],
    text: oneLine(formatInfraAlertText(inLanguage), 2 * IM_REASON_MAX_CHARS),
    link: null,
  }
}

export function testNote(language: ConsoleLanguage): ImNote {
  const w = WORDS[language]
  return { tone: 'notice', title: w.testTitle, rows: [], text: w.testText, link: null }
}
