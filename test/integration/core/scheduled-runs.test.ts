import { afterEach, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

let core: CoreParts | undefined
let dir: ReturnType<typeof makeTempDir> | undefined

afterEach(async () => {
  await core?.stop()
  dir?.remove()
  core = dir = undefined
})

/** Steps a manual clock second by second, letting the scheduler's loops run at each step. */
async function stepSeconds(clock: ManualClock, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) await clock.advance(1000)
}

describe('the core end to end, on a real database file and real worker threads', () => {
  it('fires a 0/2 cron job once per even second, each run completing with handle code 200', async () => {
    dir = makeTempDir()
    const t0 = Date.UTC(2026, 10, 30, 8, 0, 0)
    const clock = new ManualClock(t0)
    core = await assembleCore({ dataDir: dir.path, clock, logger: silentLogger, seedDemo: false })
    const group = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    const job = await core.api.saveJob(jobInput(group.id, { scheduleConf: '0/2 * * * * ?', executorParam: 'tick' }))
    const started = await core.api.startJob(job.id)
    // Start computes the first fire from now + 5 s, outside the window a scan may already have read.
    expect(started.triggerNextTimeMs).toBe(t0 + 6000)

    await stepSeconds(clock, 30)
    const expected = Array.from({ length: 13 }, (_, i) => t0 + 6000 + i * 2000) // t0+6 s … t0+30 s

    const runs = await waitFor('every run to finish', async () => {
      const page = await core!.api.listRuns({ jobId: job.id, limit: 100 })
      return page.runs.length === expected.length && page.runs.every((r) => r.handleCode !== 0) && page.runs
    })
    expect(runs.map((r) => r.scheduleTimeMs).sort()).toEqual(expected)
    expect(runs.map((r) => [r.triggerType, r.triggerCode, r.handleCode])).toEqual(expected.map(() => ['CRON', 200, 200]))

    const log = await core.api.getRunLog({ logId: runs[0].id, fromLineNum: 1 })
    expect(log.logContent).toContain('tick')
  })

  it('triggers a job by hand and records the manual run with its parameter override', async () => {
    dir = makeTempDir()
    core = await assembleCore({ dataDir: dir.path, logger: silentLogger, seedDemo: false })
    const group = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    const job = await core.api.saveJob(jobInput(group.id, { scheduleType: 'NONE', scheduleConf: '' }))
    const { logIds, outcomes } = await core.api.triggerJob({ jobId: job.id, executorParam: 'by hand' })
    expect(logIds).toHaveLength(1)
    // The console's trigger answers with the executor's verdict, not only the run id.
    expect(outcomes).toEqual([
      expect.objectContaining({ logId: logIds[0], state: 'accepted', executorAddress: expect.stringMatching(/^jobdesk:\/\/embedded\/[0-9a-f]+\/$/) }),
    ])
    const run = await waitFor('the manual run to finish', async () => {
      const run = await core!.api.getRun(logIds[0])
      return run.handleCode !== 0 && run
    })
    expect(run).toMatchObject({ triggerType: 'MANUAL', triggerCode: 200, handleCode: 200, executorParam: 'by hand', scheduleTimeMs: null })
    expect(run.triggerMsg).toContain('Route strategy: FIRST')
  })

  it('records a failing handler as handle code 500 with its message', async () => {
    dir = makeTempDir()
    core = await assembleCore({ dataDir: dir.path, logger: silentLogger, seedDemo: false })
    const group = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    const job = await core.api.saveJob(jobInput(group.id, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'failJobHandler', executorParam: 'boom' }))
    const { logIds } = await core.api.triggerJob({ jobId: job.id })
    const run = await waitFor('the failing run to finish', async () => {
      const run = await core!.api.getRun(logIds[0])
      return run.handleCode !== 0 && run
    })
    expect(run.handleCode).toBe(500)
    expect(run.handleMsg).toContain('boom')
  })

  it('answers a manual trigger refused by the executor as refused, with the reason, and one whose executor is unreachable too', async () => {
    dir = makeTempDir()
    core = await assembleCore({ dataDir: dir.path, logger: silentLogger, seedDemo: false })
    const group = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    const job = await core.api.saveJob(jobInput(group.id, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'noSuchHandler' }))
    const unknownHandler = await core.api.triggerJob({ jobId: job.id })
    expect(unknownHandler.outcomes).toEqual([
      expect.objectContaining({ state: 'refused', executorAddress: expect.stringMatching(/^jobdesk:\/\/embedded\/[0-9a-f]+\/$/) }),
    ])
    expect(unknownHandler.outcomes![0].triggerMsg).toMatch(/refused \(code 500\).*noSuchHandler/)

    // Nothing listens on port 9 (discard) of the loopback: the call fails at once.
    const deadAddress = await core.api.triggerJob({ jobId: job.id, addressList: ['http://127.0.0.1:9/'] })
    expect(deadAddress.outcomes).toEqual([expect.objectContaining({ state: 'refused', executorAddress: 'http://127.0.0.1:9/' })])
    expect(deadAddress.outcomes![0].triggerMsg).toMatch(/refused \(code 500\).*ECONNREFUSED/)
  })
})

describe('GLUE history', () => {
  it('keeps every source a script job was given, by a job save or by the GLUE editor, newest first', async () => {
    dir = makeTempDir()
    core = await assembleCore({ dataDir: dir.path, logger: silentLogger, seedDemo: false })
    const group = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!
    const script = { scheduleType: 'NONE' as const, scheduleConf: '', glueType: 'GLUE_SHELL' as const, executorHandler: '' }
    const job = await core.api.saveJob(jobInput(group.id, { ...script, glueSource: 'echo one', glueRemark: 'first' }))
    await core.api.saveJob({ ...jobInput(group.id, { ...script, glueSource: 'echo two', glueRemark: 'second' }), id: job.id })
    await core.api.saveGlue({ jobId: job.id, glueSource: 'echo three', glueRemark: 'third' })
    await expect(core.api.saveGlue({ jobId: job.id, glueSource: 'echo four', glueRemark: ' ' })).rejects.toMatchObject({ field: 'glueRemark' })
    const versions = await core.api.listGlueVersions(job.id)
    expect(versions.map((v) => [v.glueSource, v.glueRemark])).toEqual([
      ['echo three', 'third'],
      ['echo two', 'second'],
      ['echo one', 'first'],
    ])
    expect((await core.api.getJob(job.id)).glueSource).toBe('echo three')
  })
})
