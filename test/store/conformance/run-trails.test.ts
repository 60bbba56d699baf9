import { expect, it } from 'vitest'
import type { TriggerOutcome } from '../../../src/main/domain/runs'
import { coded } from '../../../src/shared/messages'
import { TRIGGER_TRAIL_VERSION, type TriggerTrail } from '../../../src/shared/trigger-trail'
import { onServer } from '../../support/db-servers'
import { newRun } from '../../support/new-run'
import { sqliteDb } from '../../support/sqlite-db'
import { shapeDigest } from '../../../src/main/store/trail-shapes'
import { storeSuite, T0, type StoreFixture } from './store-fixture'

const ADDRESS = 'http://127.0.0.1:9001/'

/** A trail as routing to ADDRESS writes it, `ms` being the only part that differs run to run. */
function trailOf(ms: string, candidates = [ADDRESS]): TriggerTrail {
  return {
    version: TRIGGER_TRAIL_VERSION,
    triggerType: 'CRON',
    group: { id: 1, appName: 'trail-app', registration: 'auto' },
    route: { strategy: 'FIRST', candidates, leftOut: [], probes: [], chosen: ADDRESS, reason: coded('routeReason.first', { count: 1 }), shard: null },
    block: { strategy: 'SERIAL_EXECUTION', timeoutSec: 0, retriesLeft: 0 },
    result: coded('triggerResult.accepted', { ms }),
  }
}

const outcome = (logId: number, trail: TriggerTrail): TriggerOutcome => ({
  logId,
  executorAddress: ADDRESS,
  triggerCode: 200,
  triggerMsg: '',
  triggerTrail: trail,
})

/** Rows of a query of the test's own, on the fixture's engine. */
async function rowsOf<R>(f: StoreFixture, sql: string): Promise<R[]> {
  return f.engine === 'sqlite' ? (sqliteDb(f.store).prepare(sql).all() as R[]) : ((await onServer(f.database, sql)) as R[])
}

async function shapeRows(f: StoreFixture): Promise<number> {
  const rows = await rowsOf<{ n: number | string }>(f, 'SELECT COUNT(*) AS n FROM job_trail_shape')
  return Number(rows[0].n)
}

async function trailColumn(f: StoreFixture, logId: number): Promise<string | null> {
  const rows = await rowsOf<{ trigger_trail: string | null }>(f, `SELECT trigger_trail FROM job_log WHERE id = ${logId}`)
  return rows[0].trigger_trail
}

/** Runs SQL of the test's own (no quote of SQL's own in its texts). */
async function execute(f: StoreFixture, sql: string): Promise<void> {
  if (f.engine === 'sqlite') sqliteDb(f.store).exec(sql)
  else await onServer(f.database, sql)
}

async function newRuns(f: StoreFixture, count: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < count; i++) ids.push((await f.store.runs.insert(newRun({ jobId: 1, triggerTimeMs: T0 + i })))!)
  return ids
}

