import { formatDownTime } from '../../../shared/alarm-policy'
import { capText, subjectName } from './alarm-message'
import type { FlowDesktopNotice, FlowNoticeFacts } from './alarm-types'

/**
 * Longest approval prompt a notice carries (characters). Prompts are written by the flow's author,
 * usually a line; the cap only keeps a pasted runbook out of chat webhooks and notifications.
 */
export const FLOW_PROMPT_MAX_CHARS = 2_000

export type FlowWebhookEvent = 'flow.failed' | 'flow.timeout' | 'flow.approval' | 'flow.recovered'

/** The webhook body of a flow notice (documented with the others at `WebhookChannel`). */
export type FlowWebhookPayload = {
  event: FlowWebhookEvent
  flow: { id: number; name: string }
  flowRun: { id: number }
  sentAtMs: number
} & ({ failedNodes: string[] } | { timeoutSec: number } | { key: string; prompt: string } | { failures: number; downMs: number })

export function buildFlowWebhookPayload(notice: FlowNoticeFacts, sentAtMs: number): FlowWebhookPayload {
  const head = { event: `flow.${notice.kind}` as const, flow: { id: notice.flowId, name: notice.flowName }, flowRun: { id: notice.flowRunId } }
  switch (notice.kind) {
    case 'failed':
      return { ...head, failedNodes: [...notice.failedNodes], sentAtMs }
    case 'timeout':
      return { ...head, timeoutSec: notice.timeoutSec, sentAtMs }
    case 'approval':
      return { ...head, key: notice.key, prompt: capText(notice.prompt, FLOW_PROMPT_MAX_CHARS), sentAtMs }
    case 'recovered':
      return { ...head, failures: notice.failures, downMs: notice.downMs, sentAtMs }
  }
}

/** What the desktop or console shows under its own title for the kind. */
export function flowDesktopNotice(notice: FlowNoticeFacts): FlowDesktopNotice {
  return { kind: notice.kind, flowRunId: notice.flowRunId, flowId: notice.flowId, flowName: notice.flowName, detail: flowNoticeDetail(notice) }
}

function flowNoticeDetail(notice: FlowNoticeFacts): string {
  switch (notice.kind) {
    case 'failed':
      return notice.failedNodes.join(', ')
    case 'timeout':
      return `${notice.timeoutSec} s`
    case 'approval':
      return capText(notice.prompt, FLOW_PROMPT_MAX_CHARS)
    case 'recovered':
      // Data for the console to word: the failures, then the time down.
      return `${notice.failures} ${formatDownTime(notice.downMs)}`
  }
}

/** What happened, after "flow 3 Nightly ETL": the same words in the subject and the body's first line. */
function happened(notice: FlowNoticeFacts): string {
  switch (notice.kind) {
    case 'failed':
      return 'failed'
    case 'timeout':
      return 'timed out'
    case 'approval':
      return 'waits for approval'
    case 'recovered':
      return `recovered after ${notice.failures} ${notice.failures === 1 ? 'failure' : 'failures'}, down for ${formatDownTime(notice.downMs)}`
  }
}

/**
 * `JobDesk alarm: flow 3 Nightly ETL failed (flow run 812)`; an approval is not an alarm, so it reads
 * `JobDesk approval: flow 3 Nightly ETL waits for approval (flow run 812)`.
 */
export function formatFlowNoticeSubject(notice: FlowNoticeFacts): string {
  const prefix = notice.kind === 'approval' ? 'JobDesk approval' : notice.kind === 'recovered' ? 'JobDesk recovered' : 'JobDesk alarm'
  return `${prefix}: flow ${notice.flowId} ${subjectName(notice.flowName)} ${happened(notice)} (flow run ${notice.flowRunId})`
}

/** The plain text mail: what happened, the facts as a table, and what the reader can do about it. */
export function formatFlowNoticeText(notice: FlowNoticeFacts): string {
  const rows: [label: string, value: string][] = [
    ['Flow', `${notice.flowId} ${notice.flowName}`],
    ['Flow run', String(notice.flowRunId)],
  ]
  const after: string[] = []
  switch (notice.kind) {
    case 'failed':
      rows.push(['Failed nodes', notice.failedNodes.length > 0 ? notice.failedNodes.join(', ') : '—'])
      after.push(`Open flow run ${notice.flowRunId} in the JobDesk console to see its nodes' runs and logs.`)
      break
    case 'timeout':
      rows.push(['Time limit', `${notice.timeoutSec} s`])
      after.push(
        `The run took longer than the flow's time limit, so JobDesk stopped it: it ended failed and the job runs still going were killed.`,
        `Open flow run ${notice.flowRunId} in the JobDesk console to see how far it got.`,
      )
      break
    case 'approval': {
      const prompt = capText(notice.prompt, FLOW_PROMPT_MAX_CHARS)
      rows.push(['Approval step', notice.key])
      after.push(
        'Prompt:',
        prompt === '' ? '—' : prompt,
        '',
        // The console lets only these people decide (decideApproval checks every group of the run's jobs).
        `The run waits at this step until it is approved or rejected. An operator of every executor group of this flow's jobs (or an admin) must decide it in the JobDesk console, on flow run ${notice.flowRunId}.`,
      )
      break
    }
    case 'recovered':
      rows.push(['Failures in a row', String(notice.failures)], ['Down for', formatDownTime(notice.downMs)])
      after.push(`Flow run ${notice.flowRunId} succeeded after the failures above: the flow's alarms are over.`)
      break
  }
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  const lines = [`JobDesk: flow ${notice.flowId} ${notice.flowName} ${happened(notice)} (flow run ${notice.flowRunId}).`, '']
  for (const [label, value] of rows) lines.push(`${`${label}:`.padEnd(width)}${value}`)
  lines.push('', ...after)
  return `${lines.join('\n')}\n`
}
