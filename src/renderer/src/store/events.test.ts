import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobRun } from '../../../shared/model'
import { setClient } from '../api/client'
import { fakeClient } from '../api/fake-client'
import { applyEvent } from './events'
import { useJobDesk } from './index'

const run = (id: number, jobId: number, handleCode: number): JobRun =>
  ({
    id,
    jobId,
    jobGroup: 1,
    parentLogId: null,
    triggerType: 'CRON',
    triggerTimeMs: 1000 + id,
    triggerCode: 200,
    handleCode,
    handleMsg: '',
    executorAddress: '',
  }) as JobRun

function fakeCore() {
  const core = {
    listLastRuns: vi.fn(async () => [{ jobId: 4, logId: 90, status: 'failed' as const, triggerTimeMs: 5000 }]),
    listRuns: vi.fn(async () => ({ runs: [run(90, 4, 500)], nextBeforeId: null })),
    listLinks: vi.fn(async () => [{ parentJobId: 4, childJobId: 5, condition: 'SUCCESS' as const }]),
  }
  setClient(fakeClient(core))
  return core
}

afterEach(() => {
  setClient(null)
  useJobDesk.setState({ lastRunByJob: {}, runs: [], runsLoaded: false, links: [] })
})

describe('applyEvent', () => {
  it('applies pushed runs to the last-run map without asking the core', () => {
    const core = fakeCore()
    applyEvent({ type: 'runs-changed', runs: [run(7, 3, 0)], truncated: false })
    expect(useJobDesk.getState().lastRunByJob[3]).toEqual({ jobId: 3, logId: 7, status: 'running', triggerTimeMs: 1007 })
    expect(core.listLastRuns).not.toHaveBeenCalled()
  })

  it('re-reads the last runs and the open list when the core says runs-changed was cut', async () => {
    const core = fakeCore()
    useJobDesk.setState({ runsLoaded: true })
    applyEvent({ type: 'runs-changed', runs: [], truncated: true })
    await vi.waitFor(() => expect(useJobDesk.getState().lastRunByJob[4]?.logId).toBe(90))
    await vi.waitFor(() => expect(useJobDesk.getState().runs.map((r) => r.id)).toEqual([90]))
    expect(core.listRuns).toHaveBeenCalled()
  })

  it('re-reads the links when they changed', async () => {
    const core = fakeCore()
    applyEvent({ type: 'links-changed' })
    await vi.waitFor(() => expect(useJobDesk.getState().links).toHaveLength(1))
    expect(core.listLinks).toHaveBeenCalledTimes(1)
  })
})
