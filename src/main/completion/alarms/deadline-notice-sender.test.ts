import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../kernel/logger'
import { createAlarmSender } from './alarm-sender'
import type { AlarmSender, AlarmSettings } from './alarm-types'
import type { DeadlineDesktopNotice, DeadlineNoticeFacts } from './alarm-types'

// No network: the channels that decide without sending, as alarm-sender.test.ts does for failures.
const late: DeadlineNoticeFacts = {
  kind: 'lateFinish',
  target: 'job',
  runId: 4711,
  ownerId: 7,
  ownerName: 'Settlement',
  alarmEmails: [],
  dueAtMs: Date.parse('2026-12-07T03:00:00Z'),
  limitAtMs: Date.parse('2026-12-07T03:00:05Z'),
  p95Ms: 0,
  slowFactor: 0,
}
const none: AlarmSettings = { webhooks: [], smtp: null, desktop: false }

const senders: AlarmSender[] = []
function sender(settings: AlarmSettings, onDeadlineDesktop?: (n: DeadlineDesktopNotice) => void): AlarmSender {
  const created = createAlarmSender(settings, { logger: silentLogger, onDesktop: () => undefined, onDeadlineDesktop })
  senders.push(created)
  return created
}
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()))
})

describe('sendDeadlineNotice', () => {
  it('shows the desktop a notice of its own, not a failed run', async () => {
    const shown: DeadlineDesktopNotice[] = []
    const outcome = await sender({ ...none, desktop: true }, (n) => shown.push(n)).sendDeadlineNotice(late)
    expect(outcome).toEqual({ ok: true, results: [{ channel: 'desktop', target: 'desktop', ok: true, attempts: 1 }] })
    expect(shown).toEqual([{ kind: 'lateFinish', target: 'job', runId: 4711, ownerId: 7, ownerName: 'Settlement', detail: '2026-12-07T03:00:05.000Z' }])
  })

  it("goes to the job's alarm addresses and named IM channels as its failures do, and says why one fails", async () => {
    const outcome = await sender(none).sendDeadlineNotice({ ...late, alarmEmails: ['ops@example.test'], imChannels: ['ops'] })
    expect(outcome.ok).toBe(false)
    expect(outcome.results).toEqual([
      expect.objectContaining({ channel: 'email', target: 'ops@example.test', ok: false, error: 'no SMTP server configured' }),
      expect.objectContaining({ channel: 'im', target: '#ops', ok: false, error: 'no IM channel named #ops' }),
    ])
  })
})
