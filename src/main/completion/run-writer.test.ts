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
    // A refused trigger is written with its batch (an accepted one may wait for its completion).
    await expect(writer.recordOutcome({ ...accepted(logId), triggerCode: 500, triggerMsg: 'refused' })).rejects.toThrow('connection lost')
    expect((await fresh.store.runs.get(logId))?.triggerCode).toBe(0)
    down = false
    await writer.flush(true)
    expect((await fresh.store.runs.get(logId))?.triggerCode).toBe(500)
  })

  describe('an accepted outcome on the embedded executor', () => {
    const EMBEDDED = 'embedded://node-a'
    const onEmbedded = (logId: number) => ({ ...accepted(logId), executorAddress: EMBEDDED })

    function holdingWriter() {
      let nowMs = T0
      const writer = new RunWriter({ store: fresh.store, logger: silentLogger, maxDelayMs: 60_000, nowMs: () => nowMs })
      writer.holdOutcomesOf(EMBEDDED, 500)
      // Resolves once the outcome went through a flush (written, or held back).
      const note = async (outcome: ReturnType<typeof accepted>) => {
        const noted = writer.recordOutcome(outcome)
        await writer.flush()
        await noted
      }
      return { writer, note, advance: (ms: number) => (nowMs += ms) }
    }

    it('waits for its completion across batches, and both are written in one transaction', async () => {
      const { writer, note, advance } = holdingWriter()
      const logId = (await fresh.store.runs.insert(run))!
      await note(onEmbedded(logId))
      for (let i = 0; i < 3; i++) {
        advance(100)
        await writer.flush()
      }
      expect(writer.holds(logId)).toBe(true)
      expect(await fresh.store.runs.get(logId)).toMatchObject({ triggerCode: 0, handleCode: 0 })
      expect(writer.stats().transactions).toBe(0)
      const completed = writer.complete([{ logId, handleCode: 200, handleMsg: 'done', handleTimeMs: T0 + 300 }])
      await writer.flush()
      await completed
      expect(writer.holds(logId)).toBe(false)
      expect(await fresh.store.runs.get(logId)).toMatchObject({ executorAddress: EMBEDDED, triggerCode: 200, handleCode: 200, handleMsg: 'done' })
      expect(writer.stats()).toEqual({ transactions: 1, outcomes: 1, completions: 1 })
    })

    it('is written alone once it waited its bound, and at once when a kill asks', async () => {
      const { writer, note, advance } = holdingWriter()
      const slow = (await fresh.store.runs.insert(run))!
      const killed = (await fresh.store.runs.insert(run))!
      await note(onEmbedded(slow))
      advance(499)
      await writer.flush()
      expect((await fresh.store.runs.get(slow))?.triggerCode).toBe(0)
      advance(1)
      await writer.flush()
      expect(await fresh.store.runs.get(slow)).toMatchObject({ triggerCode: 200, handleCode: 0 })
      await note(onEmbedded(killed))
      expect(writer.holds(killed)).toBe(true)
      await writer.writeHeld()
      expect(await fresh.store.runs.get(killed)).toMatchObject({ triggerCode: 200, handleCode: 0 })
    })

    it("does not hold back a completion behind the wait's timer: it goes within the batch delay", async () => {
      let nowMs = T0
      const writer = new RunWriter({ store: fresh.store, logger: silentLogger, maxDelayMs: 1, nowMs: () => nowMs })
      writer.holdOutcomesOf(EMBEDDED, 3_600_000)
      const logId = (await fresh.store.runs.insert(run))!
      const noted = writer.recordOutcome(onEmbedded(logId))
      await writer.flush()
      await noted
      nowMs += 5
      // Resolves once written: with the batch delay of 1 ms, not the hour the outcome may wait.
      await writer.complete([{ logId, handleCode: 200, handleMsg: 'done', handleTimeMs: T0 + 5 }])
      expect(await fresh.store.runs.get(logId)).toMatchObject({ triggerCode: 200, handleCode: 200 })
    })

    it('is the only kind held past one batch: a LAN address is written with the next one', async () => {
      const { writer, note } = holdingWriter()
      const logId = (await fresh.store.runs.insert(run))!
      await note(accepted(logId))
      expect(writer.holds(logId)).toBe(true)
      await writer.flush()
      expect(writer.holds(logId)).toBe(false)
      expect((await fresh.store.runs.get(logId))?.triggerCode).toBe(200)
    })
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