storeSuite('run trails', (f) => {
  it('keeps a shape many runs share once, and gives each run back its own result, through every way an outcome is written', async () => {
    const [a, b, c, d] = await newRuns(f, 4)
    await f.store.runs.recordOutcomes([outcome(a, trailOf('0.1')), outcome(b, trailOf('0.2'))])
    await f.store.transaction((tx) =>
      tx.runs.recordOutcomesAndComplete([{ outcome: outcome(c, trailOf('0.3')), completion: { logId: c, handleCode: 200, handleMsg: '', handleTimeMs: T0 } }]),
    )
    await f.store.runs.recordOutcomeAndComplete(outcome(d, trailOf('0.4', [ADDRESS, 'http://127.0.0.1:9002/'])), {
      logId: d,
      handleCode: 200,
      handleMsg: '',
      handleTimeMs: T0,
    })
    expect((await f.store.runs.getMany([a, b, c, d])).map((run) => run.triggerTrail)).toEqual([
      trailOf('0.1'),
      trailOf('0.2'),
      trailOf('0.3'),
      trailOf('0.4', [ADDRESS, 'http://127.0.0.1:9002/']),
    ])
    // Two shapes: the one address, and the two.
    expect(await shapeRows(f)).toBe(2)
  })

  it('writes a shape again after the transaction that first wrote it was rolled back', async () => {
    const [a, b] = await newRuns(f, 2)
    await expect(
      f.store.transaction(async (tx) => {
        await tx.runs.recordOutcomes([outcome(a, trailOf('0.1'))])
        throw new Error('broken off')
      }),
    ).rejects.toThrow('broken off')
    expect(await shapeRows(f)).toBe(0)
    await f.store.transaction((tx) => tx.runs.recordOutcomes([outcome(b, trailOf('0.2'))]))
    expect((await f.store.runs.get(b))?.triggerTrail).toEqual(trailOf('0.2'))
    expect((await f.store.runs.get(a))?.triggerTrail).toBeNull()
  })

  it('keeps one shape for a job routed ROUND, whose runs each have their own place, address and reason', async () => {
    const second = 'http://127.0.0.1:9002/'
    const roundTrail = (position: number): TriggerTrail => {
      const chosen = position % 2 === 0 ? ADDRESS : second
      const reason = coded('routeReason.round', { position, jobId: 1, index: position % 2, count: 2 })
      return { ...trailOf(`0.${position}`), route: { ...trailOf('0').route!, strategy: 'ROUND', candidates: [ADDRESS, second], chosen, reason } }
    }
    const ids = await newRuns(f, 4)
    await f.store.runs.recordOutcomes(
      ids.map((id, position) => ({ ...outcome(id, roundTrail(position)), executorAddress: roundTrail(position).route!.chosen! })),
    )
    expect((await f.store.runs.getMany(ids)).map((run) => run.triggerTrail)).toEqual(ids.map((_, position) => roundTrail(position)))
    expect(await shapeRows(f)).toBe(1)
  })

  it('reads a run written while the shape still held the whole route and the column only the result', async () => {
    const [a] = await newRuns(f, 1)
    await f.store.runs.recordOutcomes([{ logId: a, executorAddress: '', triggerCode: 500, triggerMsg: 'text' }])
    const { result, ...shape } = trailOf('0.9')
    const shapeText = JSON.stringify(shape)
    const digest = shapeDigest(shapeText)
    for (const sql of [
      `INSERT INTO job_trail_shape (digest, shape) VALUES ('${digest}', '${shapeText}')`,
      `UPDATE job_log SET trigger_trail = '${digest} ${JSON.stringify(result)}', trigger_msg = '' WHERE id = ${a}`,
    ])
      await execute(f, sql)
    expect(await f.store.runs.get(a)).toMatchObject({ triggerTrail: trailOf('0.9'), triggerMsg: expect.stringContaining('Route strategy: FIRST') })
  })

  it("leaves out of the column what the run's row says, and reads run parts written before that spell it out", async () => {
    const [a, b, c] = await newRuns(f, 3)
    const unrouted: TriggerTrail = {
      ...trailOf('0'),
      route: { ...trailOf('0').route!, chosen: null, reason: coded('routeReason.emptyAddress') },
      result: coded('triggerResult.noAddress'),
    }
    await f.store.runs.recordOutcomes([outcome(a, trailOf('0.1')), { ...outcome(b, unrouted), executorAddress: '', triggerCode: 500 }])
    const column = await trailColumn(f, a)
    expect(column).not.toContain(ADDRESS)
    expect(column).not.toContain('probes')
    // A run part as written before: the address chosen and the empty probes spelled out.
    const { route, result } = trailOf('0.3')
    const spelledOut = JSON.stringify({ chosen: route!.chosen, reason: route!.reason, probes: [], result })
    await execute(
      f,
      `UPDATE job_log SET trigger_trail = '${column!.slice(0, 22)} ${spelledOut}', executor_address = '${ADDRESS}', trigger_code = 200 WHERE id = ${c}`,
    )
    expect((await f.store.runs.getMany([a, b, c])).map((run) => run.triggerTrail)).toEqual([trailOf('0.1'), unrouted, trailOf('0.3')])
  })

  it('reads a trail another node wrote, whose shape it has not met', async () => {
    const [a] = await newRuns(f, 1)
    await f.store.runs.recordOutcomes([outcome(a, trailOf('0.7'))])
    const other = await f.another()
    expect(await other.runs.get(a)).toMatchObject({ triggerTrail: trailOf('0.7'), triggerMsg: expect.stringContaining('Route strategy: FIRST') })
  })

  it('reads a trail column it cannot use (another format, a shape not in the table) as no trail, so the text shows', async () => {
    const [a] = await newRuns(f, 1)
    await f.store.runs.recordOutcomes([{ logId: a, executorAddress: '', triggerCode: 500, triggerMsg: 'text' }])
    for (const column of ['{"not":"a reference"}', 'AAAAAAAAAAAAAAAAAAAAAA {"code":"triggerResult.accepted","params":{}}', 'short']) {
      await execute(f, `UPDATE job_log SET trigger_trail = '${column}' WHERE id = ${a}`)
      expect(await f.store.runs.get(a)).toMatchObject({ triggerTrail: null, triggerMsg: 'text' })
    }
  })

  it('clears the trail of a run recorded again without one, so its new text shows', async () => {
    const [a] = await newRuns(f, 1)
    await f.store.runs.recordOutcomes([outcome(a, trailOf('0.1'))])
    await f.store.runs.recordOutcomes([{ logId: a, executorAddress: '', triggerCode: 500, triggerMsg: 'stopped by hand' }])
    expect(await f.store.runs.get(a)).toMatchObject({ triggerTrail: null, triggerMsg: 'stopped by hand' })
  })
})
