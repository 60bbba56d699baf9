import { describe, expect, it } from 'vitest'
import { NO_DEADLINES, RUN_MARK, type DeadlineTerms } from '../../shared/deadline-terms'
import { deadlinesOf, finishByInstant, missesAt, nextCheckMs, p95Ms } from './deadline-decisions'

const at = (iso: string): number => Date.parse(iso)
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())
const terms = (over: Partial<DeadlineTerms>): DeadlineTerms => ({ ...NO_DEADLINES, ...over })

describe('finishByInstant: the first such local time at or after the scheduled time', () => {
  const cases: [zone: string, finishBy: string, due: string, expected: string, note: string][] = [
    ['UTC', '06:00', '2026-12-07T23:50:00Z', '2026-12-08T06:00:00.000Z', 'due 23:50, done by 06:00: the next morning'],
    ['UTC', '06:00', '2026-12-07T05:00:00Z', '2026-12-07T06:00:00.000Z', 'the same day'],
    ['UTC', '06:00', '2026-12-07T06:00:00Z', '2026-12-07T06:00:00.000Z', 'at the scheduled time itself'],
    ['UTC', '03:00:05', '2026-12-07T03:00:00Z', '2026-12-07T03:00:05.000Z', 'with seconds'],
    ['Asia/Shanghai', '06:00', '2026-12-07T15:50:00Z', '2026-12-07T22:00:00.000Z', "in the job's zone (23:50 local → 06:00 local)"],
    ['Europe/Berlin', '02:30', '2026-03-28T23:00:00Z', '2026-03-29T01:00:00.000Z', 'in the spring-forward gap: the first instant after it (03:00 CEST)'],
    ['Europe/Berlin', '02:30', '2026-10-24T23:00:00Z', '2026-10-25T00:30:00.000Z', 'in the fall-back overlap: its first occurrence (CEST)'],
    ['Europe/Berlin', '06:00', '2026-10-24T21:50:00Z', '2026-10-25T05:00:00.000Z', 'across the fall-back night: 06:00 CET'],
    ['America/New_York', '06:00', '2026-03-08T04:50:00Z', '2026-03-08T10:00:00.000Z', 'across the spring-forward night: 06:00 EDT'],
  ]
  it.each(cases)('%s %s due %s → %s (%s)', (zone, finishBy, due, expected) => {
    expect(iso(finishByInstant(zone, finishBy, at(due)))).toBe(expected)
  })

  it('is null for an empty or malformed time', () => {
    expect(finishByInstant('UTC', '', 0)).toBeNull()
    expect(finishByInstant('UTC', '24:00', 0)).toBeNull()
    expect(finishByInstant('UTC', '6:00', 0)).toBeNull()
  })
})

describe('deadlinesOf', () => {
  const due = at('2026-12-07T03:00:00Z')
  const cases: [note: string, over: Partial<DeadlineTerms>, startBy: string | null, finishBy: string | null][] = [
    ['all off', {}, null, null],
    ['a start deadline', { startDeadlineSec: 60 }, '2026-12-07T03:01:00.000Z', null],
    ['finish within', { finishWithinSec: 600 }, null, '2026-12-07T03:10:00.000Z'],
    ['finish by', { finishBy: '03:05' }, null, '2026-12-07T03:05:00.000Z'],
    ['both finish terms: the earlier', { finishBy: '04:00', finishWithinSec: 600 }, null, '2026-12-07T03:10:00.000Z'],
    ['both finish terms, the clock first', { finishBy: '03:02', finishWithinSec: 600 }, null, '2026-12-07T03:02:00.000Z'],
    ['a slow factor has no deadline', { slowFactor: 2 }, null, null],
  ]
  it.each(cases)('%s', (_note, over, startBy, finishBy) => {
    const deadlines = deadlinesOf(terms(over), 'UTC', due)
    expect([iso(deadlines.startByMs), iso(deadlines.finishByMs)]).toEqual([startBy, finishBy])
  })
})

