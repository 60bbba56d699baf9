import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../shared/model'
import { matchesRunFilter, mergeChildRuns, mergeRuns, NO_RUN_FILTER, toApiRunFilter, updateLastRuns } from './run-filter'

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0)

const run = (id: number, over: Partial<JobRun> = {}): JobRun =>
  ({ id, jobId: 1, triggerType: 'CRON', triggerTimeMs: NOW - 1000, triggerCode: 200, handleCode: 0, ...over }) as JobRun

describe('toApiRunFilter', () => {
  it('sends only the fields that are set, with the time range ending now', () => {
    expect(toApiRunFilter({ jobId: 4, status: 'failed', triggerType: null, timeRange: '1h' }, NOW, 90, 50)).toEqual({
      jobId: 4,
      status: 'failed',
      sinceMs: NOW - 3_600_000,
      beforeId: 90,
      limit: 50,
    })
  })
})

describe('matchesRunFilter', () => {
  it('compares the derived status, not the raw codes', () => {
    const succeeded = run(1, { handleCode: 200 })
    expect(matchesRunFilter(succeeded, { ...NO_RUN_FILTER, status: 'success' }, NOW)).toBe(true)
    expect(matchesRunFilter(succeeded, { ...NO_RUN_FILTER, status: 'running' }, NOW)).toBe(false)
  })

  it('drops runs triggered before the time range', () => {
    expect(matchesRunFilter(run(1, { triggerTimeMs: NOW - 7_200_000 }), { ...NO_RUN_FILTER, timeRange: '1h' }, NOW)).toBe(false)
  })
})

describe('mergeRuns', () => {
  it('replaces held rows and inserts newer matching rows newest first', () => {
    const list = [run(5), run(3)]
    const merged = mergeRuns(list, [run(5, { handleCode: 200 }), run(7)], NO_RUN_FILTER, NOW, false)
    expect(merged.map((r) => r.id)).toEqual([7, 5, 3])
    expect(merged[1].handleCode).toBe(200)
  })

  it('drops a held row that no longer matches the status filter', () => {
    const filter = { ...NO_RUN_FILTER, status: 'running' as const }
    const merged = mergeRuns([run(5), run(3)], [run(5, { handleCode: 500 })], filter, NOW, false)
    expect(merged.map((r) => r.id)).toEqual([3])
  })

  it('ignores unknown rows older than the loaded pages unless the list is complete', () => {
    expect(mergeRuns([run(5), run(3)], [run(2)], NO_RUN_FILTER, NOW, false).map((r) => r.id)).toEqual([5, 3])
    expect(mergeRuns([run(5), run(3)], [run(2)], NO_RUN_FILTER, NOW, true).map((r) => r.id)).toEqual([5, 3, 2])
  })

  it('returns the same list when nothing applies', () => {
    const list = [run(5)]
    expect(mergeRuns(list, [run(9, { jobId: 2 })], { ...NO_RUN_FILTER, jobId: 1 }, NOW, false)).toBe(list)
  })
})

describe('updateLastRuns', () => {
  it('keeps the newest run per job', () => {
    const known = { 1: run(4) }
    const next = updateLastRuns(known, [run(3), run(6), run(8, { jobId: 2 })])
    expect(next[1].id).toBe(6)
    expect(next[2].id).toBe(8)
  })

  it('returns the same object when nothing is newer', () => {
    const known = { 1: run(4) }
    expect(updateLastRuns(known, [run(2)])).toBe(known)
  })
})

describe('mergeChildRuns', () => {
  it('adds and replaces pushed rows under open parents, newest first', () => {
    const known = { 10: [run(12, { parentLogId: 10 })] }
    const next = mergeChildRuns(known, [run(15, { parentLogId: 10, triggerType: 'RETRY' }), run(12, { parentLogId: 10, handleCode: 200 })])
    expect(next[10].map((r) => r.id)).toEqual([15, 12])
    expect(next[10][1].handleCode).toBe(200)
  })

  it('ignores rows whose parent is not open, and rows without a parent', () => {
    const known = { 10: [] }
    expect(mergeChildRuns(known, [run(15, { parentLogId: 11 }), run(16, { parentLogId: null })])).toBe(known)
  })
})
