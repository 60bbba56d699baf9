import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LastRun } from '../../../../shared/api'
import type { JobPage, JobQuery } from '../../../../shared/job-query'
import type { JobInfo } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { applyEvent } from '../events'
import { useJobDesk } from '../index'
import { initialJobsState } from './initialState'

const job = (id: number, name: string, over: Partial<JobInfo> = {}) => ({ id, name, jobGroup: 1, executorHandler: 'h', triggerStatus: 0, ...over }) as JobInfo

/** A server of `jobs` answering pages as JobRepo.page does for the id sort (enough for these tests). */
function serverOf(jobs: JobInfo[]) {
  const listJobPage = vi.fn(async (query: JobQuery): Promise<JobPage> => {
    let matching = jobs.filter((j) => (query.ids ? query.ids.includes(j.id) : true) && (!query.text || j.name.includes(query.text)))
    const total = matching.length
    if (query.after) matching = matching.filter((j) => j.id > query.after!.id)
    const page = matching.slice(0, query.limit ?? 100)
    const last = page.at(-1)
    return { jobs: page, total, next: page.length < matching.length && last ? { value: last.id, id: last.id } : null }
  })
  return { listJobPage, listLastRuns: vi.fn(async (_request?: { jobIds: number[] }): Promise<LastRun[]> => []), listDefinitionOrigins: async () => [] }
}

afterEach(() => {
  setClient(null)
  useJobDesk.setState(initialJobsState)
})

describe('the jobs slice', () => {
  it('reads the list a page at a time, never every job', async () => {
    const server = serverOf(Array.from({ length: 250 }, (_, i) => job(i + 1, `job ${i + 1}`)))
    setClient(fakeClient(server))
    await useJobDesk.getState().fetchJobList()
    expect(useJobDesk.getState().jobList).toMatchObject({ total: 250, loaded: true })
    expect(useJobDesk.getState().jobList.ids).toHaveLength(100)
    await useJobDesk.getState().fetchMoreJobs()
    await useJobDesk.getState().fetchMoreJobs()
    await useJobDesk.getState().fetchMoreJobs()
    expect(useJobDesk.getState().jobList.ids).toEqual(Array.from({ length: 250 }, (_, i) => i + 1))
    expect(useJobDesk.getState().jobList.next).toBeNull()
    expect(server.listJobPage).toHaveBeenCalledTimes(3)
    expect(server.listLastRuns.mock.calls.map(([request]) => request?.jobIds.length)).toEqual([100, 100, 50])
  })

  it('keeps only the answer of the newest filter when an older one arrives late', async () => {
    const server = serverOf([job(1, 'report'), job(2, 'mail')])
    let releaseFirst: () => void = () => {}
    const slow = new Promise<void>((resolve) => (releaseFirst = resolve))
    const answer = server.listJobPage
    server.listJobPage = vi.fn(async (query: JobQuery) => {
      if (query.text === 're') await slow
      return answer(query)
    })
    setClient(fakeClient(server))
    useJobDesk.getState().setJobFilter({ search: 're' })
    useJobDesk.getState().setJobFilter({ search: 'mail' })
    await vi.waitFor(() => expect(useJobDesk.getState().jobList.ids).toEqual([2]))
    releaseFirst()
    await vi.waitFor(() => expect(server.listJobPage).toHaveBeenCalledTimes(2))
    await Promise.resolve()
    expect(useJobDesk.getState().jobList.ids, 'the late answer to "re" is dropped').toEqual([2])
  })

  it('places the jobs a jobs-changed names in the list, and re-reads the first page when it names none', async () => {
    const jobs = [job(1, 'report'), job(2, 'mail')]
    const server = serverOf(jobs)
    setClient(fakeClient(server))
    await useJobDesk.getState().fetchJobList()
    jobs.push(job(3, 'new one'))
    jobs[0] = job(1, 'renamed')
    jobs.splice(1, 1)
    await useJobDesk.getState().refetchJobs([1, 2, 3])
    expect(server.listJobPage).toHaveBeenLastCalledWith({ ids: [1, 2, 3], limit: 3 })
    expect(useJobDesk.getState().jobList).toMatchObject({ ids: [1, 3], total: 2 })
    expect(
      useJobDesk.getState().jobs.map((j) => j.name),
      'the one not answered is gone',
    ).toEqual(['renamed', 'new one'])

    applyEvent({ type: 'jobs-changed', jobIds: [] })
    await vi.waitFor(() => expect(server.listJobPage).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'id', limit: 100 })))
  })

  it('reads the jobs a panel names once, however many ask', async () => {
    const server = serverOf([job(5, 'five'), job(6, 'six')])
    setClient(fakeClient(server))
    await Promise.all([useJobDesk.getState().ensureJobs([5, 6]), useJobDesk.getState().ensureJobs([6, 5])])
    await useJobDesk.getState().ensureJobs([5])
    expect(server.listJobPage).toHaveBeenCalledTimes(1)
    expect(useJobDesk.getState().jobs.map((j) => j.name)).toEqual(['five', 'six'])
  })
})
