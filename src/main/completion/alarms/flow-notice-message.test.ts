import { describe, expect, it } from 'vitest'
import type { FlowNoticeFacts } from './alarm-types'
import { buildFlowWebhookPayload, FLOW_PROMPT_MAX_CHARS, flowDesktopNotice, formatFlowNoticeSubject, formatFlowNoticeText } from './flow-notice-message'

const base = { flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', alarmEmail: 'ops@example.com' }
const failed: FlowNoticeFacts = { ...base, kind: 'failed', failedNodes: ['extract', 'load'] }
const timeout: FlowNoticeFacts = { ...base, kind: 'timeout', timeoutSec: 3600 }
const approval: FlowNoticeFacts = { ...base, kind: 'approval', key: 'confirm-load', prompt: 'Load into production?' }

describe('formatFlowNoticeSubject', () => {
  it('names the flow, what happened and the flow run', () => {
    expect(formatFlowNoticeSubject(failed)).toBe('JobDesk alarm: flow 3 Nightly ETL failed (flow run 812)')
    expect(formatFlowNoticeSubject(timeout)).toBe('JobDesk alarm: flow 3 Nightly ETL timed out (flow run 812)')
    expect(formatFlowNoticeSubject(approval)).toBe('JobDesk approval: flow 3 Nightly ETL waits for approval (flow run 812)')
  })

  it('keeps a header line one line and short', () => {
    const subject = formatFlowNoticeSubject({ ...failed, flowName: `evil\r\nBcc: victim@example.com\t${'n'.repeat(300)}` })
    expect(subject).not.toMatch(/[\r\n\t]/)
    expect(subject).toContain('evil Bcc: victim@example.com ')
    expect(subject.length).toBeLessThan(170)
  })
})

describe('formatFlowNoticeText', () => {
  it('says which nodes failed and where to look', () => {
    const text = formatFlowNoticeText(failed)
    expect(text.startsWith('JobDesk: flow 3 Nightly ETL failed (flow run 812).\n\n')).toBe(true)
    expect(text).toContain('Flow:         3 Nightly ETL')
    expect(text).toContain('Flow run:     812')
    expect(text).toContain('Failed nodes: extract, load')
    expect(text).toContain('Open flow run 812 in the JobDesk console')
  })

  it('gives the time limit and that the run was stopped', () => {
    const text = formatFlowNoticeText(timeout)
    expect(text).toContain('flow 3 Nightly ETL timed out (flow run 812).')
    expect(text).toContain('Time limit: 3600 s')
    expect(text).toContain('JobDesk stopped it')
  })

  it("carries an approval's prompt and who must decide it in the console", () => {
    const text = formatFlowNoticeText(approval)
    expect(text).toContain('flow 3 Nightly ETL waits for approval (flow run 812).')
    expect(text).toContain('Approval step: confirm-load')
    expect(text).toContain('Prompt:\nLoad into production?\n')
    expect(text).toContain("An operator of every executor group of this flow's jobs (or an admin) must decide it in the JobDesk console, on flow run 812.")
    expect(formatFlowNoticeText({ ...approval, prompt: '' })).toContain('Prompt:\n—\n')
  })

  it('caps a long prompt', () => {
    const text = formatFlowNoticeText({ ...approval, prompt: 'p'.repeat(FLOW_PROMPT_MAX_CHARS + 500) })
    expect(text).toContain('[truncated: 500 more characters]')
    expect(text.length).toBeLessThan(FLOW_PROMPT_MAX_CHARS + 1_000)
  })
})

describe('buildFlowWebhookPayload', () => {
  it('names the flow and the run and spreads the details of the kind', () => {
    const head = { flow: { id: 3, name: 'Nightly ETL' }, flowRun: { id: 812 }, sentAtMs: 1_800_000_000_000 }
    expect(buildFlowWebhookPayload(failed, 1_800_000_000_000)).toEqual({ event: 'flow.failed', ...head, failedNodes: ['extract', 'load'] })
    expect(buildFlowWebhookPayload(timeout, 1_800_000_000_000)).toEqual({ event: 'flow.timeout', ...head, timeoutSec: 3600 })
    expect(buildFlowWebhookPayload(approval, 1_800_000_000_000)).toEqual({
      event: 'flow.approval',
      ...head,
      key: 'confirm-load',
      prompt: 'Load into production?',
    })
  })

  it('leaves the alarm addresses out and caps the prompt', () => {
    const payload = buildFlowWebhookPayload({ ...approval, prompt: 'p'.repeat(FLOW_PROMPT_MAX_CHARS + 1) }, 0)
    expect(JSON.stringify(payload)).not.toContain('ops@example.com')
    expect(payload).toMatchObject({ prompt: `${'p'.repeat(FLOW_PROMPT_MAX_CHARS)}\n… [truncated: 1 more characters]` })
  })
})

describe('flowDesktopNotice', () => {
  it('gives the desktop the kind, the names and a detail to show', () => {
    const names = { flowRunId: 812, flowId: 3, flowName: 'Nightly ETL' }
    expect(flowDesktopNotice(failed)).toEqual({ kind: 'failed', ...names, detail: 'extract, load' })
    expect(flowDesktopNotice(timeout)).toEqual({ kind: 'timeout', ...names, detail: '3600 s' })
    expect(flowDesktopNotice(approval)).toEqual({ kind: 'approval', ...names, detail: 'Load into production?' })
  })
})

describe("a flow's recovery notice", () => {
  const recovered: FlowNoticeFacts = { ...failed, kind: 'recovered', flowRunId: 813, failures: 4, downMs: 125_000 }
  it('says after how many failures and how long down, in the subject, the mail, the webhook and the desktop', () => {
    expect(formatFlowNoticeSubject(recovered)).toBe('JobDesk recovered: flow 3 Nightly ETL recovered after 4 failures, down for 2 min 5 s (flow run 813)')
    expect(formatFlowNoticeText(recovered)).toContain('Failures in a row:')
    expect(buildFlowWebhookPayload(recovered, 5)).toEqual({
      event: 'flow.recovered',
      flow: { id: 3, name: 'Nightly ETL' },
      flowRun: { id: 813 },
      failures: 4,
      downMs: 125_000,
      sentAtMs: 5,
    })
    expect(flowDesktopNotice(recovered)).toMatchObject({ kind: 'recovered', detail: '4 2 min 5 s' })
  })
})
