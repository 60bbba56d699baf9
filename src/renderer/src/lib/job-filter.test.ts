import { describe, expect, it } from 'vitest'
import type { JobInfo } from '../../../shared/model'
import { filterJobs, mergeJobs, NO_JOB_FILTER } from './job-filter'

const job = (id: number, over: Partial<JobInfo> = {}): JobInfo =>
  ({
    id,
    name: `job ${id}`,
    executorHandler: 'demoJobHandler',
    author: '',
    scheduleType: 'CRON',
    scheduleConf: '0 * * * * ?',
    executorParam: '',
    triggerStatus: 1,
    ...over,
  }) as JobInfo

describe('filterJobs', () => {
  const jobs = [
    job(1, { name: 'Nightly report', triggerStatus: 0 }),
    job(2, { executorHandler: 'sleepJobHandler', scheduleType: 'FIX_RATE', scheduleConf: '10' }),
    job(12, { scheduleType: 'NONE', scheduleConf: '' }),
  ]

  it('keeps the jobs of one executor group', () => {
    const grouped = [job(1, { jobGroup: 1 }), job(2, { jobGroup: 2 }), job(3, { jobGroup: 2 })]
    expect(filterJobs(grouped, { ...NO_JOB_FILTER, groupId: 2 }).map((j) => j.id)).toEqual([2, 3])
  })

  it('keeps everything with no filter', () => {
    expect(filterJobs(jobs, NO_JOB_FILTER).map((j) => j.id)).toEqual([1, 2, 12])
  })

  it('matches the search text in name and handler, case-insensitively', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTER, search: 'NIGHTLY' }).map((j) => j.id)).toEqual([1])
    expect(filterJobs(jobs, { ...NO_JOB_FILTER, search: 'sleep' }).map((j) => j.id)).toEqual([2])
  })

  it('matches an exact id', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTER, search: '12' }).map((j) => j.id)).toEqual([12])
  })

  it('filters by trigger status and schedule type together', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTER, status: 'stopped' }).map((j) => j.id)).toEqual([1])
    expect(filterJobs(jobs, { ...NO_JOB_FILTER, status: 'running', scheduleType: 'NONE' }).map((j) => j.id)).toEqual([12])
  })
})

describe('mergeJobs', () => {
  it('replaces changed jobs, adds new ones in id order and drops removed ones', () => {
    const merged = mergeJobs([job(1), job(3), job(5)], [job(3, { name: 'renamed' }), job(2)], [5])
    expect(merged.map((j) => `${j.id}:${j.name}`)).toEqual(['1:job 1', '2:job 2', '3:renamed'])
  })
})
