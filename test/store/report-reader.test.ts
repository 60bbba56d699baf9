import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { spawnWorker, type SpawnWorker } from '../../src/main/kernel/spawn-worker'
import { databaseFile } from '../../src/main/app/data-dir'
import { openStore } from '../../src/main/store/open-store'
import type { RunFilter } from '../../src/shared/api'
import { ReportReader, type ReportReply } from '../../src/main/store/report-reader'
import { storeReportReads, type ReportReads } from '../../src/main/store/report-reads'
import type { Store } from '../../src/main/store/store'
import { plantRuns } from '../support/scale-database'
import { recordingLogger } from '../support/recording-logger'
import { sqliteDb } from '../support/sqlite-db'
import { makeTempDir } from '../support/temp-dir'

/**
 * The dashboard's aggregates from the reader thread: the same answers as the store's own, read on
 * a connection of the thread's (a `direct` that refuses proves none came from the core's), and, with
 * the thread gone, from the store as before.
 */
const DAY_MS = 86_400_000
let dir: ReturnType<typeof makeTempDir>
let store: Store
let file: string
let reader: ReportReader | null = null

beforeEach(async () => {
  dir = makeTempDir('jobdesk-report-reader-')
  file = databaseFile(dir.path)
  store = await openStore(file)
  // A week of runs over 7 jobs, one in fifty failed, and one killed today.
  plantRuns(file, 3_500, 7, 1, 1)
  const nowMs = Date.now()
  sqliteDb(store)
    .prepare(
      `INSERT INTO job_log (job_group, job_id, executor_handler, trigger_time, trigger_type, trigger_code, handle_time, handle_code, handle_msg)
       VALUES (1, 3, 'h', ?, 'MANUAL', 200, ?, 500, 'killed by admin')`,
    )
    .run(nowMs - 1000, nowMs - 500)
})

afterEach(async () => {
  await reader?.close()
  reader = null
  await store.close()
  dir.remove()
})

const refusing: ReportReads = {
  listRuns: () => Promise.reject(new Error('read on the core thread')),
  rankings: () => Promise.reject(new Error('read on the core thread')),
  countFailedSince: () => Promise.reject(new Error('read on the core thread')),
}

/** A reader over the fixture's file, the rows of a page read by id from the store as the core does. */
function readerWith(spawn: SpawnWorker, direct: ReportReads, logger = recordingLogger().logger): ReportReader {
  return new ReportReader({ file }, spawn, direct, (ids) => store.runs.getMany(ids), logger)
}

it("answers the day's failed count and the rankings as the store does, on its own connection", async () => {
  const sinceMs = Date.now() - DAY_MS
  reader = readerWith(spawnWorker, refusing)
  const direct = storeReportReads(store)
  const failed = await reader.countFailedSince(sinceMs)
  expect(failed).toEqual(await direct.countFailedSince(sinceMs))
  expect(failed.killedCount).toBe(1)
  expect(failed.failedCount).toBeGreaterThan(0)
  const ranked = await reader.rankings(sinceMs, null)
  expect(ranked).toEqual(await direct.rankings(sinceMs, null))
  expect(ranked.slowest.length).toBeGreaterThan(0)
  expect(await reader.rankings(sinceMs, [1])).toEqual(await direct.rankings(sinceMs, [1]))
  expect(await reader.rankings(sinceMs, [99])).toEqual({ slowest: [], mostFailing: [] })
})

it('finds the pages of the runs list the store finds, under every filter, newest first', async () => {
  reader = readerWith(spawnWorker, refusing)
  const filters: RunFilter[] = [
    {},
    { status: 'failed', limit: 40 },
    { triggerType: 'RETRY', limit: 40 },
    { triggerType: 'MANUAL' },
    { jobId: 3, limit: 7 },
    { jobGroups: [1], status: 'success', beforeId: 2_000, limit: 1_000 },
    { jobGroups: [] },
    { sinceMs: Date.now() - DAY_MS, untilMs: Date.now(), status: 'failed' },
  ]
  for (const filter of filters) {
    const page = await reader.listRuns(filter)
    expect(page).toEqual(await store.runs.list(filter))
    expect(page.map((run) => run.id)).toEqual([...page.map((run) => run.id)].sort((a, b) => b - a))
  }
  expect(await reader.listRuns({ status: 'failed', limit: 40 })).toHaveLength(40)
})

