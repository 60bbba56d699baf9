import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobInfo } from '../../../src/shared/model'
import type { XxlImportReport } from '../../../src/shared/xxl-import'
import { queryRows, shanghai } from './xxl-fixture'
import { startXxlImport, type XxlImportHarness } from './xxl-import-harness'

/**
 * An XXL-JOB 2.4 database (test/fixtures/xxl-job/xxl-job-2.4.sql) on a real MariaDB, moved into an
 * empty JobDesk: the dry run's report, then the import, then every job, link, GLUE version and run
 * as JobDesk holds it, then a second import that changes nothing.
 */
describe('moving in from an XXL-JOB 2.4 database', () => {
  let h: XxlImportHarness
  let dryRun: XxlImportReport
  let emptyChecksums: Record<string, string>
  let applied: XxlImportReport

  beforeAll(async () => {
    h = await startXxlImport('xxl-job-2.4')
    emptyChecksums = h.checksums()
    dryRun = await h.importer.run(h.request({ dryRun: true }))
    applied = await h.importer.run(h.request())
  })
  afterAll(() => h?.close())

  it('reports the 2.3-3.4 layout and what the database holds', () => {
    expect(dryRun.dryRun).toBe(true)
    expect(dryRun.schema).toEqual({
      generation: '2.3-3.4',
      groupNameColumn: 'title',
      jobNameColumn: 'job_desc',
      scheduleColumns: 'schedule_type',
      groupTokens: false,
      glueHistory: true,
      runs: true,
    })
    expect(dryRun.source).toBe(h.xxl.url.replace(/:[^:@/]*@/, '@'))
    expect(dryRun.source).not.toContain(new URL(h.xxl.url).password)
    // Run 5 is older than the 7 days asked for.
    expect(dryRun.read).toEqual({ groups: 2, jobs: 6, glueVersions: 3, runs: 4 })
  })

  it('dry run: counts per kind and each problem with its code and the job it is about, and writes nothing', () => {
    expect(dryRun.summary).toEqual({ created: 4, updated: 0, skipped: 0, refused: 2 })
    expect(dryRun.groups.map((g) => [g.appName, g.action])).toEqual([
      ['order-executor', 'create'],
      ['billing-java', 'create'],
    ])
    const line = (xxlId: number) => dryRun.jobs.find((j) => j.xxlId === xxlId)!
    expect(dryRun.jobs.map((j) => [j.xxlId, j.action])).toEqual([
      [1, 'create'],
      [2, 'create'],
      [3, 'create'],
      [4, 'refuse'],
      [5, 'create'],
      [6, 'refuse'],
    ])
    expect(line(1).notes.map((n) => [n.code, n.params])).toEqual([['xxl.childMissing', { child: 99 }]])
    expect(line(4).notes).toHaveLength(1)
    expect(line(4).notes[0]).toMatchObject({ field: 'scheduleConf', code: 'cron.outOfRange', params: { cronField: 'hour', value: 25 } })
    expect(line(5).notes.map((n) => n.code)).toEqual(['xxl.noneStopped'])
    expect(line(6)).toMatchObject({ appName: '', name: 'orphan job', jobId: null })
    expect(line(6).notes.map((n) => [n.code, n.params])).toEqual([['xxl.groupMissing', { groupId: 7 }]])
    expect(dryRun.links.set).toBe(2)
    expect(dryRun.links.dropped.map((l) => [l.parentXxlId, l.childXxlId, l.note.code])).toEqual([[1, 99, 'xxl.childMissing']])
    expect(dryRun.glueVersions).toBe(3)
    expect(dryRun.runs).toEqual({ days: 7, imported: 2, unfinished: 1, alreadyThere: 0, ofRefusedJobs: 1, beyondCap: 0 })
    expect(dryRun.notes).toEqual([])
    expect(dryRun.jobs.every((j) => j.jobId === null)).toBe(true)
  })

  it('the import does what the dry run said, and names the JobDesk job of each', async () => {
    expect(applied.dryRun).toBe(false)
    expect(applied.summary).toEqual(dryRun.summary)
    expect(applied.jobs.map((j) => [j.xxlId, j.action, j.notes])).toEqual(dryRun.jobs.map((j) => [j.xxlId, j.action, j.notes]))
    expect(applied.links).toEqual(dryRun.links)
    expect(applied.glueVersions).toBe(3)
    expect(applied.runs).toEqual(dryRun.runs)
    const ids = applied.jobs.filter((j) => j.action === 'create').map((j) => j.jobId)
    expect(ids.every((id) => typeof id === 'number')).toBe(true)
    expect((await h.store.jobs.list()).map((j) => j.id).sort()).toEqual([...(ids as number[])].sort())
  })

  it('brings the groups: the manual one with its addresses, the automatic one without (the registry fills it)', async () => {
    const groups = (await h.store.groups.list()).sort((a, b) => b.appName.localeCompare(a.appName))
    expect(
      groups.map((g) => ({ appName: g.appName, name: g.name, addressType: g.addressType, addressList: g.addressList, accessToken: g.accessToken })),
    ).toEqual([
      { appName: 'order-executor', name: '订单执行器', addressType: 0, addressList: '', accessToken: '' },
      { appName: 'billing-java', name: 'Billing', addressType: 1, addressList: 'http://127.0.0.1:9901,http://127.0.0.1:9902', accessToken: '' },
    ])
  })

  it('brings each job field by field, running ones started in the zone XXL-JOB ran them in', async () => {
    const job = async (xxlId: number): Promise<JobInfo> => (await h.store.jobs.get(applied.jobs.find((j) => j.xxlId === xxlId)!.jobId!))!
    const groups = await h.store.groups.list()
    const groupId = (appName: string) => groups.find((g) => g.appName === appName)!.id
    expect(await job(1)).toMatchObject({
      jobGroup: groupId('order-executor'),
      name: '每日对账',
      author: '张三',
      alarmEmail: 'ops@example.com',
      scheduleType: 'CRON',
      scheduleConf: '0 0 2 * * ?',
      timezone: 'Asia/Shanghai',
      misfireStrategy: 'FIRE_ONCE_NOW',
      executorRouteStrategy: 'FIRST',
      executorHandler: 'reconcileHandler',
      executorParam: 'region=华东',
      executorBlockStrategy: 'DISCARD_LATER',
      executorTimeoutSec: 30,
      executorFailRetryCount: 2,
      retryBackoff: 'NONE',
      alarmOnEveryFailure: false,
      glueType: 'BEAN',
      triggerStatus: 1,
      // 02:00 in Shanghai, the day after "now" (12:00).
      triggerNextTimeMs: shanghai('2026-11-21 02:00:00'),
    })
    expect(await job(2)).toMatchObject({
      scheduleType: 'FIX_RATE',
      scheduleConf: '300',
      executorRouteStrategy: 'ROUND',
      executorBlockStrategy: 'COVER_EARLY',
      triggerStatus: 1,
    })
    expect(await job(3)).toMatchObject({
      jobGroup: groupId('billing-java'),
      glueType: 'GLUE_GROOVY',
      glueSource: 'import com.xxl.job.core.handler.IJobHandler;\nclass Invoice extends IJobHandler { void execute() { println "invoice" } }',
      glueRemark: 'groovy v1',
      executorRouteStrategy: 'SHARDING_BROADCAST',
      executorTimeoutSec: 60,
      executorFailRetryCount: 1,
      triggerStatus: 0,
    })
    expect(await job(5)).toMatchObject({
      name: '清理脚本',
      scheduleType: 'NONE',
      scheduleConf: '',
      executorRouteStrategy: 'LEAST_RECENTLY_USED',
      executorParam: '--dry',
      executorTimeoutSec: 10,
      glueType: 'GLUE_SHELL',
      glueSource: '#!/bin/bash\necho "v3"',
      glueRemark: 'third',
      triggerStatus: 0,
    })
  })

  it('every imported job has the schedule, route, block strategy, retries, timeout, children and GLUE source XXL-JOB has', async () => {
    const xxlRows = await queryRows(h.xxl, 'SELECT * FROM xxl_job_info ORDER BY id')
    const imported = applied.jobs.filter((j) => j.jobId !== null)
    expect(imported.map((j) => j.xxlId)).toEqual([1, 2, 3, 5])
    const xxlIdOf = new Map(imported.map((j) => [j.jobId!, j.xxlId]))
    for (const line of imported) {
      const row = xxlRows.find((r) => r.id === line.xxlId)!
      const job = (await h.store.jobs.get(line.jobId!))!
      const children = String(row.child_jobid)
        .split(',')
        .filter((id) => imported.some((j) => String(j.xxlId) === id))
      expect({
        scheduleType: job.scheduleType,
        scheduleConf: job.scheduleConf,
        misfire: job.misfireStrategy,
        route: job.executorRouteStrategy,
        block: job.executorBlockStrategy,
        retries: job.executorFailRetryCount,
        timeout: job.executorTimeoutSec,
        handler: job.executorHandler,
        param: job.executorParam,
        glueType: job.glueType,
        glueSource: job.glueSource,
        children: job.childJobIds.map((id) => String(xxlIdOf.get(id))),
      }).toEqual({
        scheduleType: row.schedule_type,
        scheduleConf: row.schedule_conf,
        misfire: row.misfire_strategy,
        route: row.executor_route_strategy,
        block: row.executor_block_strategy,
        retries: row.executor_fail_retry_count,
        timeout: row.executor_timeout,
        handler: row.executor_handler,
        param: row.executor_param,
        glueType: row.glue_type,
        glueSource: row.glue_source,
        children,
      })
    }
  })

  it('turns child_jobid into SUCCESS links, leaving out the one to a job that is not there', async () => {
    const idOf = (xxlId: number) => applied.jobs.find((j) => j.xxlId === xxlId)!.jobId!
    const links = (await h.store.links.all()).map((l) => [l.parentJobId, l.childJobId, l.condition])
    expect(links.sort()).toEqual(
      [
        [idOf(1), idOf(2), 'SUCCESS'],
        [idOf(5), idOf(1), 'SUCCESS'],
      ].sort(),
    )
  })

  it('keeps the GLUE history with XXL-JOB times and remarks, the current source once', async () => {
    const history = await h.store.glue.list(applied.jobs.find((j) => j.xxlId === 5)!.jobId!)
    expect(history.map((v) => [v.glueType, v.glueSource, v.glueRemark, v.addTimeMs])).toEqual([
      ['GLUE_SHELL', '#!/bin/bash\necho "v3"', 'third', shanghai('2026-11-10 10:00:00')],
      ['GLUE_SHELL', '#!/bin/bash\necho "v2"', 'second', shanghai('2026-11-05 10:00:00')],
      ['GLUE_SHELL', '#!/bin/bash\necho "v1"', 'first', shanghai('2026-11-01 10:00:00')],
    ])
  })

  it('brings the finished runs of the window as they were, as text, never to be retried or alarmed again', async () => {
    const jobId = applied.jobs.find((j) => j.xxlId === 1)!.jobId!
    const runs = (await h.store.runs.list({ jobId })).sort((a, b) => a.triggerTimeMs - b.triggerTimeMs)
    expect(runs.map((r) => ({ ...r, id: 0 }))).toEqual([
      {
        id: 0,
        jobGroup: (await h.store.jobs.get(jobId))!.jobGroup,
        jobId,
        executorAddress: 'http://10.0.0.5:9999/',
        executorHandler: 'reconcileHandler',
        executorParam: 'region=华东',
        executorShardingParam: '',
        executorFailRetryCount: 2,
        triggerTimeMs: shanghai('2026-11-19 02:00:00'),
        triggerType: 'CRON',
        scheduleTimeMs: null,
        triggerCode: 200,
        triggerMsg: '任务触发类型：Cron触发\n调度机器：10.0.0.1\n执行器-地址列表：[http://10.0.0.5:9999/]',
        triggerTrail: null,
        handleTimeMs: shanghai('2026-11-19 02:00:05'),
        handleCode: 200,
        handleMsg: '',
        alarmStatus: 1,
        backfillId: 0,
        alarmMessage: '',
        alarmRule: '',
        parentLogId: null,
        deadlineMarks: 0,
      },
      {
        id: 0,
        jobGroup: (await h.store.jobs.get(jobId))!.jobGroup,
        jobId,
        executorAddress: 'http://10.0.0.5:9999/',
        executorHandler: 'reconcileHandler',
        executorParam: 'region=华东',
        executorShardingParam: '',
        executorFailRetryCount: 1,
        triggerTimeMs: shanghai('2026-11-19 02:01:00'),
        triggerType: 'RETRY',
        scheduleTimeMs: null,
        triggerCode: 200,
        triggerMsg: '任务触发类型：失败重试触发\n调度机器：10.0.0.1',
        triggerTrail: null,
        handleTimeMs: shanghai('2026-11-19 02:01:09'),
        handleCode: 500,
        handleMsg: 'java.lang.IllegalStateException: <no data>',
        alarmStatus: 2,
        backfillId: 0,
        alarmMessage: '',
        alarmRule: '',
        parentLogId: null,
        deadlineMarks: 0,
      },
    ])
  })

  it('imported again with --on-conflict skip, it changes nothing and says why', async () => {
    const before = h.checksums()
    expect(before).not.toEqual(emptyChecksums)
    const again = await h.importer.run(h.request({ onConflict: 'skip' }))
    expect(h.checksums()).toEqual(before)
    expect(again.summary).toEqual({ created: 0, updated: 0, skipped: 4, refused: 2 })
    expect(again.jobs.filter((j) => j.action === 'skip').map((j) => j.jobId)).toEqual(applied.jobs.filter((j) => j.action === 'create').map((j) => j.jobId))
    expect(again.links.set).toBe(0)
    expect(again.glueVersions).toBe(0)
    expect(again.runs).toEqual({ days: 7, imported: 0, unfinished: 1, alreadyThere: 2, ofRefusedJobs: 1, beyondCap: 0 })
  })
})
