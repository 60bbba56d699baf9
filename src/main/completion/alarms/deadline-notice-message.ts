import type { DeadlineMissKind } from '../../../shared/deadline-terms'
import type { ConsoleLanguage } from '../../../shared/settings-types'
import { formatTimeMs, subjectName } from './alarm-message'
import { consoleLink, imTime, type ImNote } from './im/im-note'
import type { DeadlineDesktopNotice, DeadlineNoticeFacts } from './alarm-types'

/** The alarm kinds another policy can tell apart: `late` (either deadline) and `slow`. */
export type DeadlineAlarmKind = 'late' | 'slow'

export function deadlineAlarmKind(kind: DeadlineMissKind): DeadlineAlarmKind {
  return kind === 'slow' ? 'slow' : 'late'
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`

function detailOf(facts: DeadlineNoticeFacts): string {
  if (facts.kind === 'slow') return `${facts.slowFactor} × p95 ${seconds(facts.p95Ms)}`
  return formatTimeMs(facts.limitAtMs)
}

export function deadlineDesktopNotice(facts: DeadlineNoticeFacts): DeadlineDesktopNotice {
  return { kind: facts.kind, target: facts.target, runId: facts.runId, ownerId: facts.ownerId, ownerName: facts.ownerName, detail: detailOf(facts) }
}

const HAPPENED: Record<DeadlineMissKind, string> = {
  lateStart: 'has not started by its deadline',
  lateFinish: 'is not done by its deadline',
  slow: 'runs slower than usual',
}

const runWord = (facts: DeadlineNoticeFacts): string => (facts.target === 'job' ? `run ${facts.runId}` : `flow run ${facts.runId}`)

/** `JobDesk warning: job 7 Settlement run 4711 is not done by its deadline`. */
export function formatDeadlineSubject(facts: DeadlineNoticeFacts): string {
  return `JobDesk warning: ${facts.target} ${facts.ownerId} ${subjectName(facts.ownerName)} ${runWord(facts)} ${HAPPENED[facts.kind]}`
}

export function formatDeadlineText(facts: DeadlineNoticeFacts): string {
  const rows: [string, string][] = [
    [facts.target === 'job' ? 'Job' : 'Flow', `${facts.ownerId} ${facts.ownerName}`],
    [facts.target === 'job' ? 'Run' : 'Flow run', String(facts.runId)],
    ['Due at', formatTimeMs(facts.dueAtMs)],
    facts.kind === 'slow' ? ['Slow since', `${formatTimeMs(facts.limitAtMs)} (${detailOf(facts)})`] : ['Deadline', formatTimeMs(facts.limitAtMs)],
  ]
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  const lines = [`JobDesk: ${facts.target} ${facts.ownerId} ${facts.ownerName} ${runWord(facts)} ${HAPPENED[facts.kind]}.`, '']
  for (const [label, value] of rows) lines.push(`${`${label}:`.padEnd(width)}${value}`)
  // A warning, not a failure: nothing was stopped.
  lines.push('', 'JobDesk has not stopped the run. This warning is sent once for this run.')
  return `${lines.join('\n')}\n`
}

export type DeadlineWebhookEvent = `${'job' | 'flow'}.${DeadlineAlarmKind}`

export interface DeadlineWebhookPayload {
  event: DeadlineWebhookEvent
  /** lateStart, lateFinish or slow. */
  kind: DeadlineMissKind
  job?: { id: number; name: string }
  flow?: { id: number; name: string }
  run: { id: number }
  dueAtMs: number
  limitAtMs: number
  sentAtMs: number
}

export function buildDeadlineWebhookPayload(facts: DeadlineNoticeFacts, sentAtMs: number): DeadlineWebhookPayload {
  const owner = { id: facts.ownerId, name: facts.ownerName }
  return {
    event: `${facts.target}.${deadlineAlarmKind(facts.kind)}`,
    kind: facts.kind,
    ...(facts.target === 'job' ? { job: owner } : { flow: owner }),
    run: { id: facts.runId },
    dueAtMs: facts.dueAtMs,
    limitAtMs: facts.limitAtMs,
    sentAtMs,
  }
}

const IM_WORDS = {
  en: {
    title: { lateStart: 'not started by its deadline', lateFinish: 'not done by its deadline', slow: 'slower than usual' },
    job: 'Job',
    flow: 'Flow',
    run: 'Run',
    due: 'Due at',
    limit: { lateStart: 'Deadline', lateFinish: 'Deadline', slow: 'Slow since' },
    open: (id: number) => `Open run ${id}`,
    prefix: 'JobDesk warning',
  },
  'zh-CN': {
    title: { lateStart: '未在截止时间前开始', lateFinish: '未在截止时间前完成', slow: '比平时慢' },
    job: '任务',
    flow: '工作流',
    run: '运行',
    due: '计划时间',
    limit: { lateStart: '截止时间', lateFinish: '截止时间', slow: '变慢于' },
    open: (id: number) => `打开运行 ${id}`,
    prefix: 'JobDesk 警告',
  },
} as const

export function deadlineNote(facts: DeadlineNoticeFacts, language: ConsoleLanguage, consoleBase: string): ImNote {
  const w = IM_WORDS[language]
  const url = consoleLink(consoleBase, facts.target === 'job' ? `#/runs/${facts.runId}` : `#/flows/run/${facts.runId}`)
  const owner = facts.target === 'job' ? w.job : w.flow
  const separator = language === 'zh-CN' ? '：' : ': '
  return {
    tone: 'alarm',
    title: `${w.prefix}${separator}${owner} ${facts.ownerId} ${subjectName(facts.ownerName)} ${w.title[facts.kind]}`,
    rows: [
      [owner, `${facts.ownerId} ${subjectName(facts.ownerName)}`],
      [w.run, String(facts.runId)],
      [w.due, imTime(facts.dueAtMs)],
      [w.limit[facts.kind], facts.kind === 'slow' ? `${imTime(facts.limitAtMs)} (${detailOf(facts)})` : imTime(facts.limitAtMs)],
    ],
    text: '',
    link: url ? { label: w.open(facts.runId), url } : null,
  }
}
