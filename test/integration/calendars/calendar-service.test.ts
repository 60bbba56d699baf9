import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CalendarService } from '../../../src/main/calendars/calendar-service'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { jobInputOf } from '../../../src/shared/job-defaults'
import { jobInput } from '../../support/job-input'
import { ConflictError, NotFoundError, ValidationError } from '../../../src/shared/errors'
import { freshSqliteStore } from '../../support/temp-sqlite-store'
import { refusalOf } from '../../support/expect-code'

const T0 = Date.parse('2026-01-05T00:00:00Z')
const FEED = readFileSync(new URL('../../fixtures/calendars/cn-2026.ics', import.meta.url), 'utf8')
const fresh = freshSqliteStore()
const service = (): CalendarService => new CalendarService({ repos: fresh.store, nowMs: () => T0 })

const cn = { name: 'cn', timezone: 'Asia/Shanghai', holidays: [{ name: '春节', from: '2026-02-15', to: '2026-02-22' }], makeupWorkdays: ['2026-02-14'] }

describe('CalendarService', () => {
  it('adds a calendar with its defaults and who made it, and refuses a second of that name', async () => {
    expect(await service().add(cn, 'admin')).toEqual({ ...cn, workdays: [1, 2, 3, 4, 5], basedOn: null, updatedAtMs: T0, updatedBy: 'admin' })
    expect(await refusalOf(service().add(cn, 'admin'))).toBeInstanceOf(ConflictError)
    expect((await service().list()).map((c) => c.name)).toEqual(['cn'])
  })

  it('refuses an unknown zone, a missing base and a base chain that comes back, writing nothing', async () => {
    const zone = await refusalOf(service().add({ ...cn, timezone: 'Mars/Olympus' }, 'admin'))
    expect(zone).toBeInstanceOf(ValidationError)
    expect(zone.message).toMatch(/Mars\/Olympus/)
    expect((await refusalOf(service().add({ ...cn, basedOn: 'nope' }, 'admin'))).message).toMatch(/based on 'nope', which does not exist/)
    await service().add({ ...cn, name: 'a' }, 'admin')
    await service().add({ ...cn, name: 'b', basedOn: 'a' }, 'admin')
    expect((await refusalOf(service().update({ ...cn, name: 'a', basedOn: 'b' }, 'admin'))).message).toMatch(/a → b → a/)
    expect((await service().get('a')).basedOn).toBeNull()
  })

  it('refuses to remove a calendar another is based on, naming it; removes it once free', async () => {
    await service().add(cn, 'admin')
    await service().add({ ...cn, name: 'bank', basedOn: 'cn' }, 'admin')
    const inUse = await refusalOf(service().remove('cn'))
    expect(inUse).toBeInstanceOf(ConflictError)
    expect(inUse.message).toMatch(/calendar bank/)
    await service().remove('bank')
    await service().remove('cn')
    expect(await refusalOf(service().get('cn'))).toBeInstanceOf(NotFoundError)
    expect(await refusalOf(service().remove('cn'))).toBeInstanceOf(NotFoundError)
  })

  it('imports a feed into a new calendar, then again adding nothing twice; a bad file writes nothing', async () => {
    const first = await service().importIcs('cn', FEED, 'admin', 'Asia/Shanghai')
    expect(first).toMatchObject({ makeupWorkdaysAdded: 2, timedEvents: 1 })
    expect(first.holidaysAdded).toBeGreaterThan(10)
    expect(first.calendar.timezone).toBe('Asia/Shanghai')
    const again = await service().importIcs('cn', FEED, 'ops', 'UTC')
    expect(again).toMatchObject({ holidaysAdded: 0, makeupWorkdaysAdded: 0 })
    expect(again.calendar).toMatchObject({ timezone: 'Asia/Shanghai', updatedBy: 'ops' })
    expect(await refusalOf(service().importIcs('other', 'not a calendar', 'admin'))).toBeInstanceOf(ValidationError)
    expect((await service().list()).map((c) => c.name)).toEqual(['cn'])
  })
})

