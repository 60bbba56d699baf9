import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunFilter } from '../../../../shared/api'
import { ConflictError } from '../../../../shared/errors'
import type { JobLink, JobRun } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { useJobDesk } from '../index'

const run = (id: number, jobId: number, parentLogId: number | null, handleCode = 200): JobRun =>
  ({ id, jobId, parentLogId, triggerType: parentLogId === null ? 'MANUAL' : 'PARENT', triggerCode: 200, handleCode, handleMsg: '' }) as JobRun

/** A core holding runs and links, answering as the API does. */
function fakeCore(runs: JobRun[], links: JobLink[] = []) {
  const core = {
    getRun: vi.fn(async (id: number) => {
      const found = runs.find((r) => r.id === id)
      if (!found) throw new Error(`run ${id} does not exist`)
      return found
    }),
    listRuns: vi.fn(async (filter: RunFilter) => ({ runs: runs.filter((r) => r.parentLogId === filter.parentLogId), nextBeforeId: null })),
    listLinks: vi.fn(async () => links),
    saveLink: vi.fn(async (link: JobLink) => {
      if (link.childJobId === 1)
        throw new ConflictError('linking job 3 → job 1 would close the cycle 1 → 2 → 3 → 1', { code: 'link.cycle', params: { path: [1, 2, 3, 1] } })
      return link
    }),
    deleteLink: vi.fn(async () => {}),
  }
  setClient(fakeClient(core))
  return core
}

afterEach(() => {
  useJobDesk.getState().clearChain()
  useJobDesk.setState({ links: [], linksLoaded: false })
  setClient(null)
})

describe('the dag slice', () => {
  it('shows a run’s whole chain and keeps it current as pushed runs change and join it', async () => {
    fakeCore([run(10, 1, null), run(11, 2, 10, 0)])
    await useJobDesk.getState().showChain(11)
    expect(useJobDesk.getState().chain?.runs.map((r) => r.id)).toEqual([10, 11])

    // Run 11 ends and fires run 12 (its child); an unrelated run 30 stays out.
    useJobDesk.getState().applyChainRuns([run(11, 2, 10, 200), run(12, 3, 11, 0), run(30, 9, null)])
    const chain = useJobDesk.getState().chain!
    expect(chain.runs.map((r) => [r.id, r.handleCode])).toEqual([
      [10, 200],
      [11, 200],
      [12, 0],
    ])
  })

  it('keeps the links in step with saves and deletes, and rejects a cycle with the core’s error', async () => {
    const core = fakeCore([], [{ parentJobId: 1, childJobId: 2, condition: 'SUCCESS' }])
    await useJobDesk.getState().fetchLinks()
    await useJobDesk.getState().saveLink({ parentJobId: 2, childJobId: 3, condition: 'FAILURE' })
    await useJobDesk.getState().saveLink({ parentJobId: 1, childJobId: 2, condition: 'ALWAYS' })
    expect(useJobDesk.getState().links).toEqual([
      { parentJobId: 2, childJobId: 3, condition: 'FAILURE' },
      { parentJobId: 1, childJobId: 2, condition: 'ALWAYS' },
    ])
    await expect(useJobDesk.getState().saveLink({ parentJobId: 3, childJobId: 1, condition: 'SUCCESS' })).rejects.toMatchObject({
      code: 'link.cycle',
      params: { path: [1, 2, 3, 1] },
    })
    await useJobDesk.getState().deleteLink(2, 3)
    expect(core.deleteLink).toHaveBeenCalledWith({ parentJobId: 2, childJobId: 3 })
    expect(useJobDesk.getState().links).toEqual([{ parentJobId: 1, childJobId: 2, condition: 'ALWAYS' }])
  })
})
