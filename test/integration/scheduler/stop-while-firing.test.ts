import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { ManualClock } from '../../../src/main/kernel/clock'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { handingOnScheduler, recordingTriggers } from '../../support/recording-triggers'

// A whole second, so every-second jobs fire on T0 + n·1000.
const T0 = 1_900_000_000_000
const AHEAD_MS = 200
/** More fires than one chunk of the trigger service writes at a time (1,000): the second is written in three. */
const JOBS = 2_500

let dir: ReturnType<typeof makeTempDir>
let store: SqliteStore
let clock: ManualClock

beforeEach(async () => {
  dir = makeTempDir()
  store = openSqliteStore(`${dir.path}/jobdesk.db`)
  clock = new ManualClock(T0 + 100)
  const group = await ensureEmbeddedGroup(store.groups, T0)
  await store.transaction(async (tx) => {
    for (let n = 0; n < JOBS; n++) {
      const id = await tx.jobs.insert(storedJobOf(jobInput(group, { name: `every second ${n}`, scheduleConf: '* * * * * ?' }), T0))
      await tx.jobs.setTrigger(id, 1, 0, T0 + 1000, T0)
    }
  })
})

afterEach(async () => {
  await store.close()
  dir.remove()
})

describe('a stop while a second’s fires are being written', () => {
  it('writes the chunks left at once and sends every run before the stop goes on: none is sent after it', async () => {
    const { triggers, submitted } = recordingTriggers(store, clock)
    const { scheduler, handedOn } = handingOnScheduler(store, clock, triggers, 'node-a', { prepareAheadMs: AHEAD_MS, scanBatchSize: JOBS })
    await scheduler.scanOnce(clock.nowMs())
    await clock.advance(1000 - AHEAD_MS - 100)
    expect(scheduler.tick(clock.nowMs(), T0 + 1000)).toHaveLength(JOBS)
    // The stop, as the core's: the scheduler, then the fires it handed on, then the runs written ahead.
    await scheduler.stop()
    await triggers.finishFiring()
    await triggers.releaseWaiting()
    const atStop = submitted.length
    expect(atStop).toBe(JOBS)
    expect(new Set(submitted.map((run) => run.job.id)).size).toBe(JOBS)
    await Promise.all(handedOn)
    await clock.advance(2000)
    expect(submitted).toHaveLength(atStop)
  })
})
