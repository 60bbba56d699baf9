import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { ManualClock } from '../../../src/main/kernel/clock'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import type { PreparedRun } from '../../../src/main/trigger/prepare-runs'
import { TriggerService } from '../../../src/main/trigger/trigger-service'
import { jobInput } from '../../support/job-input'
import { handingOnScheduler, recordingTriggers } from '../../support/recording-triggers'
import { makeTempDir } from '../../support/temp-dir'

/**
 * `${schedule.time}` and `${schedule.date}` reach the executor as plain text in the parameter, as a
 * real xxl-job-core handler reads it: the slot a scheduled run is for, in the job's zone, and the
 * moment a manual run was asked for.
 */
// 2026-03-31 23:30:00 UTC is already 1 April in Shanghai.
const SLOT = Date.parse('2026-03-31T23:30:00Z')
const PARAM = '{"day":"${schedule.date}","at":"${schedule.time}","left":"${HOME}"}'

let dir: ReturnType<typeof makeTempDir>
let store: SqliteStore
let clock: ManualClock
let submitted: PreparedRun[]
let triggers: TriggerService

beforeEach(() => {
  dir = makeTempDir()
  store = openSqliteStore(`${dir.path}/jobdesk.db`)
  clock = new ManualClock(SLOT - 3000)
  ;({ triggers, submitted } = recordingTriggers(store, clock, 'n'))
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

async function job(): Promise<number> {
  const group = await ensureEmbeddedGroup(store.groups, SLOT)
  const saved = await new JobService(store, () => SLOT).save(jobInput(group, { scheduleConf: '0 30 7 * * ?', timezone: 'Asia/Shanghai', executorParam: PARAM }))
  await store.jobs.setTrigger(saved.id, 1, 0, SLOT, SLOT)
  return saved.id
}

describe('schedule values in a run’s parameter', () => {
  it('a scheduled run gets its slot in the job’s zone; other ${…} stay as written', async () => {
    await job()
    const { scheduler, handedOn: written } = handingOnScheduler(store, clock, triggers, 'n')
    await scheduler.scanOnce(clock.nowMs())
    await clock.advance(3000)
    scheduler.tick(clock.nowMs(), SLOT)
    await Promise.all(written)
    await triggers.releaseWaiting()
    expect(submitted.map((run) => run.executorParam)).toEqual(['{"day":"2026-04-01","at":"2026-04-01T07:30:00+08:00","left":"${HOME}"}'])
    expect((await store.runs.get(submitted[0].logId))!.executorParam).toBe(submitted[0].executorParam)
  })

  it('a manual run gets the moment it was asked for, and a given slot wins', async () => {
    const jobId = await job()
    await triggers.trigger({ jobId, triggerType: 'MANUAL' })
    await triggers.trigger({ jobId, triggerType: 'API', executorParam: 'run for ${schedule.date}', scheduleSlotMs: Date.parse('2026-01-05T00:00:00Z') })
    await triggers.releaseWaiting()
    expect(submitted.map((run) => run.executorParam)).toEqual(['{"day":"2026-04-01","at":"2026-04-01T07:29:57+08:00","left":"${HOME}"}', 'run for 2026-01-05'])
  })
})
