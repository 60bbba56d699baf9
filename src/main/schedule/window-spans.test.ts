import { Cron } from 'croner'
import { describe, expect, it } from 'vitest'
import type { MaintenanceWindow } from '../../shared/calendar/maintenance-window'
import { parseQuartzCron } from './cron-parse'
import { coveringSpanAt, openSpanAt, windowsCloseAt } from './window-spans'

const ALL = { all: true } as const

function recurring(id: number, cron: string, durationSec: number, timezone: string): MaintenanceWindow {
  return { id, name: `w${id}`, timezone, timing: { kind: 'recurring', cron, durationSec }, scope: ALL, killRunning: false, enabled: true }
}

/** The oracle: every start croner gives in the zone (its own zone-aware path), each open for the duration. */
function oracleOpen(cron: string, timezone: string, durationSec: number, fromMs: number, toMs: number): (atMs: number) => boolean {
  const starts: number[] = []
  const zoned = new Cron(parseQuartzCron(cron).pattern, {
    timezone,
    mode: '6-or-7-parts',
    alternativeWeekdays: true,
    sloppyRanges: true,
    paused: true,
    fixedTimeRule: 'no-wildcard',
  })
  for (let at = zoned.nextRun(new Date(fromMs - durationSec * 1000)); at !== null && at.getTime() < toMs; at = zoned.nextRun(at)) starts.push(at.getTime())
  return (atMs) => {
    const last = starts.findLast((s) => s <= atMs)
    return last !== undefined && atMs < last + durationSec * 1000
  }
}

describe('openSpanAt', () => {
  it('holds a nightly window across midnight, the end excluded', () => {
    const w = recurring(1, '0 0 23 * * ?', 3 * 3600, 'Asia/Shanghai')
    expect(openSpanAt(w, Date.parse('2026-03-01T17:00:00Z'))).toMatchObject({
      startMs: Date.parse('2026-03-01T15:00:00Z'),
      endMs: Date.parse('2026-03-01T18:00:00Z'),
    })
    expect(openSpanAt(w, Date.parse('2026-03-01T18:00:00Z'))).toBeNull()
    expect(openSpanAt(w, Date.parse('2026-03-01T14:59:59Z'))).toBeNull()
  })

  it('lasts its seconds of elapsed time over a DST change, starting where cron places the start', () => {
    const spring = recurring(2, '0 30 2 * * ?', 2 * 3600, 'Europe/Berlin')
    // 02:30 does not exist on 29 March: the start is the end of the gap, 03:00 CEST (01:00Z).
    expect(openSpanAt(spring, Date.parse('2026-03-29T02:59:59Z'))).toMatchObject({
      startMs: Date.parse('2026-03-29T01:00:00Z'),
      endMs: Date.parse('2026-03-29T03:00:00Z'),
    })
    const fall = recurring(3, '0 30 1 * * ?', 3600, 'America/New_York')
    // 01:30 happens twice on 1 November: the window opens at the first (EDT, 05:30Z) and lasts one hour.
    expect(openSpanAt(fall, Date.parse('2026-11-01T06:15:00Z'))).toMatchObject({
      startMs: Date.parse('2026-11-01T05:30:00Z'),
      endMs: Date.parse('2026-11-01T06:30:00Z'),
    })
    expect(openSpanAt(fall, Date.parse('2026-11-01T06:45:00Z'))).toBeNull()
  })

  it('agrees with the oracle at 3,000 instants over a year, in three zones', () => {
    const from = Date.parse('2026-01-01T00:00:00Z')
    const to = Date.parse('2027-01-01T00:00:00Z')
    let seed = 42
    const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (const [cron, zone, durationSec] of [
      ['0 30 2 * * ?', 'Europe/Berlin', 7200],
      ['0 0 22 ? * FRI', 'America/New_York', 14 * 3600],
      ['0 15 0/6 * * ?', 'Asia/Shanghai', 1800],
    ] as const) {
      const open = oracleOpen(cron, zone, durationSec, from, to)
      const w = recurring(9, cron, durationSec, zone)
      for (let i = 0; i < 1000; i++) {
        const at = from + Math.floor(random() * (to - from))
        expect(openSpanAt(w, at) !== null, `${cron} ${zone} at ${new Date(at).toISOString()} (seed 42)`).toBe(open(at))
      }
    }
  })

  it('is closed when disabled; a one-off window is open from its start to its end', () => {
    const once: MaintenanceWindow = { ...recurring(4, '', 0, 'UTC'), timing: { kind: 'once', startMs: 1000, endMs: 5000 } }
    expect([999, 1000, 4999, 5000].map((at) => openSpanAt(once, at) !== null)).toEqual([false, true, true, false])
    expect(openSpanAt({ ...once, enabled: false }, 2000)).toBeNull()
  })
})

describe('windows and what they cover', () => {
  const patch: MaintenanceWindow = {
    ...recurring(5, '', 0, 'UTC'),
    timing: { kind: 'once', startMs: 1000, endMs: 5000 },
    scope: { all: false, groupIds: [7], jobIds: [3], flowIds: [11] },
  }
  const later: MaintenanceWindow = { ...recurring(6, '', 0, 'UTC'), timing: { kind: 'once', startMs: 5000, endMs: 9000 } }

  it('covers the jobs of its groups, its jobs and its flows, nothing else', () => {
    expect(coveringSpanAt([patch], { jobId: 1, groupId: 7 }, 2000)?.windowId).toBe(5)
    expect(coveringSpanAt([patch], { jobId: 3, groupId: 1 }, 2000)?.windowId).toBe(5)
    expect(coveringSpanAt([patch], { flowId: 11 }, 2000)?.windowId).toBe(5)
    expect(coveringSpanAt([patch], { jobId: 1, groupId: 1 }, 2000)).toBeNull()
    expect(coveringSpanAt([patch], { flowId: 12 }, 2000)).toBeNull()
  })

  it('closes after the last of windows that touch', () => {
    expect(windowsCloseAt([patch, later], { jobId: 3, groupId: 1 }, 2000)).toBe(9000)
    expect(windowsCloseAt([patch, later], { jobId: 1, groupId: 1 }, 5500)).toBe(9000)
    expect(windowsCloseAt([patch, later], { jobId: 1, groupId: 1 }, 2000)).toBe(2000)
    expect(windowsCloseAt([patch], { jobId: 1, groupId: 1 }, 2000)).toBe(2000)
  })
})
