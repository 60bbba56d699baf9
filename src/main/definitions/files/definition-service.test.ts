import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addGroup } from '../../../../test/store/conformance/store-fixture'
import { makeTempDir } from '../../../../test/support/temp-dir'
import type { DefinitionSource } from '../../../shared/definition-plan'
import { ValidationError } from '../../../shared/errors'
import { jobInputOf } from '../../../shared/job-defaults'
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store'
import type { Store } from '../../store/store'
import { ImportService } from '../import-service'
import { JobService } from '../job-service'
import { DefinitionService } from './definition-service'
import { isJobNode } from '../../../shared/flow-types'

/**
 * Definitions as code against a real SQLite store: the plan says exactly what an apply changes,
 * a dry run and a second apply write nothing, prune deletes only what it should, a refusal or a
 * failure half-way leaves the store as it was, and export → apply onto another store gives the
 * same objects.
 */
const NOW_MS = Date.UTC(2026, 11, 1, 12)

interface Install {
  store: Store
  service: DefinitionService
  jobs: JobService
}

let dir: ReturnType<typeof makeTempDir>
const opened: Store[] = []

async function install(name: string, store?: Store): Promise<Install> {
  const opened_ = store ?? openSqliteStore(join(dir.path, `${name}.db`))
  if (!store) opened.push(opened_)
  const jobs = new JobService(opened_, () => NOW_MS)
  const service = new DefinitionService(
    opened_,
    new ImportService(opened_, jobs, () => NOW_MS),
    jobs,
    () => 'UTC',
    () => NOW_MS,
  )
  if ((await opened_.groups.findByAppName('billing-app')) === undefined) await addGroup(opened_, 'billing-app')
  return { store: opened_, service, jobs }
}

beforeEach(() => {
  dir = makeTempDir('jobdesk-definitions-')
})
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  dir.remove()
})

const report = { kind: 'Job', name: 'nightly-report', group: 'billing-app', schedule: { cron: '0 0 2 * * ?' }, handler: 'reportHandler', param: 'hello' }
const mail = { kind: 'Job', name: 'mail-report', group: 'billing-app', handler: 'mailHandler', retry: { count: 2, backoff: 'FIXED', intervalSec: 30 } }
const script = {
  kind: 'Job',
  name: 'cleanup',
  group: 'billing-app',
  glue: { type: 'GLUE_SHELL', source: '#!/bin/sh\necho "cleaning"\nexit 0\n', remark: 'first' },
  timeoutSec: 60,
}
const flow = {
  kind: 'Flow',
  name: 'month-end',
  group: 'billing-app',
  nodes: [
    { key: 'report', job: 'nightly-report' },
    { key: 'ok', kind: 'approval', prompt: 'send it?' },
    { key: 'mail', job: 'mail-report', param: '${nodes.report.output}' },
  ],
  edges: [
    { from: 'report', to: 'ok' },
    { from: 'ok', to: 'mail' },
  ],
}

const sources = (...docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `jobs/${i}.yaml`, document }))
const apply = (i: Install, docs: object[], options: { dryRun?: boolean; prune?: 'none' | 'files' | 'all' } = {}) =>
  i.service.apply({ sources: sources(...docs), dryRun: options.dryRun ?? false, prune: options.prune ?? 'none' })

async function snapshot(store: Store) {
  return {
    jobs: await store.jobs.list(),
    links: await store.links.all(),
    flows: await store.flows.all(),
    groups: await store.groups.list(),
    origins: await store.origins.all(),
  }
}

