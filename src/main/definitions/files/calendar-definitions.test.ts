import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addGroup } from '../../../../test/store/conformance/store-fixture'
import { makeTempDir } from '../../../../test/support/temp-dir'
import { refusalOf } from '../../../../test/support/expect-code'
import { jobInput } from '../../../../test/support/job-input'
import type { DefinitionSource } from '../../../shared/definition-plan'
import { ValidationError } from '../../../shared/errors'
import { CalendarService } from '../../calendars/calendar-service'
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store'
import type { Store } from '../../store/store'
import { ImportService } from '../import-service'
import { JobService } from '../job-service'
import { DefinitionService } from './definition-service'

/**
 * `kind: Calendar` in definition files against a real SQLite store: a calendar, one based on it and
 * a job following it in one apply (written base first, before the job), their plan field by field,
 * export → apply onto another store, a calendar named nowhere refused at its document, and prune
 * refusing a calendar still followed.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

interface Install {
  store: Store
  service: DefinitionService
}

let dir: ReturnType<typeof makeTempDir>
const opened: Store[] = []

async function install(name: string): Promise<Install> {
  const store = openSqliteStore(join(dir.path, `${name}.db`))
  opened.push(store)
  const jobs = new JobService(store, () => NOW_MS)
  const service = new DefinitionService(
    store,
    new ImportService(store, jobs, () => NOW_MS),
    jobs,
    () => 'UTC',
    () => NOW_MS,
  )
  await addGroup(store, 'billing-app')
  return { store, service }
}

beforeEach(() => {
  dir = makeTempDir('jobdesk-calendar-definitions-')
})
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  dir.remove()
})

const cn = {
  kind: 'Calendar',
  name: 'cn',
  timezone: 'Asia/Shanghai',
  holidays: [{ from: '2026-02-15', to: '2026-02-22', name: '春节' }],
  makeupWorkdays: ['2026-02-14'],
}
const banks = { kind: 'Calendar', name: 'cn-banks', timezone: 'Asia/Shanghai', basedOn: 'cn', holidays: [{ date: '2026-03-02', name: 'bank day' }] }
const payroll = {
  kind: 'Job',
  name: 'payroll',
  group: 'billing-app',
  handler: 'payHandler',
  schedule: { cron: '0 0 10 2 3 ?', timezone: 'Asia/Shanghai', calendar: 'cn-banks', roll: 'NEXT' },
}
const closing = {
  kind: 'Flow',
  name: 'closing',
  group: 'billing-app',
  schedule: { businessDays: 'BD-1 18:00', timezone: 'Asia/Shanghai', calendar: 'cn' },
  nodes: [{ key: 'pay', job: 'payroll' }],
}

const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (i: Install, docs: object[], options: { dryRun?: boolean; prune?: 'none' | 'files' | 'all'; by?: string } = {}) =>
  i.service.apply({ sources: sources(docs), dryRun: options.dryRun ?? false, prune: options.prune ?? 'none' }, options.by)
const lines = (plan: { changes: { action: string; kind: string; key: string; fields: string[] }[] }) =>
  plan.changes.map((c) => `${c.action} ${c.kind} ${c.key}${c.fields.length > 0 ? `: ${c.fields.join(', ')}` : ''}`)

async function snapshot(store: Store) {
  return { calendars: await store.calendars.all(), jobs: await store.jobs.list(), flows: await store.flows.all(), origins: await store.origins.all() }
}

describe('calendars in definition files', () => {
  it('writes the calendars before the job and the flow following them, a base before the calendar on it, and then has no changes', async () => {
    const i = await install('a')
    // The job and the derived calendar come first in the files: the order of writes is the apply's.
    const docs = [payroll, banks, closing, cn]
    const dry = await apply(i, docs, { dryRun: true })
    expect(lines(dry)).toEqual(['create Calendar cn', 'create Calendar cn-banks', 'create Job billing-app/payroll', 'create Flow closing'])
    expect((await snapshot(i.store)).calendars).toEqual([])

    expect(await apply(i, docs, { by: 'alice' })).toMatchObject({ applied: true })
    const calendars = await i.store.calendars.all()
    expect(calendars).toEqual(
      [
        { ...cn, kind: undefined, workdays: [1, 2, 3, 4, 5], basedOn: null, updatedAtMs: NOW_MS, updatedBy: 'alice' },
        { ...banks, kind: undefined, workdays: [1, 2, 3, 4, 5], makeupWorkdays: [], updatedAtMs: NOW_MS, updatedBy: 'alice' },
      ].map(({ kind: _kind, ...calendar }) => calendar),
    )
    const [job] = await i.store.jobs.list()
    expect(job).toMatchObject({ calendar: 'cn-banks', calendarRoll: 'NEXT', triggerStatus: 1 })
    // 2 March is cn-banks' own holiday: the fire that day moves to the next business day, by the calendars this apply wrote.
    expect(new Date(job.triggerNextTimeMs).toISOString()).toBe('2026-03-03T02:00:00.000Z')
    expect((await i.store.flows.all())[0]).toMatchObject({ calendar: 'cn', scheduleType: 'BUSINESS_DAY', triggerStatus: 1 })
    expect((await i.store.origins.all()).filter((o) => o.kind === 'Calendar').map((o) => `${o.key} ${o.file}`)).toEqual([
      'cn defs/3.yaml',
      'cn-banks defs/1.yaml',
    ])

    const after = await snapshot(i.store)
    expect(await apply(i, docs)).toEqual({ changes: [], unchanged: 4, applied: false })
    expect(await snapshot(i.store), 'a second apply wrote nothing').toEqual(after)

    const edited = { ...cn, holidays: [...cn.holidays, { date: '2026-04-05', name: '清明' }], workdays: [5, 4, 3, 2, 1] }
    const plan = await apply(i, [payroll, banks, closing, edited], { dryRun: true })
    expect(lines(plan), 'the same weekdays in another order are no change').toEqual(['update Calendar cn: holidays'])
    expect(plan.changes[0].file).toBe('defs/3.yaml')
  })

  it('exports the calendars first, without their defaults, and an apply of the export onto another store gives the same calendars', async () => {
    const a = await install('a')
    await apply(a, [cn, banks, payroll, closing])
    const exported = await a.service.export()
    expect(exported.slice(0, 2)).toEqual([
      {
        kind: 'Calendar',
        name: 'cn',
        timezone: 'Asia/Shanghai',
        holidays: [{ from: '2026-02-15', to: '2026-02-22', name: '春节' }],
        makeupWorkdays: ['2026-02-14'],
      },
      { kind: 'Calendar', name: 'cn-banks', timezone: 'Asia/Shanghai', holidays: [{ date: '2026-03-02', name: 'bank day' }], basedOn: 'cn' },
    ])
    // A job alone brings the calendar it follows and that one's base.
    expect((await a.service.export(['payroll'])).map((d) => `${d.kind} ${d.name}`)).toEqual([
      'Calendar cn',
      'Calendar cn-banks',
      'Group billing-app',
      'Job payroll',
    ])

    const b = await install('b')
    expect(lines(await apply(b, exported))).toEqual(['create Calendar cn', 'create Calendar cn-banks', 'create Job billing-app/payroll', 'create Flow closing'])
    const names = (calendars: { name: string; updatedAtMs: number; updatedBy: string }[]) => calendars.map(({ updatedAtMs: _t, updatedBy: _b, ...c }) => c)
    expect(names(await b.store.calendars.all())).toEqual(names(await a.store.calendars.all()))
    expect(await b.service.export()).toEqual(exported)
  })

  it('refuses a job or a flow following a calendar neither the files nor the server have, at its document, and writes nothing', async () => {
    const i = await install('a')
    const error = await refusalOf(
      apply(i, [
        cn,
        { ...payroll, schedule: { ...payroll.schedule, calendar: 'cn-bank' } },
        closing,
        { ...closing, name: 'other', schedule: { ...closing.schedule, calendar: 'nope' } },
      ]),
    )
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).problems.map((p) => [p.field, p.code, p.params.name])).toEqual([
      ['sources[1].document.schedule.calendar', 'calendar.notFound', 'cn-bank'],
      ['sources[3].document.schedule.calendar', 'calendar.notFound', 'nope'],
    ])
    expect(await snapshot(i.store)).toEqual({ calendars: [], jobs: [], flows: [], origins: [] })
  })

  it('refuses an unknown zone, a missing base and a base chain that leads back, each at its field', async () => {
    const i = await install('a')
    await new CalendarService({ repos: i.store, nowMs: () => NOW_MS }).add({ name: 'stored', timezone: 'UTC' }, 'admin')
    const error = await refusalOf(
      apply(i, [
        { ...cn, timezone: 'Mars/Olympus' },
        { ...banks, basedOn: 'gone' },
        { kind: 'Calendar', name: 'a', timezone: 'UTC', basedOn: 'b' },
        { kind: 'Calendar', name: 'b', timezone: 'UTC', basedOn: 'stored' },
        { kind: 'Calendar', name: 'stored', timezone: 'UTC', basedOn: 'a' },
      ]),
    )
    expect((error as ValidationError).problems.map((p) => [p.field, p.code])).toEqual([
      ['sources[0].document.timezone', 'calendar.timezone'],
      ['sources[1].document.basedOn', 'calendar.basedOnMissing'],
      ['sources[2].document.basedOn', 'calendar.basedOnCircle'],
      ['sources[3].document.basedOn', 'calendar.basedOnCircle'],
      ['sources[4].document.basedOn', 'calendar.basedOnCircle'],
    ])
    expect((await i.store.calendars.all()).map((c) => c.name)).toEqual(['stored'])
  })

  it('prunes a calendar the files dropped only once nothing follows it, derived calendars first', async () => {
    const i = await install('a')
    await apply(i, [cn, banks, payroll])
    const before = await snapshot(i.store)
    const inUse = await refusalOf(apply(i, [payroll], { prune: 'files' }))
    // cn is dropped too, so cn-banks being based on it is no reason; the job following cn-banks is.
    expect((inUse as ValidationError).problems.map((p) => [p.code, p.params.kind, p.params.name, p.params.reason])).toEqual([
      ['definitions.inUse', 'Calendar', 'cn-banks', "job 'billing-app/payroll' follows it"],
    ])
    expect(await snapshot(i.store), 'a refused prune wrote nothing').toEqual(before)

    // The job stays but follows no calendar now: both calendars go, the one based on the other first.
    const { calendar: _calendar, roll: _roll, ...plainSchedule } = payroll.schedule
    const plan = await apply(i, [{ ...payroll, schedule: plainSchedule }], { prune: 'files' })
    expect(lines(plan)).toEqual(['update Job billing-app/payroll: schedule.calendar, schedule.roll', 'delete Calendar cn-banks', 'delete Calendar cn'])
    expect(await i.store.calendars.all()).toEqual([])
    expect((await i.store.origins.all()).map((o) => o.kind)).toEqual(['Job'])
  })

  it('leaves a calendar made in the console alone, even with --prune-all, and keeps one a console job follows', async () => {
    const i = await install('a')
    await new CalendarService({ repos: i.store, nowMs: () => NOW_MS }).add({ name: 'console-made', timezone: 'UTC' }, 'admin')
    await apply(i, [cn])
    const group = (await i.store.groups.findByAppName('billing-app'))!
    await new JobService(i.store, () => NOW_MS).save(jobInput(group.id, { name: 'by-hand', scheduleType: 'NONE', scheduleConf: '', calendar: 'cn' }))
    const refused = await refusalOf(apply(i, [], { prune: 'all' }))
    expect((refused as ValidationError).problems.map((p) => p.params.reason)).toEqual(["job 'billing-app/by-hand' follows it"])
    expect((await i.store.calendars.all()).map((c) => c.name)).toEqual(['cn', 'console-made'])
  })
})
