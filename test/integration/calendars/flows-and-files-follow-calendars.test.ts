import { describe, expect, it } from 'vitest'
import { CalendarService } from '../../../src/main/calendars/calendar-service'
import { DefinitionService } from '../../../src/main/definitions/files/definition-service'
import { ImportService } from '../../../src/main/definitions/import-service'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { FlowService } from '../../../src/main/flows/flow-service'
import { freshSqliteStore } from '../../support/temp-sqlite-store'
import { jobInput } from '../../support/job-input'
import { refusalOf } from '../../support/expect-code'

const T0 = Date.parse('2026-02-10T00:00:00Z')
const fresh = freshSqliteStore()
const cn = { name: 'cn', timezone: 'Asia/Shanghai', holidays: [{ name: '春节', from: '2026-02-15', to: '2026-02-22' }], makeupWorkdays: ['2026-02-14'] }

describe('flows follow a calendar as jobs do', () => {
  async function setUp() {
    await new CalendarService({ repos: fresh.store, nowMs: () => T0 }).add(cn, 'admin')
    const group = await ensureEmbeddedGroup(fresh.store.groups, T0)
    const job = await new JobService(fresh.store, () => T0).save(jobInput(group, { scheduleType: 'NONE', scheduleConf: '' }))
    return {
      flows: new FlowService(
        fresh.store,
        () => T0,
        () => 'UTC',
      ),
      jobId: job.id,
    }
  }

  it('a flow on the last business day fires on the make-up Saturday; an unknown calendar is refused', async () => {
    const { flows, jobId } = await setUp()
    const graph = { nodes: [{ key: 'report', jobId }], edges: [] }
    const flow = await flows.add({
      name: 'month-end',
      scheduleType: 'BUSINESS_DAY',
      scheduleConf: 'BD11 09:00',
      timezone: 'Asia/Shanghai',
      calendar: 'cn',
      ...graph,
    })
    expect(flow).toMatchObject({ calendar: 'cn', calendarRule: 'BUSINESS_DAYS', calendarRoll: 'SKIP' })
    expect(new Date((await flows.setActive(flow.id, true)).triggerNextTimeMs).toISOString()).toBe('2026-02-14T01:00:00.000Z')
    const unknown = await refusalOf(
      flows.add({ name: 'other', scheduleType: 'CRON', scheduleConf: '0 0 9 * * ?', timezone: 'UTC', calendar: 'nope', ...graph }),
    )
    expect(unknown).toMatchObject({ field: 'calendar' })
    expect((await fresh.store.flows.all()).map((f) => f.name)).toEqual(['month-end'])
  })
})

describe('definition files carry a calendar', () => {
  it('export a job’s calendar, rule and roll in its schedule, and apply them back unchanged', async () => {
    await new CalendarService({ repos: fresh.store, nowMs: () => T0 }).add(cn, 'admin')
    const group = await ensureEmbeddedGroup(fresh.store.groups, T0)
    const jobs = new JobService(fresh.store, () => T0)
    await jobs.save(jobInput(group, { name: 'payroll', scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendar: 'cn', calendarRoll: 'PREVIOUS' }))
    await jobs.save(jobInput(group, { name: 'close', scheduleType: 'BUSINESS_DAY', scheduleConf: 'BD-1 18:30', timezone: 'Asia/Shanghai', calendar: 'cn' }))
    const files = new DefinitionService(
      fresh.store,
      new ImportService(fresh.store, jobs, () => T0),
      jobs,
      () => 'UTC',
      () => T0,
    )
    const exported = await files.export()
    const schedules = exported.filter((doc) => doc.kind === 'Job').map((doc) => ('schedule' in doc ? doc.schedule : undefined))
    expect(schedules).toEqual([
      { businessDays: 'BD-1 18:30', timezone: 'Asia/Shanghai', calendar: 'cn' },
      { cron: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendar: 'cn', roll: 'PREVIOUS' },
    ])
    const plan = await files.apply({ sources: exported.map((document, i) => ({ file: `f${i}.yaml`, document })), dryRun: true, prune: 'none' })
    expect(plan.changes).toEqual([])
  })
})