describe('apply of definition files', () => {
  it('plans every creation, changes nothing on a dry run, applies it all, and then has no changes', async () => {
    const i = await install('a')
    const before = await snapshot(i.store)
    const docs = [{ kind: 'Group', name: 'mail-app', title: 'Mail' }, report, { ...mail, children: ['cleanup'] }, script, flow]
    const dry = await apply(i, docs, { dryRun: true })
    expect(dry.applied).toBe(false)
    expect(dry.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual([
      'create Group mail-app',
      'create Job billing-app/nightly-report',
      'create Job billing-app/mail-report',
      'create Job billing-app/cleanup',
      'create Flow month-end',
    ])
    expect(await snapshot(i.store)).toEqual(before)

    const applied = await apply(i, docs)
    expect(applied).toMatchObject({ applied: true, unchanged: 0 })
    const jobs = await i.store.jobs.list()
    const byName = new Map(jobs.map((j) => [j.name, j]))
    expect(byName.get('nightly-report')).toMatchObject({
      scheduleType: 'CRON',
      scheduleConf: '0 0 2 * * ?',
      timezone: 'UTC',
      triggerStatus: 1,
      executorParam: 'hello',
    })
    expect(byName.get('mail-report')).toMatchObject({ triggerStatus: 0, executorFailRetryCount: 2, retryBackoff: 'FIXED', retryIntervalSec: 30 })
    expect(byName.get('cleanup')).toMatchObject({ glueType: 'GLUE_SHELL', glueSource: script.glue.source, executorTimeoutSec: 60 })
    expect(await i.store.links.all()).toEqual([{ parentJobId: byName.get('mail-report')!.id, childJobId: byName.get('cleanup')!.id, condition: 'SUCCESS' }])
    const [saved] = await i.store.flows.all()
    expect(saved.nodes.map((n) => (isJobNode(n) ? `${n.key}=${n.jobId}` : n.key))).toEqual([
      `report=${byName.get('nightly-report')!.id}`,
      'ok',
      `mail=${byName.get('mail-report')!.id}`,
    ])
    expect((await i.store.origins.all()).map((o) => `${o.kind} ${o.key} ${o.file}`)).toEqual([
      'Flow month-end jobs/4.yaml',
      'Group mail-app jobs/0.yaml',
      'Job billing-app/cleanup jobs/3.yaml',
      'Job billing-app/mail-report jobs/2.yaml',
      'Job billing-app/nightly-report jobs/1.yaml',
    ])

    const after = await snapshot(i.store)
    const again = await apply(i, docs)
    expect(again).toEqual({ changes: [], unchanged: 5, applied: false })
    expect(await snapshot(i.store), 'a second apply wrote nothing (next fire times included)').toEqual(after)
  })

  it('names the fields an update changes, children included, and drops the links the files no longer have', async () => {
    const i = await install('b')
    await apply(i, [report, { ...mail, children: ['cleanup', { job: 'nightly-report', on: 'failure' }] }, script])
    const plan = await apply(i, [
      { ...report, schedule: { cron: '0 30 2 * * ?' }, param: 'bye' },
      { ...mail, children: ['cleanup'] },
      { ...script, timeoutSec: 60 },
    ])
    expect(plan.changes).toEqual([
      {
        action: 'update',
        kind: 'Job',
        key: 'billing-app/nightly-report',
        file: 'jobs/0.yaml',
        fields: ['schedule.cron', 'param'],
        values: [
          { field: 'schedule.cron', before: "'0 0 2 * * ?'", after: "'0 30 2 * * ?'" },
          { field: 'param', before: "'hello'", after: "'bye'" },
        ],
      },
      {
        action: 'update',
        kind: 'Job',
        key: 'billing-app/mail-report',
        file: 'jobs/1.yaml',
        fields: ['children'],
        values: [{ field: 'children', before: '["billing-app/cleanup","billing-app/nightly-report (on failure)"]', after: '["billing-app/cleanup"]' }],
      },
    ])
    expect(plan.unchanged).toBe(1)
    const jobs = new Map((await i.store.jobs.list()).map((j) => [j.name, j]))
    expect(await i.store.links.all()).toEqual([{ parentJobId: jobs.get('mail-report')!.id, childJobId: jobs.get('cleanup')!.id, condition: 'SUCCESS' }])
    expect(jobs.get('nightly-report')).toMatchObject({ scheduleConf: '0 30 2 * * ?', executorParam: 'bye' })
  })

  it('prunes only what earlier applies wrote, or with all also what the console made in the files’ groups', async () => {
    const i = await install('c')
    await apply(i, [report, mail, script])
    const consoleJob = await i.jobs.save({ ...jobInputOf((await i.store.jobs.list())[0]), id: undefined, name: 'made-in-console' } as never)
    const kept = await apply(i, [report], { prune: 'none', dryRun: true })
    expect(kept.changes).toEqual([])
    const files = await apply(i, [report], { prune: 'files' })
    expect(files.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['delete billing-app/mail-report', 'delete billing-app/cleanup'])
    expect((await i.store.jobs.list()).map((j) => j.name).sort()).toEqual(['made-in-console', 'nightly-report'])
    expect((await i.store.origins.all()).map((o) => o.key)).toEqual(['billing-app/nightly-report'])
    const all = await apply(i, [report], { prune: 'all' })
    expect(all.changes).toEqual([{ action: 'delete', kind: 'Job', key: 'billing-app/made-in-console', file: '', fields: [] }])
    expect(await i.store.jobs.get(consoleJob.id)).toBeUndefined()
  })

  it('refuses to prune a job a staying flow runs, and writes nothing', async () => {
    const i = await install('d')
    await apply(i, [report, mail, flow])
    const before = await snapshot(i.store)
    // The flow is no longer in the files but was made by them: pruning it would be fine. Kept here by the console (no origin).
    await i.store.origins.delete('Flow', 'month-end')
    const error = await apply(i, [report], { prune: 'files' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).problems.map((p) => p.message)).toEqual([
      "Job billing-app/mail-report is not in the files, but flow 'month-end' runs it: it is not pruned until that is gone too",
    ])
    expect(await snapshot(i.store)).toEqual({ ...before, origins: before.origins.filter((o) => o.key !== 'month-end') })
  })

  it('refuses a bad set of files with every problem at its path, and writes nothing', async () => {
    const i = await install('e')
    const before = await snapshot(i.store)
    const error = await apply(i, [
      { ...report, schedule: { cron: 'every night' } },
      { ...mail, childern: [] },
      { ...script, children: ['nowhere'] },
      { ...flow, nodes: [{ key: 'report', job: 'missing-job' }] },
      { ...report, handler: 'again' },
      { kind: 'Job', name: 'orphan', group: 'no-such-app', handler: 'h' },
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    const problems = (error as ValidationError).problems.map((p) => `${p.field}: ${p.code}`)
    expect(problems).toEqual([
      'sources[1].document.childern: validation.unknownField',
      'sources[4].document.name: definitions.definedTwice',
      'sources[2].document.children[0]: definitions.childUnknown',
      'sources[3].document.nodes[0].job: definitions.nodeJobUnknown',
    ])
    expect(await snapshot(i.store)).toEqual(before)
    // Once the shape is right, the planner's rules speak, at the files' paths.
    const planned = await apply(i, [
      { ...report, schedule: { cron: 'every night' } },
      { kind: 'Job', name: 'orphan', group: 'no-such-app', handler: 'h' },
    ]).catch((e: unknown) => e)
    expect((planned as ValidationError).problems.map((p) => p.field)).toEqual(['sources[0].document.schedule', 'sources[1].document.group'])
    expect(await snapshot(i.store)).toEqual(before)
  })

  it('leaves nothing half-applied when a write fails in the middle', async () => {
    const i = await install('f')
    const before = await snapshot(i.store)
    // A store whose origin writes fail: the jobs and flows are written before them, in the same transaction.
    const failing = new Proxy(i.store, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver)
        return (work: (tx: Store) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get: (t, p) => (p === 'origins' ? { all: () => t.origins.all(), set: () => Promise.reject(new Error('disk full')) } : Reflect.get(t, p)),
              }) as Store,
            ),
          )
      },
    })
    const broken = await install('f', failing)
    await expect(apply(broken, [report, mail, flow])).rejects.toThrow('disk full')
    expect(await snapshot(i.store)).toEqual(before)
  })

  it('exports what apply reads: onto a second server the same objects, field by field, and no changes back home', async () => {
    const a = await install('g')
    await apply(a, [
      { kind: 'Group', name: 'mail-app', title: 'Mail', addresses: ['http://127.0.0.1:9999/'] },
      {
        ...report,
        alarm: { email: ['ops@example.org'], everyFailure: true },
        schedule: { cron: '0 0 2 * * ?', timezone: 'Asia/Shanghai', misfire: 'FIRE_ONCE_NOW' },
        deadlines: { finishBy: '06:00', slowFactor: 2.5 },
      },
      { ...mail, group: 'mail-app', children: [{ job: 'cleanup', group: 'billing-app', on: 'always' }] },
      { ...script, enabled: false, schedule: { fixedRate: 3600 } },
      {
        ...flow,
        deadlines: { startDeadlineSec: 60, finishWithinSec: 3600 },
        nodes: flow.nodes.map((node) => (node.key === 'mail' ? { ...node, group: 'mail-app' } : node)),
      },
    ])
    expect((await a.store.jobs.list()).find((j) => j.name === 'nightly-report')).toMatchObject({ finishBy: '06:00', slowFactor: 2.5, startDeadlineSec: 0 })
    expect((await a.store.flows.all())[0]).toMatchObject({ startDeadlineSec: 60, finishWithinSec: 3600, finishBy: '' })
    const exported = await a.service.export()
    expect(exported.find((d) => d.kind === 'Job' && d.name === 'nightly-report')).toMatchObject({ deadlines: { finishBy: '06:00', slowFactor: 2.5 } })
    expect(exported.find((d) => d.kind === 'Job' && d.name === 'cleanup')).not.toHaveProperty('deadlines')
    expect(await a.service.apply({ sources: exported.map((document) => ({ file: 'export.yaml', document })), dryRun: true, prune: 'none' })).toMatchObject({
      changes: [],
    })

    const b = await install('h')
    const plan = await b.service.apply({ sources: exported.map((document) => ({ file: 'export.yaml', document })), dryRun: false, prune: 'none' })
    expect(plan.changes.filter((c) => c.action !== 'create')).toEqual([])
    const comparable = async (store: Store) => {
      const groups = new Map((await store.groups.list()).map((g) => [g.id, g.appName]))
      const jobs = await store.jobs.list()
      const names = new Map(jobs.map((j) => [j.id, j.name]))
      return {
        jobs: jobs
          .map(({ id: _id, jobGroup, addTimeMs: _a, updateTimeMs: _u, glueUpdatetimeMs: _g, triggerLastTimeMs: _l, triggerNextTimeMs: _n, ...rest }) => ({
            ...rest,
            group: groups.get(jobGroup),
          }))
          .sort((x, y) => x.name.localeCompare(y.name)),
        links: (await store.links.all()).map((l) => [names.get(l.parentJobId), names.get(l.childJobId), l.condition]).sort(),
        flows: (await store.flows.all()).map(({ id: _id, addTimeMs: _a, updateTimeMs: _u, triggerNextTimeMs: _n, nodes, ...rest }) => ({
          ...rest,
          nodes: nodes.map((n) => (isJobNode(n) ? { ...n, jobId: names.get(n.jobId) } : n)),
        })),
        groups: (await store.groups.list()).map(({ id: _id, updateTimeMs: _u, ...rest }) => rest).filter((g) => g.appName !== 'jobdesk-embedded'),
      }
    }
    expect(await comparable(b.store)).toEqual(await comparable(a.store))
  })
})
