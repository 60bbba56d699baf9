import { describe, expect, it } from 'vitest'
import type { WindowView } from '../../../../shared/calendar/maintenance-window'
import { translate, type Language, type MessageKey, type Vars } from '../../i18n/dictionary'
import { missedSlotLine } from './missed-slot-text'
import { formOfWindow, instantOfWallTime, newWindowForm, requestOfForm, wallTimeOf } from './window-form'

const at = (iso: string) => Date.parse(iso)

describe('wall times of a window, in its zone', () => {
  it('reads a wall time as the instant it names, and back, across zones', () => {
    expect(instantOfWallTime('2027-03-01T22:00', 'Asia/Shanghai')).toBe(at('2027-03-01T14:00:00Z'))
    expect(instantOfWallTime('2027-07-01T02:00', 'America/New_York')).toBe(at('2027-07-01T06:00:00Z'))
    expect(wallTimeOf(at('2027-03-01T14:00:00Z'), 'Asia/Shanghai')).toBe('2027-03-01T22:00')
  })

  it('takes the first of two in a fall-back overlap, and reads a spring-forward gap as if the clocks had not moved', () => {
    // Europe/Berlin, 2026-10-25: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(instantOfWallTime('2026-10-25T02:30', 'Europe/Berlin')).toBe(at('2026-10-25T00:30:00Z'))
    // 2026-03-29: 02:00-03:00 does not exist; 02:30 is read with the winter offset, which is 03:30 summer time.
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin')).toBe(at('2026-03-29T01:30:00Z'))
    expect(wallTimeOf(at('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:30')
  })

  it('is null for text that is no wall time', () => {
    expect(instantOfWallTime('', 'UTC')).toBeNull()
    expect(instantOfWallTime('2027-03-01 22:00', 'UTC')).toBeNull()
  })
})

describe('the window editor form', () => {
  const window: WindowView = {
    id: 4,
    name: 'patch night',
    timezone: 'Europe/Berlin',
    timing: { kind: 'recurring', cron: '0 0 2 ? * SAT', durationSec: 10_800 },
    scope: { all: false, groupIds: [2], jobIds: [7, 8], flowIds: [] },
    killRunning: true,
    enabled: true,
    updatedAtMs: 0,
    updatedBy: 'admin',
  }

  it('sends what the form says: a recurring window with its scope, a one-off one with its instants', () => {
    const form = formOfWindow(window)
    expect(form).toMatchObject({ kind: 'recurring', durationMin: 180, scopeAll: false, groupIds: [2], jobIds: [7, 8] })
    expect(requestOfForm(form)).toEqual({
      name: 'patch night',
      timezone: 'Europe/Berlin',
      cron: '0 0 2 ? * SAT',
      durationSec: 10_800,
      all: false,
      groupIds: [2],
      jobIds: [7, 8],
      flowIds: [],
      killRunning: true,
      enabled: true,
    })
    const once = { ...newWindowForm('Asia/Shanghai', at('2027-02-28T12:00:00Z')), name: ' db move ' }
    expect(once).toMatchObject({ start: '2027-03-01T22:00', end: '2027-03-02T02:00', scopeAll: true })
    expect(requestOfForm(once)).toMatchObject({ name: 'db move', start: at('2027-03-01T14:00:00Z'), end: at('2027-03-01T18:00:00Z'), all: true })
    expect(
      formOfWindow({ ...window, timing: { kind: 'once', startMs: at('2027-03-01T14:00:00Z'), endMs: at('2027-03-01T18:00:00Z') }, timezone: 'Asia/Shanghai' }),
    ).toMatchObject({ kind: 'once', start: '2027-03-01T22:00', end: '2027-03-02T02:00' })
  })

  it('sends a time that is none as typed, for the server to refuse in its words', () => {
    expect(requestOfForm({ ...newWindowForm('UTC', 0), start: 'tomorrow' }).start).toBe('tomorrow')
  })
})

describe('a missed slot as the job page says it', () => {
  const t = (language: Language) => (key: MessageKey, vars?: Vars) => translate(language, key, vars)
  const slot = { jobId: 3, slot: at('2026-03-07T03:00:00Z'), reason: 'window' as const, detail: 'patch night', recordedAtMs: 0 }

  it('names the window, the holiday or where a fire moved, in English and Chinese', () => {
    expect(missedSlotLine(t('en'), slot, 'UTC')).toBe("2026-03-07 03:00:00 not fired: maintenance window 'patch night'")
    expect(missedSlotLine(t('zh-CN'), slot, 'Asia/Shanghai')).toBe('2026-03-07 11:00:00 未触发：维护窗口“patch night”')
    expect(missedSlotLine(t('en'), { ...slot, reason: 'holiday', detail: 'Spring Festival' }, 'UTC')).toMatch(/not fired: holiday 'Spring Festival'$/)
    expect(missedSlotLine(t('en'), { ...slot, reason: 'paused', detail: '' }, 'UTC')).toMatch(/not fired: paused$/)
    expect(missedSlotLine(t('en'), { ...slot, reason: 'misfire', detail: '' }, 'UTC')).toMatch(/not fired: missed \(misfire\)$/)
  })
})
