import { describe, expect, it } from 'vitest'
import type { JobInfo } from '../../../../shared/model'
import { compareJobs, jobMatches, jobQueryOf, mergeJobs, NO_JOB_FILTER, placeJobs, type JobFilter } from './job-filter'

const job = (id: number, over: Partial<JobInfo> = {}): JobInfo =>
  ({
    id,
    name: `job ${id}`,
    executorHandler: 'demoJobHandler',
    jobGroup: 1,
    scheduleType: 'CRON',
    triggerStatus: 1,
    triggerNextTimeMs: 0,
    ...over,
  }) as JobInfo

describe('jobQueryOf', () => {
  it('asks the server only for what the filter narrows, with its sort and page', () => {
    expect(jobQueryOf(NO_JOB_FILTER, 100)).toEqual({ sort: 'id', descending: false, limit: 100 })
    const filter: JobFilter = { search: '  report ', status: 'stopped', scheduleType: 'FIX_RATE', groupId: 3, sort: 'name', descending: true }
    expect(jobQueryOf(filter, 50, { value: 'm', id: 9 })).toEqual({
      text: 'report',
      status: 'stopped',
      scheduleType: 'FIX_RATE',
      groupId: 3,
      sort: 'name',
      descending: true,
      limit: 50,
      after: { value: 'm', id: 9 },
    })
  })
})

describe('jobMatches', () => {
  it('keeps what the server would list: name or handler any case, an id typed whole, the narrowing fields', () => {
    const report = job(12, { name: 'Nightly Report', executorHandler: 'reportHandler', triggerStatus: 0 })
    const search = (text: string) => jobMatches(report, { ...NO_JOB_FILTER, search: text })
    expect([search('nightly'), search('REPORTH'), search('12'), search('1'), search('sleep')]).toEqual([true, true, true, false, false])
    expect(jobMatches(report, { ...NO_JOB_FILTER, status: 'running' })).toBe(false)
    expect(jobMatches(report, { ...NO_JOB_FILTER, status: 'stopped', groupId: 1, scheduleType: 'CRON' })).toBe(true)
    expect(jobMatches(report, { ...NO_JOB_FILTER, groupId: 2 })).toBe(false)
  })
})

describe('compareJobs', () => {
  it('orders by the sort column with the id breaking ties, either way', () => {
    const jobs = [job(3, { name: 'b', triggerNextTimeMs: 5 }), job(1, { name: 'b', triggerNextTimeMs: 9 }), job(2, { name: 'a', triggerNextTimeMs: 5 })]
    const ids = (sort: JobFilter['sort'], descending = false) => [...jobs].sort(compareJobs({ sort, descending })).map((j) => j.id)
    expect(ids('id')).toEqual([1, 2, 3])
    expect(ids('name')).toEqual([2, 1, 3])
    expect(ids('name', true)).toEqual([3, 1, 2])
    expect(ids('nextFire')).toEqual([2, 3, 1])
  })
})

describe('placeJobs', () => {
  const byName: JobFilter = { ...NO_JOB_FILTER, search: 'report', sort: 'name' }
  const listed = [job(1, { name: 'a report' }), job(2, { name: 'c report' }), job(3, { name: 'e report' })]
  const cache = new Map(listed.map((j) => [j.id, j]))

  it('moves a renamed job to its place, drops one that no longer matches, and counts it', () => {
    const window = { ids: [1, 2, 3], total: 3, next: null }
    const renamed = job(3, { name: 'b report' })
    expect(placeJobs(window, cache, [renamed], [], byName)).toEqual({ ids: [1, 3, 2], total: 3, next: null })
    expect(placeJobs(window, cache, [job(2, { name: 'c' })], [], byName)).toEqual({ ids: [1, 3], total: 2, next: null })
    expect(placeJobs(window, cache, [], [1], byName)).toEqual({ ids: [2, 3], total: 2, next: null })
  })

  it('takes a new matching job in where it sorts within the loaded rows, and leaves one beyond them to its page', () => {
    const unfinished = { ids: [1, 2, 3], total: 10, next: { value: 'e report', id: 3 } }
    expect(placeJobs(unfinished, cache, [job(7, { name: 'b report' })], [], byName)).toEqual({ ids: [1, 7, 2, 3], total: 11, next: unfinished.next })
    expect(placeJobs(unfinished, cache, [job(8, { name: 'z report' })], [], byName), 'beyond the loaded rows: counted, read with its page').toEqual({
      ids: [1, 2, 3],
      total: 11,
      next: unfinished.next,
    })
    expect(placeJobs(unfinished, cache, [job(9, { name: 'other' })], [], byName).total, 'not matching: not counted').toBe(10)
  })
})

describe('mergeJobs', () => {
  it('replaces changed jobs, adds new ones in id order and drops removed ones', () => {
    const merged = mergeJobs([job(1), job(3), job(5)], [job(3, { name: 'renamed' }), job(2)], [5])
    expect(merged.map((j) => `${j.id}:${j.name}`)).toEqual(['1:job 1', '2:job 2', '3:renamed'])
  })
})