it('reads what the core committed after the thread started', async () => {
  const sinceMs = Date.now() - DAY_MS
  reader = readerWith(spawnWorker, refusing)
  const before = await reader.countFailedSince(sinceMs)
  sqliteDb(store)
    .prepare(
      `INSERT INTO job_log (job_group, job_id, executor_handler, trigger_time, trigger_type, trigger_code, handle_time, handle_code, handle_msg)
       VALUES (1, 2, 'h', ?, 'MANUAL', 500, 0, 0, '')`,
    )
    .run(Date.now() - 100)
  expect(await reader.countFailedSince(sinceMs)).toEqual({ ...before, failedCount: before.failedCount + 1 })
})

it('reads on the store when the thread cannot start, or dies with reads under way, and says so once', async () => {
  const sinceMs = Date.now() - DAY_MS
  const expected = await storeReportReads(store).rankings(sinceMs, null)

  const notStarting: SpawnWorker = () => {
    throw new Error('no threads left')
  }
  const first = recordingLogger()
  reader = readerWith(notStarting, storeReportReads(store), first.logger)
  expect(await reader.rankings(sinceMs, null)).toEqual(expected)
  expect(await reader.rankings(sinceMs, null)).toEqual(expected)
  expect(first.lines.filter((line) => line.includes('report reader thread is gone'))).toHaveLength(1)
  await reader.close()

  // A thread that exits before it answers: the read waiting on it is answered by the store.
  const dying: SpawnWorker = () => new Worker('process.exit(3)', { eval: true })
  const second = recordingLogger()
  reader = readerWith(dying, storeReportReads(store), second.logger)
  expect(await reader.rankings(sinceMs, null)).toEqual(expected)
  expect(await reader.countFailedSince(sinceMs)).toEqual(await storeReportReads(store).countFailedSince(sinceMs))
  expect(await reader.listRuns({ status: 'failed' })).toEqual(await store.runs.list({ status: 'failed' }))
  expect(second.lines.filter((line) => line.includes('exited (code 3)'))).toHaveLength(1)
})

it('fails the reads asked after it closed', async () => {
  reader = readerWith(spawnWorker, storeReportReads(store))
  await reader.countFailedSince(0)
  await reader.close()
  await expect(reader.countFailedSince(0)).rejects.toThrow('the core is stopping')
})

it('refuses a request that is not one of its reads, and goes on answering', async () => {
  const worker = spawnWorker('report-reader', { workerData: { file } })
  const replies: ReportReply[] = []
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      const take = (reply: ReportReply) => {
        replies.push(reply)
        if (replies.length === count) {
          worker.off('message', take)
          resolve()
        }
      }
      worker.on('message', take)
    })
  try {
    const all = answered(7)
    worker.postMessage({ id: 1, method: 'dropTables', args: [0] })
    worker.postMessage({ id: 2, method: 'countFailedSince', args: ['yesterday'] })
    worker.postMessage({ id: 3, method: 'rankings', args: [0, ['1; DROP TABLE job_log']] })
    worker.postMessage({ id: 4, method: 'runIds', args: [{ jobId: '1 OR 1=1' }] })
    worker.postMessage({ id: 5, method: 'runIds', args: [{ status: 'constructor' }] })
    worker.postMessage({ id: 6, method: 'runIds', args: [null] })
    worker.postMessage({ id: 7, method: 'countFailedSince', args: [0] })
    await all
    const byId = new Map(replies.map((reply) => [reply.id, reply]))
    expect(byId.get(1)).toEqual({ id: 1, ok: false, message: 'no such report read: dropTables' })
    expect(byId.get(2)).toMatchObject({ ok: false, message: expect.stringContaining('expected a time in milliseconds') })
    expect(byId.get(3)).toMatchObject({ ok: false, message: expect.stringContaining('group ids as whole numbers') })
    expect(byId.get(4)).toMatchObject({ ok: false, message: 'runIds: jobId must be a whole number, got the text "1 OR 1=1"' })
    expect(byId.get(5)).toMatchObject({ ok: false, message: 'runIds: status must be one of pending, running, success, failed; got the text "constructor"' })
    expect(byId.get(6)).toMatchObject({ ok: false, message: 'runIds: filter must be an object, got null' })
    expect(byId.get(7)).toMatchObject({ ok: true, value: await storeReportReads(store).countFailedSince(0) })
  } finally {
    await worker.terminate()
  }
})