describe('importing days from CSV and YAML', () => {
  const CSV = 'date,name,kind\r\n2026-01-01,元旦\r\n2026-02-15..2026-02-22,"Spring Festival, 春节"\r\n2026-02-14,,workday\r\n'
  const YAML = 'timezone: Asia/Shanghai\nworkdays: [1, 2, 3, 4, 5, 6]\nholidays:\n  - { date: 2026-10-01, name: 国庆 }\nmakeupWorkdays: [2026-09-27]\n'

  it('makes a calendar from a CSV table, and merges another file into it as an .ics import does', async () => {
    const first = await service().importFile({ name: 'cn', csv: CSV, timezone: 'Asia/Shanghai' }, 'admin')
    expect(first).toEqual({
      calendar: {
        name: 'cn',
        timezone: 'Asia/Shanghai',
        workdays: [1, 2, 3, 4, 5],
        holidays: [
          { name: '元旦', date: '2026-01-01' },
          { name: 'Spring Festival, 春节', from: '2026-02-15', to: '2026-02-22' },
        ],
        makeupWorkdays: ['2026-02-14'],
        basedOn: null,
        updatedAtMs: T0,
        updatedBy: 'admin',
      },
      holidaysAdded: 2,
      makeupWorkdaysAdded: 1,
      timedEvents: 0,
    })
    const again = await service().importFile({ name: 'cn', csv: CSV }, 'ops')
    expect(again).toMatchObject({ holidaysAdded: 0, makeupWorkdaysAdded: 0, calendar: { updatedBy: 'ops' } })
    const fromIcs = await service().importFile({ name: 'cn', ics: FEED }, 'ops')
    // The feed's 元旦 and make-up days are there already; its 春节 has another name, so it is another holiday.
    expect(fromIcs.makeupWorkdaysAdded).toBe(1)
    expect(fromIcs.calendar.holidays.filter((h) => h.name === '元旦')).toHaveLength(1)
  })

  it('makes a calendar in the zone and weekdays a YAML file gives, and refuses one that says otherwise of an existing calendar', async () => {
    const made = await service().importFile({ name: 'six-days', yaml: YAML, timezone: 'UTC' }, 'admin')
    expect(made.calendar).toMatchObject({ timezone: 'Asia/Shanghai', workdays: [1, 2, 3, 4, 5, 6], makeupWorkdays: ['2026-09-27'] })
    await service().add(cn, 'admin')
    const differs = await refusalOf(service().importFile({ name: 'cn', yaml: YAML }, 'admin'))
    expect(differs).toMatchObject({ field: 'yaml', code: 'calendar.fileRefused' })
    expect((differs as ValidationError).problems).toMatchObject([
      { code: 'calendar.importDiffers', params: { line: 2, field: 'workdays', has: '[1, 2, 3, 4, 5]', file: '[1, 2, 3, 4, 5, 6]' } },
    ])
    const unknownZone = await refusalOf(service().importFile({ name: 'mars', yaml: 'timezone: Mars/Olympus\nmakeupWorkdays: [2026-01-03]\n' }, 'admin'))
    expect((unknownZone as ValidationError).problems).toMatchObject([{ code: 'calendar.timezone', params: { line: 1 } }])
    const merged = await service().importFile({ name: 'cn', yaml: 'timezone: Asia/Shanghai\nmakeupWorkdays: [2026-09-27]\n' }, 'admin')
    expect(merged).toMatchObject({ holidaysAdded: 0, makeupWorkdaysAdded: 1, calendar: { makeupWorkdays: ['2026-02-14', '2026-09-27'] } })
  })

  it('refuses no file, two files and a bad one, writing nothing', async () => {
    await service().add(cn, 'admin')
    const before = await service().list()
    expect(await refusalOf(service().importFile({ name: 'cn' }, 'admin'))).toMatchObject({ code: 'calendar.fileOneOf', params: { count: 0 } })
    expect(await refusalOf(service().importFile({ name: 'cn', csv: CSV, yaml: YAML }, 'admin'))).toMatchObject({
      code: 'calendar.fileOneOf',
      params: { count: 2 },
    })
    const bad = await refusalOf(service().importFile({ name: 'cn', csv: '2026-03-01,ok\n2026-13-01,bad\n' }, 'admin'))
    expect((bad as ValidationError).problems).toMatchObject([{ field: 'line 2', code: 'calendar.csvDate' }])
    expect(await service().list()).toEqual(before)
  })
})

describe('a job following a calendar', () => {
  async function jobsWithCalendar() {
    await service().add(cn, 'admin')
    const group = await ensureEmbeddedGroup(fresh.store.groups, T0)
    return { jobs: new JobService(fresh.store, () => T0), group }
  }

  it('is saved with its calendar, rule and roll, and its next fire steps over the holiday', async () => {
    const { jobs, group } = await jobsWithCalendar()
    const job = await jobs.save(jobInput(group, { scheduleConf: '0 0 10 * * ?', timezone: 'Asia/Shanghai', calendar: 'cn', calendarRoll: 'NEXT' }))
    expect(job).toMatchObject({ calendar: 'cn', calendarRule: 'BUSINESS_DAYS', calendarRoll: 'NEXT' })
    const nowInHoliday = new JobService(fresh.store, () => Date.parse('2026-02-16T00:00:00Z'))
    expect(new Date((await nowInHoliday.start(job.id)).triggerNextTimeMs).toISOString()).toBe('2026-02-23T02:00:00.000Z')
  })

  it('refuses a calendar that does not exist, and a move too often for a calendar, writing nothing', async () => {
    const { jobs, group } = await jobsWithCalendar()
    const missing = await refusalOf(jobs.save(jobInput(group, { calendar: 'nope' })))
    expect(missing).toMatchObject({ field: 'calendar' })
    expect(missing.message).toMatch(/no calendar is named 'nope'/)
    expect(await refusalOf(jobs.save(jobInput(group, { calendar: 'cn', calendarRoll: 'NEXT', scheduleConf: '0/2 * * * * ?' })))).toMatchObject({
      field: 'calendarRoll',
    })
    expect(await refusalOf(jobs.save(jobInput(group, { calendarRoll: 'NEXT' })))).toMatchObject({ field: 'calendarRoll' })
    expect(await fresh.store.jobs.list()).toEqual([])
  })

  it('keeps its calendar from being removed, naming the job', async () => {
    const { jobs, group } = await jobsWithCalendar()
    const job = await jobs.save(jobInput(group, { calendar: 'cn' }))
    expect((await refusalOf(service().remove('cn'))).message).toMatch(new RegExp(`job ${job.id}`))
    await jobs.save({ ...jobInputOf(job), calendar: null })
    await service().remove('cn')
  })

  it('fires on business days by a BUSINESS_DAY schedule, counting the calendar’s days', async () => {
    const { jobs, group } = await jobsWithCalendar()
    const job = await jobs.save(jobInput(group, { scheduleType: 'BUSINESS_DAY', scheduleConf: 'BD11 09:00', timezone: 'Asia/Shanghai', calendar: 'cn' }))
    const inFebruary = new JobService(fresh.store, () => Date.parse('2026-02-10T00:00:00Z'))
    // Ten weekdays, then the make-up Saturday is February's 11th business day (by weekdays alone, the 16th).
    expect(new Date((await inFebruary.start(job.id)).triggerNextTimeMs).toISOString()).toBe('2026-02-14T01:00:00.000Z')
  })
})
