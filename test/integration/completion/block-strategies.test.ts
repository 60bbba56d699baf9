import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

describe('block strategies as the admin sees them (seeds/002: blockDiscard, blockSerial)', () => {
  it("DISCARD_LATER: the second trigger fails with the executor's rejection and never runs", async () => {
    t = await startTestCore()
    const job = await t.addJob({ executorHandler: 'timedJobHandler', executorParam: '1500', executorBlockStrategy: 'DISCARD_LATER' })
    const first = (await t.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the first run to start', async () => (await t!.core.api.getRun(first)).triggerCode === 200)
    const second = (await t.core.api.triggerJob({ jobId: job })).logIds[0]
    const rejected = await waitFor('the second trigger to be refused', async () => {
      const run = await t!.core.api.getRun(second)
      return run.triggerCode !== 0 && run
    })
    expect(rejected.triggerCode).toBe(500)
    expect(rejected.handleCode).toBe(0)
    expect(rejected.triggerMsg).toContain('block strategy effect：Discard Later')
    const [done] = await t.finishedRuns(job, 2).then((runs) => runs.filter((r) => r.id === first))
    expect(done.handleCode).toBe(200)
  })

  it('SERIAL_EXECUTION: both succeed and the second starts after the first ended', async () => {
    t = await startTestCore()
    const job = await t.addJob({ executorHandler: 'timedJobHandler', executorParam: '600', executorBlockStrategy: 'SERIAL_EXECUTION' })
    await t.core.api.triggerJob({ jobId: job })
    await t.core.api.triggerJob({ jobId: job })
    const runs = await t.finishedRuns(job, 2)
    expect(runs.map((r) => [r.triggerCode, r.handleCode])).toEqual([
      [200, 200],
      [200, 200],
    ])
    const [first, second] = runs.map((r) => JSON.parse(r.handleMsg) as { startMs: number; endMs: number })
    expect(second.startMs).toBeGreaterThanOrEqual(first.endMs)
  })
})