describe('p95Ms of the last successful durations', () => {
  it('needs at least ten', () => {
    expect(p95Ms([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBeNull()
    expect(p95Ms([])).toBeNull()
  })
  it('is the nearest rank', () => {
    expect(p95Ms([10, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(10)
    expect(p95Ms(Array.from({ length: 20 }, (_, i) => (i + 1) * 100))).toBe(1900)
    expect(p95Ms([...Array.from({ length: 19 }, () => 1000), 60_000])).toBe(1000)
  })
})

describe('missesAt: the marks a run has earned at an instant', () => {
  const due = at('2026-12-07T03:00:00Z')
  const s = (sec: number) => due + sec * 1000
  const cases: [note: string, over: Partial<DeadlineTerms>, started: number | null, ended: number | null, p95: number | null, now: number, marks: number][] = [
    ['nothing set', {}, null, null, null, s(3600), 0],
    ['not started, before the start deadline', { startDeadlineSec: 60 }, null, null, null, s(59), 0],
    ['not started at the start deadline', { startDeadlineSec: 60 }, null, null, null, s(60), RUN_MARK.lateStart],
    ['started in time', { startDeadlineSec: 60 }, s(5), null, null, s(600), 0],
    ['started after the start deadline', { startDeadlineSec: 60 }, s(61), null, null, s(62), RUN_MARK.lateStart],
    ['running before finishBy', { finishBy: '03:00:05' }, s(0), null, null, s(4), 0],
    ['running at finishBy', { finishBy: '03:00:05' }, s(0), null, null, s(5), RUN_MARK.lateFinish],
    ['ended on time, looked at later', { finishBy: '03:00:05' }, s(0), s(5), null, s(60), 0],
    ['ended after finishBy, looked at later', { finishBy: '03:00:05' }, s(0), s(10), null, s(60), RUN_MARK.lateFinish],
    ['never started, past both', { startDeadlineSec: 10, finishWithinSec: 20 }, null, null, null, s(30), RUN_MARK.lateStart | RUN_MARK.lateFinish],
    ['slow: too few samples', { slowFactor: 2 }, s(0), null, null, s(3600), 0],
    ['slow: under factor × p95', { slowFactor: 2 }, s(0), null, 10_000, s(20), 0],
    ['slow: over factor × p95 while running', { slowFactor: 2 }, s(0), null, 10_000, s(21), RUN_MARK.slow],
    ['slow: ended over factor × p95', { slowFactor: 2 }, s(0), s(30), 10_000, s(3600), RUN_MARK.slow],
    ['slow: not started is not slow', { slowFactor: 2 }, null, null, 10_000, s(3600), 0],
  ]
  it.each(cases)('%s', (_note, over, startedMs, endedMs, p95, now, marks) => {
    const t = terms(over)
    expect(missesAt(t, deadlinesOf(t, 'UTC', due), { dueMs: due, startedMs, endedMs }, p95, now)).toBe(marks)
  })
})

describe('nextCheckMs: when a run could next earn a mark', () => {
  const due = at('2026-12-07T03:00:00Z')
  it('is the earliest deadline not yet missed, or the instant the run turns slow', () => {
    const t = terms({ startDeadlineSec: 60, finishBy: '03:00:05', slowFactor: 2 })
    const d = deadlinesOf(t, 'UTC', due)
    expect(nextCheckMs(t, d, { dueMs: due, startedMs: null, endedMs: null }, null, 0)).toBe(due + 5_000)
    expect(nextCheckMs(t, d, { dueMs: due, startedMs: due, endedMs: null }, 1_000, RUN_MARK.lateFinish)).toBe(due + 2_001)
    expect(nextCheckMs(t, d, { dueMs: due, startedMs: due, endedMs: due + 1 }, 1_000, 0)).toBeNull()
  })
})
