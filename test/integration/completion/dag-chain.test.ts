import { sqliteDb } from '../../support/sqlite-db'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RunWriter } from '../../../src/main/completion/run-writer'
import { ConflictError, ValidationError } from '../../../src/shared/errors'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
  vi.restoreAllMocks()
})

describe('child jobs as a DAG (seeds/002: dagChain, dagMissingChild)', () => {
  it('runs A → B → C once each, in order, each child naming its parent run', async () => {
    t = await startTestCore()
    const [a, b, c] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' }), await t.addJob({ name: 'C' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'SUCCESS' })
    await t.core.api.saveLink({ parentJobId: b, childJobId: c, condition: 'SUCCESS' })
    expect((await t.core.api.getJob(a)).childJobIds).toEqual([b]) // XXL-JOB's child_jobid kept in step

    await t.core.api.triggerJob({ jobId: a })
    const [runA] = await t.finishedRuns(a, 1)
    const [runB] = await t.finishedRuns(b, 1)
    const [runC] = await t.finishedRuns(c, 1)

    expect([runA, runB, runC].map((r) => r.handleCode)).toEqual([200, 200, 200])
    expect(runB).toMatchObject({ triggerType: 'PARENT', parentLogId: runA.id })
    expect(runC).toMatchObject({ triggerType: 'PARENT', parentLogId: runB.id })
    expect(runA.triggerTimeMs).toBeLessThanOrEqual(runB.triggerTimeMs)
    expect(runB.triggerTimeMs).toBeLessThanOrEqual(runC.triggerTimeMs)
    // The chain can be followed down from the root, too.
    expect((await t.core.api.listRuns({ parentLogId: runA.id })).runs.map((r) => r.id)).toEqual([runB.id])
    // Each ran exactly once.
    for (const job of [a, b, c]) expect((await t.core.api.listRuns({ jobId: job })).runs).toHaveLength(1)
  })

  it("writes a parent run's completion without the writer's batch delay, and only a parent's", async () => {
    t = await startTestCore()
    const expedite = vi.spyOn(RunWriter.prototype, 'expedite')
    const [a, b, c] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' }), await t.addJob({ name: 'C' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'SUCCESS' })
    await t.core.api.saveLink({ parentJobId: b, childJobId: c, condition: 'SUCCESS' })

    await t.core.api.triggerJob({ jobId: a })
    const [runB] = await t.finishedRuns(b, 1)
    const [runC] = await t.finishedRuns(c, 1)

    // B is triggered by A's completion, after the links were read again: its child C waits on it. C has no child.
    const expedited = expedite.mock.calls.flatMap(([ids]) => ids)
    expect(expedited).toContain(runB.id)
    expect(expedited).not.toContain(runC.id)
  })

  it('fires no child for a re-run of a parent run, which repeats that run alone', async () => {
    t = await startTestCore()
    const [a, b] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'SUCCESS' })
    await t.core.api.triggerJob({ jobId: a })
    const [runA] = await t.finishedRuns(a, 1)
    await t.finishedRuns(b, 1)

    const [rerunId] = (await t.core.api.rerunRun(runA.id)).logIds
    const rerun = (await t.finishedRuns(a, 2)).find((r) => r.id === rerunId)!
    expect(rerun).toMatchObject({ triggerType: 'MANUAL', parentLogId: runA.id, handleCode: 200 })
    // A stop waits for every child firing under way: after it, whatever the re-run fired is written.
    await t.core.stop()
    const reopened = await startTestCore({}, t.dataDir)
    try {
      expect((await reopened.core.api.listRuns({ jobId: b })).runs.map((r) => r.parentLogId)).toEqual([runA.id])
    } finally {
      await reopened.core.stop()
    }
  })

  it('fires FAILURE links only on failure and ALWAYS links on both', async () => {
    t = await startTestCore()
    const failing = await t.addJob({ name: 'fails', executorHandler: 'failJobHandler' })
    const passing = await t.addJob({ name: 'passes' })
    const onSuccess = await t.addJob({ name: 'on success' })
    const onFailure = await t.addJob({ name: 'on failure' })
    const always = await t.addJob({ name: 'always' })
    for (const parent of [failing, passing]) {
      await t.core.api.saveLink({ parentJobId: parent, childJobId: onSuccess, condition: 'SUCCESS' })
      await t.core.api.saveLink({ parentJobId: parent, childJobId: onFailure, condition: 'FAILURE' })
      await t.core.api.saveLink({ parentJobId: parent, childJobId: always, condition: 'ALWAYS' })
    }

    await t.core.api.triggerJob({ jobId: failing })
    const [failedRun] = await t.finishedRuns(failing, 1)
    expect(failedRun.handleCode).toBe(500)
    const [failureChild] = await t.finishedRuns(onFailure, 1)
    const [alwaysChild] = await t.finishedRuns(always, 1)
    expect([failureChild.parentLogId, alwaysChild.parentLogId]).toEqual([failedRun.id, failedRun.id])

    await t.core.api.triggerJob({ jobId: passing })
    const [passedRun] = await t.finishedRuns(passing, 1)
    const [successChild] = await t.finishedRuns(onSuccess, 1)
    const alwaysRuns = await t.finishedRuns(always, 2)
    expect(successChild.parentLogId).toBe(passedRun.id)
    expect(alwaysRuns[1].parentLogId).toBe(passedRun.id)

    // SUCCESS never fired for the failure, FAILURE never for the success.
    expect((await t.core.api.listRuns({ jobId: onSuccess })).runs.map((r) => r.parentLogId)).toEqual([passedRun.id])
    expect((await t.core.api.listRuns({ jobId: onFailure })).runs.map((r) => r.parentLogId)).toEqual([failedRun.id])
  })

  it("fires a FAILURE child once, after the parent's last retry failed, not for every attempt", async () => {
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    const parent = await t.addJob({ name: 'flaky parent', executorHandler: 'failJobHandler', executorFailRetryCount: 1 })
    const onFailure = await t.addJob({ name: 'on failure' })
    await t.core.api.saveLink({ parentJobId: parent, childJobId: onFailure, condition: 'FAILURE' })
    await t.core.api.triggerJob({ jobId: parent })
    const [, retry] = await t.finishedRuns(parent, 2)
    const [child] = await t.finishedRuns(onFailure, 1)
    expect(child.parentLogId).toBe(retry.id)
    await waitFor('no run pending', async () => (await t!.core.api.getOverview()).runningCount === 0)
    expect((await t.core.api.listRuns({ jobId: onFailure })).runs).toHaveLength(1)
  })

  it('refuses a link to a missing job, a self link and a cycle, naming the cycle path', async () => {
    t = await startTestCore()
    const [a, b, c] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' }), await t.addJob({ name: 'C' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'SUCCESS' })
    await t.core.api.saveLink({ parentJobId: b, childJobId: c, condition: 'SUCCESS' })

    await expect(t.core.api.saveLink({ parentJobId: a, childJobId: 999, condition: 'SUCCESS' })).rejects.toThrow(ValidationError)
    await expect(t.core.api.saveLink({ parentJobId: a, childJobId: 999, condition: 'SUCCESS' })).rejects.toMatchObject({
      field: 'childJobId',
      code: 'link.jobMissing',
      params: { id: 999 },
    })
    await expect(t.core.api.saveLink({ parentJobId: a, childJobId: a, condition: 'SUCCESS' })).rejects.toMatchObject({
      field: 'childJobId',
      code: 'link.selfLink',
    })
    const cycle = t.core.api.saveLink({ parentJobId: c, childJobId: a, condition: 'ALWAYS' })
    await expect(cycle).rejects.toThrow(ConflictError)
    await expect(t.core.api.saveLink({ parentJobId: c, childJobId: a, condition: 'ALWAYS' })).rejects.toMatchObject({
      code: 'link.cycle',
      params: { path: [a, b, c, a] },
    })
    expect(await t.core.api.listLinks()).toHaveLength(2) // nothing written
  })

  it('removes the links of a deleted job (XXL-JOB keeps dead child ids)', async () => {
    t = await startTestCore()
    const [a, b] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' })]
    await t.core.api.saveLink({ parentJobId: a, childJobId: b, condition: 'SUCCESS' })
    await t.core.api.deleteJob(b)
    expect(await t.core.api.listLinks()).toEqual([])
    expect((await t.core.api.getJob(a)).childJobIds).toEqual([])
  })

  it('stops a chain that re-enters itself even when a cycle was written into the database by hand', async () => {
    t = await startTestCore()
    const [a, b] = [await t.addJob({ name: 'A' }), await t.addJob({ name: 'B' })]
    // What the save-time check refuses, forced in behind its back.
    sqliteDb(t.core.store)
      .prepare("INSERT INTO job_link (parent_job_id, child_job_id, link_condition) VALUES (?, ?, 'SUCCESS'), (?, ?, 'SUCCESS')")
      .run(a, b, b, a)

    await t.core.api.triggerJob({ jobId: a })
    await t.finishedRuns(a, 1)
    await t.finishedRuns(b, 1)
    // B's completion would fire A again; the guard refuses. Wait until nothing is pending, then count.
    await waitFor('no run pending', async () => (await t!.core.api.getOverview()).runningCount === 0)
    expect((await t.core.api.listRuns({ jobId: a })).runs).toHaveLength(1)
    expect((await t.core.api.listRuns({ jobId: b })).runs).toHaveLength(1)
  })
})
