import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobInfo } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { applyEvent } from '../events'
import { useJobDesk } from '../index'
import { initialJobsState } from './initialState'

const job = (id: number, name: string) => ({ id, name, jobGroup: 1 }) as JobInfo

afterEach(() => {
  setClient(null)
  useJobDesk.setState(initialJobsState)
})

describe('the jobs slice', () => {
  it('re-reads every job on a jobs-changed that names none (an apply, or jobs this user may not see)', async () => {
    const listJobs = vi.fn(async () => [job(2, 'applied'), job(1, 'report')])
    const getJob = vi.fn(async (id: number) => job(id, 'renamed'))
    setClient(fakeClient({ listJobs, getJob, listDefinitionOrigins: async () => [] }))

    applyEvent({ type: 'jobs-changed', jobIds: [] })
    await vi.waitFor(() => expect(useJobDesk.getState().jobs.map((j) => j.name)).toEqual(['report', 'applied']))
    expect(getJob).not.toHaveBeenCalled()

    // Named ids: only those are read.
    await useJobDesk.getState().refetchJobs([2])
    expect(getJob).toHaveBeenCalledWith(2)
    expect(listJobs).toHaveBeenCalledTimes(1)
    expect(useJobDesk.getState().jobs.map((j) => j.name)).toEqual(['report', 'renamed'])
  })
})
