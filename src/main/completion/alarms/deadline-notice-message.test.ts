import { describe, expect, it } from 'vitest'
import {
  buildDeadlineWebhookPayload,
  deadlineAlarmKind,
  deadlineDesktopNotice,
  deadlineNote,
  formatDeadlineSubject,
  formatDeadlineText,
} from './deadline-notice-message'
import type { DeadlineNoticeFacts } from './alarm-types'

const late: DeadlineNoticeFacts = {
  kind: 'lateFinish',
  target: 'job',
  runId: 4711,
  ownerId: 7,
  ownerName: 'Settlement',
  alarmEmails: ['ops@example.test'],
  dueAtMs: Date.parse('2026-12-07T03:00:00Z'),
  limitAtMs: Date.parse('2026-12-07T03:00:05Z'),
  p95Ms: 0,
  slowFactor: 0,
}
const slow: DeadlineNoticeFacts = { ...late, kind: 'slow', target: 'flow', runId: 12, ownerName: 'Nightly', p95Ms: 10_000, slowFactor: 2 }

describe('a deadline warning', () => {
  it('is a late or a slow alarm, told apart from failures', () => {
    expect([deadlineAlarmKind('lateStart'), deadlineAlarmKind('lateFinish'), deadlineAlarmKind('slow')]).toEqual(['late', 'late', 'slow'])
  })

  it('says what happened, to which run, and that the run goes on', () => {
    expect(formatDeadlineSubject(late)).toBe('JobDesk warning: job 7 Settlement run 4711 is not done by its deadline')
    expect(formatDeadlineSubject(slow)).toBe('JobDesk warning: flow 7 Nightly flow run 12 runs slower than usual')
    const text = formatDeadlineText(late)
    expect(text).toContain('Deadline: 2026-12-07T03:00:05.000Z')
    expect(text).toContain('JobDesk has not stopped the run.')
    expect(formatDeadlineText(slow)).toContain('(2 × p95 10 s)')
  })

  it('posts its facts as data, and shows a short detail on the desktop', () => {
    expect(buildDeadlineWebhookPayload(late, 1)).toEqual({
      event: 'job.late',
      kind: 'lateFinish',
      job: { id: 7, name: 'Settlement' },
      run: { id: 4711 },
      dueAtMs: late.dueAtMs,
      limitAtMs: late.limitAtMs,
      sentAtMs: 1,
    })
    expect(buildDeadlineWebhookPayload(slow, 1)).toMatchObject({ event: 'flow.slow', flow: { id: 7, name: 'Nightly' } })
    expect(deadlineDesktopNotice(late).detail).toBe('2026-12-07T03:00:05.000Z')
    expect(deadlineDesktopNotice(slow).detail).toBe('2 × p95 10 s')
  })

  it("writes a chat note in the channel's language, linking to the run", () => {
    const en = deadlineNote(late, 'en', 'http://127.0.0.1:8080')
    expect(en.title).toBe('JobDesk warning: Job 7 Settlement not done by its deadline')
    expect(en.link).toEqual({ label: 'Open run 4711', url: 'http://127.0.0.1:8080/#/runs/4711' })
    const zh = deadlineNote(slow, 'zh-CN', '')
    expect(zh.title).toBe('JobDesk 警告：工作流 7 Nightly 比平时慢')
    expect(zh.link).toBeNull()
  })
})
