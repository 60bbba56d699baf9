import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { silentLogger } from '../kernel/logger'
import { newRun } from '../../../test/support/new-run'
import type { Repos } from '../store/store'
import { RunWriter } from './run-writer'

const T0 = Date.UTC(2026, 0, 5, 9)
const run = newRun({ triggerTimeMs: T0 })
const accepted = (logId: number) => ({ logId, executorAddress: 'http://127.0.0.1:9/', triggerCode: 200, triggerMsg: 'accepted' })

const fresh = freshSqliteStore()

describe('RunWriter', () => {
  it('keeps the trigger outcomes of a batch that could not be written, and writes them with the next one', async () => {
    const logId = (await fresh.store.runs.insert(run))!
    let down = true
    // The database "away" for the first write: the transaction fails before any of its work.
    const flaky = {
      transaction: <T>(work: (tx: Pick<Repos, 'runs' | 'routes'>) => Promise<T>) =>
        down ? Promise.reject(new Error('connection lost')) : fresh.store.transaction(work),
    }
    const writer = new RunWriter({ store: flaky, logger: silentLogger, retryDelayMs: 60_000 })
    await expect(writer.recordOutcome(accepted(logId))).rejects.toThrow('connection lost')
    expect((await fresh.store.runs.get(logId))?.triggerCode).toBe(0)
    down = false
    await writer.flush(true)
    expect((await fresh.store.runs.get(logId))?.triggerCode).toBe(200)
  })

  it("ends a killed run with the kill's own result, whichever reached the writer first", async () => {
    const logId = (await fresh.store.runs.insert(run))!
    await fresh.store.runs.recordOutcomes([accepted(logId)])
    const writer = new RunWriter({ store: fresh.store, logger: silentLogger })
    writer.beginKill(logId)
    // The executor's callback for the killed run arrives before the kill's reply.
    const callback = writer.complete([{ logId, handleCode: 200, handleMsg: 'finished just now', handleTimeMs: T0 + 1 }])
    await writer.flush()
    expect((await fresh.store.runs.get(logId))?.handleCode).toBe(0)
    await writer.endKill(logId, { logId, handleCode: 500, handleMsg: 'Manual operation, kill job: killed', handleTimeMs: T0 + 2 })
    await callback
    expect(await fresh.store.runs.get(logId)).toMatchObject({ handleCode: 500, handleMsg: 'Manual operation, kill job: killed' })
  })

  it('lets the held callback through when the kill was refused', async () => {
    const logId = (await fresh.store.runs.insert(run))!
    await fresh.store.runs.recordOutcomes([accepted(logId)])
    const writer = new RunWriter({ store: fresh.store, logger: silentLogger })
    writer.beginKill(logId)
    const callback = writer.complete([{ logId, handleCode: 200, handleMsg: 'done', handleTimeMs: T0 + 1 }])
    await writer.endKill(logId, null)
    await callback
    expect(await fresh.store.runs.get(logId)).toMatchObject({ handleCode: 200, handleMsg: 'done' })
  })
})
