import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { ManualClock } from '../../../src/main/kernel/clock'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import type { PreparedRun } from '../../../src/main/trigger/prepare-runs'
import { TriggerService } from '../../../src/main/trigger/trigger-service'
import type { ParamDecl } from '../../../src/shared/job-params'
import type { JobInput } from '../../../src/shared/model'
import { jobInput } from '../../support/job-input'
import { handingOnScheduler, recordingTriggers } from '../../support/recording-triggers'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Typed parameters on the trigger path against a real SQLite store: what a run of a job with
 * declared params sends (its one parameter string) and records (its typed values), for a manual
 * trigger, a scheduled fire (the defaults) and a backfill slot (its date); a refused value writes
 * no run; a job without params fires as before, its run carrying no typed values.
 */
// 2026-03-31 23:30:00 UTC is already 1 April in Shanghai.
const SLOT = Date.parse('2026-03-31T23:30:00Z')

const decl = (name: string, type: ParamDecl['type'], extra: Partial<ParamDecl> = {}): ParamDecl => ({
  name,
  type,
  required: false,
  default: null,
  enum: [],
  pattern: '',
  description: '',
  ...extra,
})
const PARAMS = [
  decl('day', 'date', { default: '2026-01-01' }),
  decl('region', 'enum', { enum: ['eu', 'us'], default: 'eu' }),
  decl('limit', 'int', { default: 100 }),
  decl('dry', 'bool', { default: false }),
  decl('db', 'secret', { default: 'oracle_pw' }),
]

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

async function job(overrides: Partial<JobInput> = {}): Promise<number> {
  const group = await ensureEmbeddedGroup(store.groups, SLOT)
  const saved = await new JobService(store, () => SLOT).save(
    jobInput(group, { scheduleConf: '0 30 7 * * ?', timezone: 'Asia/Shanghai', executorParam: '', params: PARAMS, paramFormat: 'json', ...overrides }),
  )
  await store.jobs.setTrigger(saved.id, 1, 0, SLOT, SLOT)
  return saved.id
}

async function fireOnSchedule(): Promise<void> {
  const { scheduler, handedOn: written } = handingOnScheduler(store, clock, triggers, 'n')
  await scheduler.scanOnce(clock.nowMs())
  await clock.advance(3000)
  scheduler.tick(clock.nowMs(), SLOT)
  await Promise.all(written)
  await triggers.releaseWaiting()
}

describe('a job with typed parameters', () => {
  it('a manual trigger sends its values as one JSON object and records them, the secret as its reference', async () => {
    const jobId = await job()
    await triggers.trigger({ jobId, triggerType: 'MANUAL', params: { day: '2026-12-07', limit: '5', dry: 'true', db: 'billing_pw' } })
    await triggers.releaseWaiting()
    const sent = '{"day":"2026-12-07","region":"eu","limit":5,"dry":true,"db":"${secrets.billing_pw}"}'
    expect(submitted.map((run) => run.executorParam)).toEqual([sent])
    const run = (await store.runs.get(submitted[0].logId))!
    expect(run.executorParam).toBe(sent)
    expect(run.typedParams).toEqual({ day: '2026-12-07', region: 'eu', limit: 5, dry: true, db: '${secrets.billing_pw}' })
  })

  it('refuses a bad value naming the field, writing no run', async () => {
    const jobId = await job()
    await expect(triggers.trigger({ jobId, triggerType: 'API', params: { day: '2026-13-01' } })).rejects.toMatchObject({
      field: 'params.day',
      message: "day: '2026-13-01' is not a date (YYYY-MM-DD)",
    })
    await expect(triggers.trigger({ jobId, triggerType: 'API', params: { regoin: 'us' } })).rejects.toMatchObject({ field: 'params.regoin' })
    expect(await store.runs.list({ jobId })).toEqual([])
  })

  it('kv: name=value lines; a value with a line break is refused', async () => {
    const jobId = await job({ paramFormat: 'kv', params: [decl('day', 'date', { default: '2026-01-01' }), decl('note', 'string')] })
    await triggers.trigger({ jobId, triggerType: 'API', params: { note: 'a=b c' } })
    await expect(triggers.trigger({ jobId, triggerType: 'API', params: { note: 'two\nlines' } })).rejects.toMatchObject({ field: 'params.note' })
    await triggers.releaseWaiting()
    expect(submitted.map((run) => run.executorParam)).toEqual(['day=2026-01-01\nnote=a=b c'])
  })

  it('a scheduled fire sends the defaults', async () => {
    await job()
    await fireOnSchedule()
    expect(submitted.map((run) => run.executorParam)).toEqual(['{"day":"2026-01-01","region":"eu","limit":100,"dry":false,"db":"${secrets.oracle_pw}"}'])
  })

  it("a backfill slot fills a date parameter with the slot's date in the job's zone", async () => {
    const jobId = await job({ paramFormat: 'template', paramTemplate: 'run --day ${params.day} --region ${params.region}' })
    await triggers.trigger({ jobId, triggerType: 'BACKFILL', backfill: { id: 1, slotMs: SLOT } })
    await triggers.releaseWaiting()
    expect(submitted.map((run) => run.executorParam)).toEqual(['run --day 2026-04-01 --region eu'])
  })

  it('a job without params fires as before, its run carrying no typed values; params for it are refused', async () => {
    const jobId = await job({ params: undefined, paramFormat: undefined, executorParam: 'free text' })
    await fireOnSchedule()
    expect(submitted.map((run) => run.executorParam)).toEqual(['free text'])
    expect((await store.runs.get(submitted[0].logId))!.typedParams).toBeUndefined()
    await expect(triggers.trigger({ jobId, triggerType: 'API', params: { day: '2026-01-01' } })).rejects.toMatchObject({ field: 'params' })
  })
})
