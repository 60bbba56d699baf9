import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
let dir: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await t?.stop()
  dir?.remove()
  t = dir = undefined
})

describe('the demo jobs of a first start', () => {
  it('teach without alarming: two scheduled jobs, a failing one that runs only by hand, and one call removes them all', async () => {
    t = await startTestCore({ seedDemo: true })
    const core = t.core
    const jobs = await core.api.listJobs()
    expect(jobs.map((job) => [job.name, job.scheduleType, job.triggerStatus])).toEqual([
      ['Demo: hello every 2 seconds', 'CRON', 1],
      ['Demo: fixed rate, every 10 s', 'FIX_RATE', 1],
      ['Demo: a job that fails (run it by hand)', 'NONE', 0],
    ])
    const overview = await core.api.getOverview()
    expect(overview.demoJobIds).toEqual(jobs.map((job) => job.id))
    // Both scheduled demos are due within seconds; the on-demand one never is.
    expect(overview.nextFires.map((fire) => fire.jobName).sort()).toEqual(['Demo: fixed rate, every 10 s', 'Demo: hello every 2 seconds'])

    const failing = jobs[2]
    const { logIds } = await core.api.triggerJob({ jobId: failing.id })
    await waitFor('the failing demo run to finish', async () => (await core.api.getRun(logIds[0])).handleCode === 500)
    const lastHour = (await core.api.getOverview()).lastHour
    expect(lastHour.failCount).toBe(1)

    expect((await core.api.removeDemoJobs()).sort()).toEqual(jobs.map((job) => job.id).sort())
    expect(await core.api.listJobs()).toEqual([])
    expect((await core.api.getOverview()).demoJobIds).toEqual([])
    // Nothing left to remove: a second call is harmless.
    expect(await core.api.removeDemoJobs()).toEqual([])
  })

  it('are seeded once: after they are removed, a restart does not bring them back', async () => {
    dir = makeTempDir()
    const first = await startTestCore({ seedDemo: true }, dir.path)
    await first.core.api.removeDemoJobs()
    await first.stop()
    t = await startTestCore({ seedDemo: true }, dir.path)
    expect(await t.core.api.listJobs()).toEqual([])
  })

  it('belong to the first start only: a database first started without them never gets them from a later start', async () => {
    dir = makeTempDir()
    const first = await startTestCore({ seedDemo: false }, dir.path)
    expect(await first.core.api.listJobs()).toEqual([])
    await first.stop()
    // A later start without --no-demo (a systemd unit written from the README omits it).
    t = await startTestCore({ seedDemo: true }, dir.path)
    expect(await t.core.api.listJobs()).toEqual([])
  })
})
