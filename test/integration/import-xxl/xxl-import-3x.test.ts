import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { XxlImportReport } from '../../../src/shared/xxl-import'
import { FIXTURE_NOW_MS, runSql, shanghai } from './xxl-fixture'
import { startXxlImport, type XxlImportHarness } from './xxl-import-harness'

/**
 * An XXL-JOB 3.x database (test/fixtures/xxl-job/xxl-job-3.x.sql: the 3.5 layout) on a real MariaDB:
 * duplicate app names and job names, child ids that cannot be links, a cycle, an unknown route,
 * a group token; then the three answers to a job JobDesk already has.
 */
describe('moving in from an XXL-JOB 3.x database', () => {
  let h: XxlImportHarness
  let dryRun: XxlImportReport
  let applied: XxlImportReport
  const idOf = (xxlId: number) => applied.jobs.find((j) => j.xxlId === xxlId)!.jobId!

  beforeAll(async () => {
    h = await startXxlImport('xxl-job-3.x')
    dryRun = await h.importer.run(h.request({ dryRun: true }))
    applied = await h.importer.run(h.request())
  })
  afterAll(() => h?.close())

  it('dry run: the 3.5 layout, groups joined by app name, names made unique, links left out with why', () => {
    expect(dryRun.schema).toMatchObject({ generation: '3.5', groupNameColumn: 'name', jobNameColumn: 'name', groupTokens: true })
    expect(dryRun.read).toEqual({ groups: 3, jobs: 4, glueVersions: 2, runs: 2 })
    expect(dryRun.groups.map((g) => [g.appName, g.name, g.action, g.notes.map((n) => n.code)])).toEqual([
      ['report-executor', '报表执行器 📊', 'create', ['xxl.groupDuplicate']],
      ['python-exec', 'Python', 'create', []],
    ])
    expect(dryRun.groups[0].notes[0].params).toEqual({ appName: 'report-executor', count: 2, ids: '1, 2', firstId: 1 })
    expect(dryRun.jobs.map((j) => [j.xxlId, j.appName, j.name, j.action, j.notes.map((n) => n.code)])).toEqual([
      [10, 'report-executor', '周报 weekly', 'create', ['xxl.childNotANumber', 'xxl.childSelf']],
      [11, 'report-executor', '周报 weekly #11', 'create', ['xxl.nameMadeUnique']],
      [12, 'python-exec', 'python 汇总', 'create', ['xxl.childCycle']],
      [13, 'python-exec', 'odd route', 'refuse', ['xxl.unknownRoute']],
    ])
    expect(dryRun.jobs[3].notes[0].params).toEqual({ value: 'WEIGHTED_ROUND' })
    expect(dryRun.links.set).toBe(2)
    expect(dryRun.links.dropped.map((l) => [l.parentXxlId, l.childXxlId, l.note.code, l.note.params])).toEqual([
      [10, 'abc', 'xxl.childNotANumber', { child: 'abc' }],
      [10, 10, 'xxl.childSelf', {}],
      [12, 11, 'xxl.childCycle', { child: 11, path: [11, 12, 11] }],
    ])
    expect(dryRun.notes.map((n) => [n.code, n.params])).toEqual([['xxl.groupTokensNotImported', { groups: "'report-executor'" }]])
    expect(dryRun.runs).toEqual({ days: 7, imported: 2, unfinished: 0, alreadyThere: 0, ofRefusedJobs: 0, beyondCap: 0 })
  })

  it('imports groups without their tokens, and the jobs of both same-named groups into one', async () => {
    const groups = await h.store.groups.list()
    const report = groups.find((g) => g.appName === 'report-executor')!
    expect(report).toMatchObject({ name: '报表执行器 📊', addressType: 1, addressList: 'http://127.0.0.1:9911', accessToken: '' })
    expect((await h.store.jobs.get(idOf(10)))!.jobGroup).toBe(report.id)
    expect((await h.store.jobs.get(idOf(11)))!).toMatchObject({
      jobGroup: report.id,
      name: '周报 weekly #11',
      executorHandler: 'weeklyReport2',
      triggerStatus: 0,
    })
    expect(await h.store.jobs.get(idOf(12))).toMatchObject({
      scheduleType: 'FIX_RATE',
      scheduleConf: '3600',
      misfireStrategy: 'FIRE_ONCE_NOW',
      executorRouteStrategy: 'FAILOVER',
      executorBlockStrategy: 'DISCARD_LATER',
      executorFailRetryCount: 3,
      glueType: 'GLUE_PYTHON',
      glueSource: 'print("v2")',
      triggerStatus: 1,
    })
    expect((await h.store.jobs.get(idOf(12)))!.triggerNextTimeMs).toBeGreaterThan(FIXTURE_NOW_MS)
    expect((await h.store.links.all()).map((l) => [l.parentJobId, l.childJobId]).sort()).toEqual(
      [
        [idOf(10), idOf(11)],
        [idOf(11), idOf(12)],
      ].sort(),
    )
  })

  it("keeps XXL-JOB's GLUE versions, not a second copy of the current one", async () => {
    const history = await h.store.glue.list(idOf(12))
    expect(history.map((v) => [v.glueSource, v.glueRemark, v.addTimeMs])).toEqual([
      ['print("v2")', 'v2', shanghai('2026-11-03 08:00:00')],
      ['print("v1")', 'v1', shanghai('2026-11-02 08:00:00')],
    ])
  })

  it('brings both shards of a broadcast run', async () => {
    const runs = await h.store.runs.list({ jobId: idOf(12) })
    expect(runs.map((r) => [r.executorShardingParam, r.executorAddress, r.triggerTimeMs, r.handleCode]).sort()).toEqual([
      ['0/2', 'http://127.0.0.1:9921/', shanghai('2026-11-19 11:00:00'), 200],
      ['1/2', 'http://127.0.0.1:9922/', shanghai('2026-11-19 11:00:00'), 200],
    ])
  })

  it('--on-conflict skip changes nothing', async () => {
    const before = h.checksums()
    const again = await h.importer.run(h.request({ onConflict: 'skip' }))
    expect(h.checksums()).toEqual(before)
    expect(again.summary).toEqual({ created: 0, updated: 0, skipped: 3, refused: 1 })
    expect(again.runs).toMatchObject({ imported: 0, alreadyThere: 2 })
  })

  it('--on-conflict replace overwrites what changed in XXL-JOB, and the history stays one copy of each version', async () => {
    await runSql(h.xxl, "UPDATE xxl_job_info SET executor_param = 'changed', trigger_status = 0 WHERE id = 12")
    const replaced = await h.importer.run(h.request({ onConflict: 'replace' }))
    expect(replaced.summary).toEqual({ created: 0, updated: 3, skipped: 0, refused: 1 })
    expect(replaced.jobs.filter((j) => j.action === 'update').map((j) => j.jobId)).toEqual([idOf(10), idOf(11), idOf(12)])
    expect(await h.store.jobs.get(idOf(12))).toMatchObject({ executorParam: 'changed', triggerStatus: 0 })
    expect((await h.store.glue.list(idOf(12))).map((v) => v.glueRemark)).toEqual(['v2', 'v1'])
    expect(replaced.runs).toMatchObject({ imported: 0, alreadyThere: 2 })
  })

  it('--on-conflict rename imports a second copy beside each job JobDesk has, and says so', async () => {
    const jobsBefore = (await h.store.jobs.list()).length
    const renamed = await h.importer.run(h.request({ onConflict: 'rename' }))
    expect(renamed.summary).toEqual({ created: 3, updated: 0, skipped: 0, refused: 1 })
    expect(renamed.jobs.filter((j) => j.action === 'create').map((j) => j.name)).toEqual([
      '周报 weekly (XXL-JOB #10)',
      '周报 weekly #11 (XXL-JOB #11)',
      'python 汇总 (XXL-JOB #12)',
    ])
    expect(renamed.jobs[0].notes.map((n) => n.code)).toContain('xxl.renamed')
    expect((await h.store.jobs.list()).length).toBe(jobsBefore + 3)
  })
})
