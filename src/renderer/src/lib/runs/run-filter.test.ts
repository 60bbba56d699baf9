import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { matchesRunFilter, mergeChildRuns, mergeRuns, NO_RUN_FILTER, mergeRecentRuns, toApiRunFilter, toLastRun, updateLastRuns } from './run-filter'

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0)

const run = (id: number, over: Partial<JobRun> = {}): JobRun =>
  ({ id, jobId: 1, triggerType: 'CRON', triggerTimeMs: NOW - 1000, triggerCode: 200, handleCode: 0, handleMsg: '', ...over }) as JobRun

describe('toApiRunFilter', () => {
  it('sends only the fields that are set, with the time range ending now', () => {
    expect(toApiRunFilter({ jobId: 4, groupId: 2, status: 'failed', triggerType: null, timeRange: '1h' }, NOW, 90, 50)).toEqual({
      jobId: 4,
      jobGroup: 2,
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

  it('keeps only runs of the chosen executor group', () => {
    expect(matchesRunFilter(run(1, { jobGroup: 3 }), { ...NO_RUN_FILTER, groupId: 3 }, NOW)).toBe(true)
    expect(matchesRunFilter(run(1, { jobGroup: 4 }), { ...NO_RUN_FILTER, groupId: 3 }, NOW)).toBe(false)
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
  it('keeps the newest run per job, as the core’s last-run rows', () => {
    const known = { 1: toLastRun(run(4)) }
    const next = updateLastRuns(known, [run(3), run(6, { handleCode: 200 }), run(8, { jobId: 2 })])
    expect(next[1]).toEqual({ jobId: 1, logId: 6, status: 'success', triggerTimeMs: NOW - 1000 })
    expect(next[2].logId).toBe(8)
  })

  it('updates the status when the same run ends', () => {
    const known = { 1: toLastRun(run(4)) }
    expect(updateLastRuns(known, [run(4, { handleCode: 500 })])[1].status).toBe('failed')
  })

  it('marks a run a kill ended as killed, and no other', () => {
    const known = { 1: toLastRun(run(4)) }
    const next = updateLastRuns(known, [run(4, { handleCode: 500, handleMsg: 'Manual operation, kill job: job thread already killed.' })])
    expect(next[1]).toEqual({ jobId: 1, logId: 4, status: 'failed', triggerTimeMs: NOW - 1000, killed: true })
    expect(toLastRun(run(5, { handleCode: 500, handleMsg: 'boom' }))).not.toHaveProperty('killed')
  })

  it('returns the same object when nothing is newer or changed', () => {
    const known = { 1: toLastRun(run(4)) }
    expect(updateLastRuns(known, [run(2), run(4)])).toBe(known)
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

describe('mergeRecentRuns', () => {
  it('keeps the newest runs of open jobs, replacing changed rows, and ignores other jobs', () => {
    const known = { 1: [run(5), run(3)] }
    const next = mergeRecentRuns(known, [run(6), run(5, { handleCode: 200 }), run(9, { jobId: 2 })], 2)
    expect(next[1].map((r) => r.id)).toEqual([6, 5])
    expect(next[1][1].handleCode).toBe(200)
    expect(next[2]).toBeUndefined()
  })

  it('returns the same object when no open job is touched', () => {
    const known = { 1: [run(5)] }
    expect(mergeRecentRuns(known, [run(9, { jobId: 2 })], 8)).toBe(known)
  })
})
