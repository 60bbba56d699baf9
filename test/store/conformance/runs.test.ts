import { expect, it } from 'vitest'
import { HANDLE_MSG_MAX_CHARS } from '../../../src/main/store/run-repo'
import { type NewRun } from '../../../src/main/domain/runs'
import type { Repos } from '../../../src/main/store/store'
import { ALARM_REASON_MAX_CHARS } from '../../../src/shared/alarm-reason'
import { EMBEDDED_ADDRESS_PREFIX } from '../../../src/shared/model'
import { newRun } from '../../support/new-run'
import { overlapping, storeSuite, T0 } from './store-fixture'

const run = (jobId: number, overrides: Partial<NewRun> = {}): NewRun => newRun({ jobId, executorParam: 'p', triggerTimeMs: T0, ...overrides })

/** A run written and triggered on `address` (trigger code 200 = running). */
async function runningOn(repos: Pick<Repos, 'runs'>, jobId: number, address: string, overrides: Partial<NewRun> = {}): Promise<number> {
  const id = (await repos.runs.insert(run(jobId, overrides)))!
  await repos.runs.recordOutcomes([{ logId: id, executorAddress: address, triggerCode: 200, triggerMsg: 'ok' }])
  return id
}

storeSuite('RunRepo', (f) => {
  it('writes a run row and refuses a second one for the same scheduled time and shard', async () => {
    const first = await f.store.runs.insert(run(7, { triggerType: 'CRON', scheduleTimeMs: T0 }))
    expect(first).toEqual(expect.any(Number))
    expect(await f.store.runs.insert(run(7, { triggerType: 'CRON', scheduleTimeMs: T0 }))).toBeNull()
    expect(await f.store.runs.insert(run(7, { triggerType: 'CRON', scheduleTimeMs: T0, executorShardingParam: '1/2' }))).toEqual(expect.any(Number))
    // Runs without a scheduled time (manual, retries) are never duplicates of each other.
    expect(await f.store.runs.insert(run(7))).toEqual(expect.any(Number))
    expect(await f.store.runs.insert(run(7))).toEqual(expect.any(Number))
    const stored = (await f.store.runs.get(first!))!
    expect(stored).toMatchObject({
      id: first,
      jobId: 7,
      triggerType: 'CRON',
      scheduleTimeMs: T0,
      triggerCode: 0,
      handleCode: 0,
      executorAddress: '',
      handleMsg: '',
      alarmStatus: 0,
      parentLogId: null,
    })
  })

  it('writes scheduled runs in bulk: an id for each new one, null for each that already had a run', async () => {
    const existing = (await f.store.runs.insert(run(1, { triggerType: 'CRON', scheduleTimeMs: T0 + 1000 })))!
    const runs = Array.from({ length: 700 }, (_, i) => run(1 + (i % 7), { triggerType: 'CRON', scheduleTimeMs: T0 + 1000 * Math.floor(i / 7) + 1000 }))
    runs.push(run(1, { triggerType: 'CRON', scheduleTimeMs: T0 + 1000 }))
    const ids = await f.store.transaction((tx) => tx.runs.insertScheduled(runs))
    expect(ids).toHaveLength(701)
    expect(ids[0]).toBeNull() // job 1 at T0 + 1000 had a run already
    expect(ids[700]).toBeNull() // and the same fire twice in one batch
    const fresh = ids.filter((id): id is number => id !== null)
    expect(fresh).toHaveLength(699)
    expect(new Set(fresh).size).toBe(699)
    expect(fresh).not.toContain(existing)
    const stored = await f.store.runs.getMany(fresh)
    expect(stored).toHaveLength(699)
    const byId = new Map(stored.map((r) => [r.id, r]))
    ids.forEach((id, i) => {
      if (id !== null) expect(byId.get(id)).toMatchObject({ jobId: runs[i].jobId, scheduleTimeMs: runs[i].scheduleTimeMs })
    })
  })

  it("tells a callback's scope check each run's group, address, whether it is still open and whether a kill ended it", async () => {
    const pending = (await f.store.runs.insert(run(1, { jobGroup: 3 })))!
    const running = await runningOn(f.store, 2, 'http://127.0.0.1:9999/')
    const finished = await runningOn(f.store, 2, 'http://127.0.0.1:9999/')
    const killed = await runningOn(f.store, 2, 'http://127.0.0.1:9999/')
    await f.store.runs.complete([
      { logId: finished, handleCode: 200, handleMsg: 'ok', handleTimeMs: T0 },
      { logId: killed, handleCode: 500, handleMsg: 'Killed by admin', handleTimeMs: T0 },
    ])
    const targets = await f.store.runs.callbackTargets([pending, running, finished, killed, 999_999])
    expect(targets.sort((a, b) => a.id - b.id)).toEqual([
      { id: pending, jobGroup: 3, executorAddress: '', open: true, killed: false },
      { id: running, jobGroup: 1, executorAddress: 'http://127.0.0.1:9999/', open: true, killed: false },
      { id: finished, jobGroup: 1, executorAddress: 'http://127.0.0.1:9999/', open: false, killed: false },
      { id: killed, jobGroup: 1, executorAddress: 'http://127.0.0.1:9999/', open: false, killed: true },
    ])
  })

  it('gives a fire listed twice in one bulk write one row, to its first listing', async () => {
    const twice = [
      run(3, { triggerType: 'CRON', scheduleTimeMs: T0 }),
      run(4, { triggerType: 'CRON', scheduleTimeMs: T0 }),
      run(3, { triggerType: 'CRON', scheduleTimeMs: T0 }),
    ]
    const ids = await f.store.transaction((tx) => tx.runs.insertScheduled(twice))
    expect(ids[0]).toEqual(expect.any(Number))
    expect(ids[1]).toEqual(expect.any(Number))
    expect(ids[2]).toBeNull()
  })

  it('records outcomes with their completions in bulk, leaving finished runs as they were', async () => {
    const ids: number[] = []
    for (let i = 0; i < 150; i++) ids.push((await f.store.runs.insert(run(1 + (i % 5))))!)
    const pair = (logId: number, handleCode: number, handleMsg = 'done') => ({
      outcome: { logId, executorAddress: 'http://10.0.0.7:9999/', triggerCode: 200, triggerMsg: `ok ${logId}` },
      completion: { logId, handleCode, handleMsg, handleTimeMs: T0 + logId },
    })
    // The first run is finished before: its pair must not be written.
    expect(await f.store.runs.complete([{ logId: ids[0], handleCode: 200, handleMsg: 'earlier', handleTimeMs: T0 }])).toEqual([ids[0]])
    const written = await f.store.transaction((tx) =>
      tx.runs.recordOutcomesAndComplete([
        ...ids.map((id, i) => pair(id, i === 1 ? 0 : 200, i === 2 ? 'x'.repeat(HANDLE_MSG_MAX_CHARS + 9) : 'done')),
        pair(999_999, 200),
      ]),
    )
    expect([...written].sort((a, b) => a - b)).toEqual(ids.slice(1))
    const stored = new Map((await f.store.runs.getMany(ids)).map((r) => [r.id, r]))
    expect(stored.get(ids[0])).toMatchObject({ executorAddress: '', triggerCode: 0, handleCode: 200, handleMsg: 'earlier', handleTimeMs: T0 })
    expect(stored.get(ids[1])).toMatchObject({ executorAddress: 'http://10.0.0.7:9999/', triggerCode: 200, handleCode: 500 })
    expect(stored.get(ids[2])!.handleMsg).toHaveLength(HANDLE_MSG_MAX_CHARS)
    for (const id of ids.slice(3))
      expect(stored.get(id)).toMatchObject({ triggerCode: 200, triggerMsg: `ok ${id}`, handleCode: 200, handleMsg: 'done', handleTimeMs: T0 + id })
  })

  it('records outcomes with their completions in bulk when every run is unfinished, and completions alone the same', async () => {
    const ids: number[] = []
    for (let i = 0; i < 200; i++) ids.push((await f.store.runs.insert(run(1 + (i % 4))))!)
    const [paired, completed] = [ids.slice(0, 130), ids.slice(130)]
    const written = await f.store.transaction((tx) =>
      tx.runs.recordOutcomesAndComplete(
        paired.map((logId) => ({
          outcome: { logId, executorAddress: 'http://10.0.0.8:9999/', triggerCode: 200, triggerMsg: `ok ${logId}` },
          completion: { logId, handleCode: logId % 2 === 0 ? 200 : 500, handleMsg: `h ${logId}`, handleTimeMs: T0 + logId },
        })),
      ),
    )
    expect([...written].sort((a, b) => a - b)).toEqual(paired)
    const done = await f.store.transaction((tx) =>
      tx.runs.complete(completed.map((logId) => ({ logId, handleCode: 200, handleMsg: `c ${logId}`, handleTimeMs: T0 }))),
    )
    expect(done).toEqual(completed)
    const stored = new Map((await f.store.runs.getMany(ids)).map((r) => [r.id, r]))
    for (const id of paired)
      expect(stored.get(id)).toMatchObject({
        triggerCode: 200,
        triggerMsg: `ok ${id}`,
        handleCode: id % 2 === 0 ? 200 : 500,
        handleMsg: `h ${id}`,
        handleTimeMs: T0 + id,
      })
    for (const id of completed) expect(stored.get(id)).toMatchObject({ triggerCode: 0, handleCode: 200, handleMsg: `c ${id}`, handleTimeMs: T0 })
  })

  it('records trigger outcomes, and an outcome with its completion only while the run is unfinished', async () => {
    const a = (await f.store.runs.insert(run(1)))!
    const b = (await f.store.runs.insert(run(1)))!
    await f.store.runs.recordOutcomes([{ logId: a, executorAddress: 'http://10.0.0.5:9999/', triggerCode: 500, triggerMsg: 'refused' }])
    expect(await f.store.runs.get(a)).toMatchObject({ executorAddress: 'http://10.0.0.5:9999/', triggerCode: 500, triggerMsg: 'refused' })
    const outcome = { logId: b, executorAddress: 'http://10.0.0.6:9999/', triggerCode: 200, triggerMsg: 'ok' }
    expect(
      await f.store.runs.recordOutcomeAndComplete(outcome, {
        logId: b,
        handleCode: 0,
        handleMsg: 'x'.repeat(HANDLE_MSG_MAX_CHARS + 500),
        handleTimeMs: T0 + 5,
      }),
    ).toBe(true)
    const done = (await f.store.runs.get(b))!
    expect(done).toMatchObject({ triggerCode: 200, handleCode: 500, handleTimeMs: T0 + 5 })
    expect(done.handleMsg).toHaveLength(HANDLE_MSG_MAX_CHARS)
    expect(await f.store.runs.recordOutcomeAndComplete(outcome, { logId: b, handleCode: 200, handleMsg: 'again', handleTimeMs: T0 + 6 })).toBe(false)
    expect(await f.store.runs.get(b)).toMatchObject({ handleCode: 500, handleTimeMs: T0 + 5 })
  })

  it('records and completes a batch of 150 runs as one-row statements in order would: last outcome and first completion of a run listed twice', async () => {
    const ids: number[] = []
    for (let i = 0; i < 150; i++) ids.push((await f.store.runs.insert(run(1 + (i % 3))))!)
    const address = (i: number) => `http://127.0.0.1:${9000 + i}/`
    await f.store.transaction(async (tx) => {
      await tx.runs.recordOutcomes([
        ...ids.map((logId, i) => ({ logId, executorAddress: address(i), triggerCode: i === 7 ? 500 : 200, triggerMsg: `t${i}` })),
        { logId: ids[3], executorAddress: 'http://127.0.0.1:8000/', triggerCode: 200, triggerMsg: 'again' },
      ])
    })
    expect(await f.store.runs.complete([{ logId: ids[0], handleCode: 200, handleMsg: 'earlier', handleTimeMs: T0 }])).toEqual([ids[0]])
    const completions = ids.map((logId, i) => ({
      logId,
      handleCode: i % 10 === 9 ? 500 : 200,
      handleMsg: i === 5 ? 'x'.repeat(HANDLE_MSG_MAX_CHARS + 3) : `h${i}`,
      handleTimeMs: T0 + i,
    }))
    completions.splice(60, 0, { logId: ids[70], handleCode: 502, handleMsg: 'first of two', handleTimeMs: T0 + 999 })
    const done = await f.store.transaction((tx) => tx.runs.complete([...completions, { logId: 999_999, handleCode: 200, handleMsg: '', handleTimeMs: T0 }]))
    expect([...done].sort((a, b) => a - b)).toEqual(ids.slice(1))
    const stored = new Map((await f.store.runs.getMany(ids)).map((r) => [r.id, r]))
    expect(stored.get(ids[0])).toMatchObject({ executorAddress: address(0), handleMsg: 'earlier', handleTimeMs: T0 })
    expect(stored.get(ids[3])).toMatchObject({ executorAddress: 'http://127.0.0.1:8000/', triggerCode: 200, handleCode: 200, handleMsg: 'h3' })
    expect(stored.get(ids[7])).toMatchObject({ executorAddress: address(7), triggerCode: 500 })
    expect(stored.get(ids[5])!.handleMsg).toHaveLength(HANDLE_MSG_MAX_CHARS)
    expect(stored.get(ids[70])).toMatchObject({ handleCode: 502, handleMsg: 'first of two', handleTimeMs: T0 + 999 })
    expect(stored.get(ids[149])).toMatchObject({ executorAddress: address(149), handleCode: 500, handleMsg: 'h149', handleTimeMs: T0 + 149 })
  })

  it('keeps texts as they are through the batched writes: quotes, backslashes, braces, commas, NULL, new lines', async () => {
    const texts = ['say "hi", {a,b}', 'back\\slash \\" end\\', 'NULL', '', ' spaced ', 'line\nnext\ttab', '汉字 ✓', "it's"]
    const ids: number[] = []
    for (let i = 0; i < texts.length * 3; i++) ids.push((await f.store.runs.insert(run(1)))!)
    const [outcomed, paired, completed] = [0, 1, 2].map((part) => ids.slice(part * texts.length, (part + 1) * texts.length))
    await f.store.transaction(async (tx) => {
      await tx.runs.recordOutcomes(outcomed.map((logId, i) => ({ logId, executorAddress: texts[i], triggerCode: 500, triggerMsg: texts[i] })))
      await tx.runs.recordOutcomesAndComplete(
        paired.map((logId, i) => ({
          outcome: { logId, executorAddress: texts[i], triggerCode: 200, triggerMsg: texts[i] },
          completion: { logId, handleCode: 200, handleMsg: texts[i], handleTimeMs: T0 },
        })),
      )
      await tx.runs.complete(completed.map((logId, i) => ({ logId, handleCode: 200, handleMsg: texts[i], handleTimeMs: T0 })))
      expect(await tx.runs.complete([])).toEqual([])
      expect(await tx.runs.recordOutcomesAndComplete([])).toEqual(new Set())
    })
    const stored = new Map((await f.store.runs.getMany(ids)).map((r) => [r.id, r]))
    texts.forEach((text, i) => {
      expect(stored.get(outcomed[i])).toMatchObject({ executorAddress: text, triggerMsg: text, triggerCode: 500 })
      expect(stored.get(paired[i])).toMatchObject({ executorAddress: text, triggerMsg: text, handleMsg: text, handleCode: 200 })
      expect(stored.get(completed[i])).toMatchObject({ handleMsg: text, handleCode: 200 })
    })
  })

  it('completes a run once: a repeated or late result changes nothing', async () => {
    const a = (await f.store.runs.insert(run(1)))!
    const b = (await f.store.runs.insert(run(1)))!
    expect(
      await f.store.runs.complete([
        { logId: a, handleCode: 200, handleMsg: 'done ✓', handleTimeMs: T0 + 1 },
        { logId: b, handleCode: 0, handleMsg: '', handleTimeMs: T0 + 2 },
        { logId: 999_999, handleCode: 200, handleMsg: '', handleTimeMs: T0 },
      ]),
    ).toEqual([a, b])
    expect(await f.store.runs.complete([{ logId: a, handleCode: 500, handleMsg: 'late', handleTimeMs: T0 + 9 }])).toEqual([])
    expect(await f.store.runs.get(a)).toMatchObject({ handleCode: 200, handleMsg: 'done ✓', handleTimeMs: T0 + 1 })
    expect(await f.store.runs.get(b)).toMatchObject({ handleCode: 500 })
    // Two nodes taking the same callback at once: one of them completes the run.
    const c = (await f.store.runs.insert(run(1)))!
    const completeC = async (tx: Repos, meet: () => Promise<void>) => {
      await meet()
      return tx.runs.complete([{ logId: c, handleCode: 200, handleMsg: '', handleTimeMs: T0 }])
    }
    const results = await overlapping(f, completeC, completeC)
    expect(results.flat()).toEqual([c])
  })

  it('lists runs newest first with every filter', async () => {
    const cron = (await f.store.runs.insert(run(1, { jobGroup: 2, triggerType: 'CRON', scheduleTimeMs: T0, triggerTimeMs: T0 })))!
    const child = (await f.store.runs.insert(run(2, { triggerType: 'PARENT', parentLogId: cron, triggerTimeMs: T0 + 10 })))!
    const failed = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 20 })
    await f.store.runs.complete([{ logId: failed, handleCode: 500, handleMsg: 'boom', handleTimeMs: T0 + 21 }])
    const running = await runningOn(f.store, 3, 'http://a/', { triggerTimeMs: T0 + 30 })
    const ok = await runningOn(f.store, 3, 'http://a/', { triggerTimeMs: T0 + 40 })
    await f.store.runs.complete([{ logId: ok, handleCode: 200, handleMsg: '', handleTimeMs: T0 + 41 }])
    const ids = async (filter: Parameters<typeof f.store.runs.list>[0]) => (await f.store.runs.list(filter)).map((r) => r.id)
    expect(await ids({})).toEqual([ok, running, failed, child, cron])
    expect(await ids({ jobId: 3 })).toEqual([ok, running])
    expect(await ids({ jobGroup: 2 })).toEqual([cron])
    expect(await ids({ status: 'pending' })).toEqual([child, cron])
    expect(await ids({ status: 'running' })).toEqual([running])
    expect(await ids({ status: 'success' })).toEqual([ok])
    expect(await ids({ status: 'failed' })).toEqual([failed])
    expect(await ids({ triggerType: 'PARENT' })).toEqual([child])
    expect(await ids({ parentLogId: cron })).toEqual([child])
    expect(await ids({ sinceMs: T0 + 10, untilMs: T0 + 30 })).toEqual([running, failed, child])
    expect(await ids({ beforeId: running, limit: 2 })).toEqual([failed, child])
    expect(await ids({ limit: 0 })).toEqual([ok])
  })

  it('reads many runs by id, more than one statement holds', async () => {
    const ids: number[] = []
    for (let i = 0; i < 520; i++) ids.push((await f.store.runs.insert(run(1, { triggerTimeMs: T0 + i })))!)
    const got = await f.store.runs.getMany([...ids, 888_888])
    expect(got.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids)
    expect(await f.store.runs.getMany([])).toEqual([])
  })

  it('plans, finds and takes failed runs for the fail monitor', async () => {
    const ok = await runningOn(f.store, 1, 'http://a/')
    await f.store.runs.complete([{ logId: ok, handleCode: 200, handleMsg: '', handleTimeMs: T0 }])
    const triggerFailed = (await f.store.runs.insert(run(1)))!
    await f.store.runs.recordOutcomes([{ logId: triggerFailed, executorAddress: '', triggerCode: 500, triggerMsg: 'no address' }])
    const handleFailed = await runningOn(f.store, 2, 'http://a/')
    await f.store.runs.complete([{ logId: handleFailed, handleCode: 502, handleMsg: 'timeout', handleTimeMs: T0 }])
    await runningOn(f.store, 3, 'http://a/')
    expect((await f.store.runs.findFailedUnplanned(10)).map((r) => r.id)).toEqual([triggerFailed, handleFailed])
    expect((await f.store.runs.findFailedUnplanned(1)).map((r) => r.id)).toEqual([triggerFailed])
    expect(await f.store.runs.nextRetryDueMs()).toBeNull()
    await f.store.transaction((tx) =>
      tx.runs.planRetries([
        { id: triggerFailed, dueAtMs: T0 + 5000 },
        { id: handleFailed, dueAtMs: T0 + 1000 },
      ]),
    )
    expect(await f.store.runs.findFailedUnplanned(10)).toEqual([])
    expect(await f.store.runs.nextRetryDueMs()).toBe(T0 + 1000)
    expect((await f.store.runs.findFailedDue(T0 + 999, 10)).map((r) => r.id)).toEqual([])
    expect((await f.store.runs.findFailedDue(T0 + 5000, 10)).map((r) => r.id)).toEqual([handleFailed, triggerFailed])
    // Two nodes' monitors taking the same run: one wins.
    const other = await f.another()
    expect(await Promise.all([f.store.runs.lockAlarm(handleFailed), other.runs.lockAlarm(handleFailed)]).then((r) => r.filter(Boolean).length)).toBe(1)
    expect(await f.store.runs.lockAlarm(handleFailed)).toBe(false)
    // A taken run is left alone by later plans and leaves the monitor's view.
    await f.store.runs.planRetries([{ id: handleFailed, dueAtMs: T0 }])
    expect((await f.store.runs.findFailedDue(T0 + 5000, 10)).map((r) => r.id)).toEqual([triggerFailed])
    await f.store.runs.setAlarmStatus(handleFailed, 2)
    expect(await f.store.runs.get(handleFailed)).toMatchObject({ alarmStatus: 2 })
    expect(await f.store.runs.nextRetryDueMs()).toBe(T0 + 5000)
  })

  it("keeps why a run's alarm failed, up to the column's bound, and counts the failed alarms since a time", async () => {
    const failed = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 })
    const older = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 - 1000 })
    const sent = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 })
    expect(await f.store.runs.get(failed)).toMatchObject({ alarmStatus: 0, alarmMessage: '' })
    const longest = `emailFailed: ${'深'.repeat(ALARM_REASON_MAX_CHARS - 14)}`
    await f.store.runs.setAlarmStatus(failed, 3, longest)
    await f.store.runs.setAlarmStatus(older, 3, 'smtpOff: ops@example.com')
    await f.store.runs.setAlarmStatus(sent, 2)
    expect(await f.store.runs.get(failed)).toMatchObject({ alarmStatus: 3, alarmMessage: longest })
    expect(await f.store.runs.get(sent)).toMatchObject({ alarmStatus: 2, alarmMessage: '' })
    expect(await f.store.runs.countAlarmsFailedSince(T0)).toBe(1)
    expect(await f.store.runs.countAlarmsFailedSince(T0 - 1000)).toBe(2)
  })

  it('finds lost, stale and running runs for the monitors', async () => {
    await f.store.registry.upsert('EXECUTOR', 'app', 'http://alive/', T0)
    const lost = await runningOn(f.store, 1, 'http://gone/', { triggerTimeMs: T0 })
    await runningOn(f.store, 1, 'http://alive/', { triggerTimeMs: T0 })
    await runningOn(f.store, 1, 'http://gone/', { triggerTimeMs: T0 + 60_000 })
    expect((await f.store.runs.findLostCandidates(T0 + 1000, 10)).map((r) => r.id)).toEqual([lost])
    const pending = (await f.store.runs.insert(run(2, { triggerTimeMs: T0 })))!
    await f.store.runs.insert(run(2, { triggerTimeMs: T0 + 60_000 }))
    expect((await f.store.runs.findStalePending(T0 + 1, 10)).map((r) => r.id)).toEqual([pending])
    expect((await f.store.runs.findRunningOn('http://gone/', T0 + 1)).map((r) => r.id)).toEqual([lost])
    expect(await f.store.runs.countRunning()).toBe(3)
  })

  it('tells embedded runs from LAN runs by the address prefix, LIKE wildcards taken literally', async () => {
    const own = `${EMBEDDED_ADDRESS_PREFIX}node_a`
    const other = `${EMBEDDED_ADDRESS_PREFIX}node%b`
    await runningOn(f.store, 1, own)
    const otherRun = await runningOn(f.store, 1, other)
    const lan = await runningOn(f.store, 1, 'http://10.0.0.5:9999/')
    // '_' and '%' in a prefix are characters, not wildcards.
    await runningOn(f.store, 1, 'jobdesk:/Xembedded/zzz')
    const lookalike = await runningOn(f.store, 1, 'jobdeskX//embedded/node')
    expect((await f.store.runs.findRunningOnOtherEmbedded(EMBEDDED_ADDRESS_PREFIX, own, 10)).map((r) => r.id)).toEqual([otherRun])
    expect((await f.store.runs.findRunningOnOtherEmbedded('jobdesk://embedded/node_', own, 10)).map((r) => r.id)).toEqual([])
    expect((await f.store.runs.findRunningOnOtherEmbedded('jobdesk://embedded/node%', own, 10)).map((r) => r.id)).toEqual([otherRun])
    const lanRuns = (await f.store.runs.findRunningOnLan(EMBEDDED_ADDRESS_PREFIX, 10)).map((r) => r.id)
    expect(lanRuns).toContain(lan)
    expect(lanRuns).toContain(lookalike)
    expect(lanRuns).not.toContain(otherRun)
  })

  it('deletes old runs with their kept log texts', async () => {
    const old1 = (await f.store.runs.insert(run(1, { triggerTimeMs: T0 })))!
    const old2 = (await f.store.runs.insert(run(1, { triggerTimeMs: T0 + 1 })))!
    const fresh = (await f.store.runs.insert(run(1, { triggerTimeMs: T0 + 100 })))!
    await f.store.logTexts.set(old1, 'line\n')
    expect(await f.store.runs.findOldIds(T0 + 50, 10)).toEqual([old1, old2])
    expect(await f.store.runs.findOldIds(T0 + 50, 1)).toEqual([old1])
    expect(await f.store.transaction((tx) => tx.runs.deleteByIds([old1, old2]))).toBe(2)
    expect(await f.store.runs.deleteByIds([])).toBe(0)
    expect(await f.store.logTexts.get(old1)).toBeUndefined()
    expect((await f.store.runs.list({})).map((r) => r.id)).toEqual([fresh])
  })

  it('reads the last run of each job and the chain of parents', async () => {
    const a1 = (await f.store.runs.insert(run(1, { triggerTimeMs: T0 })))!
    const a2 = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 5 })
    const b1 = (await f.store.runs.insert(run(2, { triggerType: 'PARENT', parentLogId: a2, triggerTimeMs: T0 + 6 })))!
    const c1 = (await f.store.runs.insert(run(3, { triggerType: 'PARENT', parentLogId: b1 })))!
    const retry = (await f.store.runs.insert(run(4, { triggerType: 'RETRY', parentLogId: c1 })))!
    expect(await f.store.runs.lastRuns([1, 2, 99])).toEqual([
      { jobId: 1, logId: a2, status: 'running', triggerTimeMs: T0 + 5 },
      { jobId: 2, logId: b1, status: 'pending', triggerTimeMs: T0 + 6 },
    ])
    expect(a1).toBeLessThan(a2)
    expect(await f.store.runs.chainJobIds(c1, 10)).toEqual([3, 2, 1])
    expect(await f.store.runs.chainJobIds(c1, 1)).toEqual([3, 2])
    // A retry is not a parent link: the chain stops there.
    expect(await f.store.runs.chainJobIds(retry, 10)).toEqual([4])
  })

  it('counts outcomes since a time as numbers, a kill apart from the failures', async () => {
    expect(await f.store.runs.countOutcomesSince(T0)).toEqual({ successCount: 0, failCount: 0, killedCount: 0, unfinishedCount: 0 })
    const ok = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 1 })
    await f.store.runs.complete([{ logId: ok, handleCode: 200, handleMsg: '', handleTimeMs: T0 }])
    const bad = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 2 })
    await f.store.runs.complete([{ logId: bad, handleCode: 500, handleMsg: '', handleTimeMs: T0 }])
    const killed = await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 2 })
    await f.store.runs.complete([{ logId: killed, handleCode: 500, handleMsg: 'Manual operation, kill job: job thread already killed.', handleTimeMs: T0 }])
    await runningOn(f.store, 1, 'http://a/', { triggerTimeMs: T0 + 3 })
    await f.store.runs.insert(run(1, { triggerTimeMs: T0 + 4 }))
    await f.store.runs.insert(run(1, { triggerTimeMs: T0 - 1 }))
    expect(await f.store.runs.countOutcomesSince(T0)).toEqual({ successCount: 1, failCount: 1, killedCount: 1, unfinishedCount: 2 })
    expect(await f.store.runs.countFailedSince(T0)).toEqual({ failedCount: 1, killedCount: 1 })
    expect(await f.store.runs.countFailedSince(T0 + 3)).toEqual({ failedCount: 0, killedCount: 0 })
    // The job's last run is the pending one; a job whose last run was killed says so.
    const [last] = await f.store.runs.lastRuns([1])
    expect(last).not.toHaveProperty('killed')
    const other = await runningOn(f.store, 2, 'http://a/', { triggerTimeMs: T0 + 5 })
    await f.store.runs.complete([{ logId: other, handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]', handleTimeMs: T0 }])
    expect(await f.store.runs.lastRuns([2])).toEqual([{ jobId: 2, logId: other, status: 'failed', triggerTimeMs: T0 + 5, killed: true }])
  })
})
