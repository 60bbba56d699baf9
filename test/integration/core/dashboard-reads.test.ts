import type { Worker } from 'node:worker_threads'
import { afterEach, expect, it } from 'vitest'
import { spawnWorker, type WorkerEntry } from '../../../src/main/kernel/spawn-worker'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

it("reads the dashboard's failed count and rankings on the reader thread, started at the first read and ended with the core", async () => {
  const spawned: { entry: WorkerEntry; worker: Worker }[] = []
  t = await startTestCore({
    seedDemo: true,
    spawnWorker: (entry, options) => {
      const worker = spawnWorker(entry, options)
      spawned.push({ entry, worker })
      return worker
    },
  })
  const readers = () => spawned.filter((s) => s.entry === 'report-reader')
  const failing = (await t.core.api.listJobs()).find((job) => job.scheduleType === 'NONE')!
  const { logIds } = await t.core.api.triggerJob({ jobId: failing.id })
  await waitFor('the failing demo run to finish', async () => (await t!.core.api.getRun(logIds[0])).handleCode === 500)
  expect(readers()).toEqual([])

  expect((await t.core.api.getOverview()).failedLast24hCount).toBe(1)
  expect(readers()).toHaveLength(1)
  const rankings = await t.core.api.getJobRankings()
  expect(rankings.mostFailing.map((job) => [job.jobName, job.failCount])).toEqual([[failing.name, 1]])
  expect(readers()).toHaveLength(1)

  const ended = new Promise<number>((resolve) => readers()[0].worker.once('exit', resolve))
  await t.stop()
  t = undefined
  await ended
})
