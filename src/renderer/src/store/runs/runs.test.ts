import { afterEach, describe, expect, it } from 'vitest'
import type { RunFilter, RunPage } from '../../../../shared/api'
import type { JobRun } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { useJobDesk } from '../index'
import { initialRunsState } from './initialState'

const run = (id: number, jobId: number): JobRun => ({ id, jobId, jobGroup: 1, triggerType: 'CRON', triggerCode: 200, handleCode: 200, handleMsg: '' }) as JobRun

afterEach(() => {
  setClient(null)
  useJobDesk.setState(initialRunsState)
})

describe('the runs slice', () => {
  it("shows none of another job's rows while a job filter's first page is on its way", async () => {
    const held = [run(5, 1), run(4, 2), run(3, 1), run(2, 2)]
    let answer: (page: RunPage) => void = () => {}
    const asked: RunFilter[] = []
    setClient(
      fakeClient({
        listRuns: (filter) => {
          asked.push(filter)
          return new Promise<RunPage>((resolve) => (answer = resolve))
        },
      }),
    )
    useJobDesk.setState({ runs: held, runsLoaded: true })

    useJobDesk.getState().setRunFilter({ jobId: 2 })
    // At once, before the server answers: only job 2's rows, in their order.
    expect(useJobDesk.getState().runs.map((r) => r.id)).toEqual([4, 2])
    expect(asked).toMatchObject([{ jobId: 2 }])

    answer({ runs: [run(6, 2), run(4, 2), run(2, 2)], nextBeforeId: null })
    await expect.poll(() => useJobDesk.getState().runs.map((r) => r.id)).toEqual([6, 4, 2])
  })
})
