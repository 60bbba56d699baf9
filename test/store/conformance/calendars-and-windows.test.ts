import { expect, it } from 'vitest'
import type { StoredCalendar } from '../../../src/main/store/calendar-repo'
import type { StoredWindow } from '../../../src/main/store/window-repo'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

const cn: StoredCalendar = {
  name: 'cn',
  timezone: 'Asia/Shanghai',
  workdays: [1, 2, 3, 4, 5],
  holidays: [
    { name: '春节', from: '2026-02-15', to: '2026-02-22' },
    { name: 'New Year', date: '2026-01-01' },
  ],
  makeupWorkdays: ['2026-02-14', '2026-02-28'],
  basedOn: null,
  updatedAtMs: T0,
  updatedBy: 'admin',
}

const patchNight: StoredWindow = {
  id: 0,
  name: 'patch night',
  timezone: 'Europe/Berlin',
  timing: { kind: 'recurring', cron: '0 0 23 ? * WED', durationSec: 3 * 3600 },
  scope: { all: false, groupIds: [2], jobIds: [7, 9], flowIds: [] },
  killRunning: true,
  enabled: true,
  updatedAtMs: T0,
  updatedBy: 'ops',
}

storeSuite('calendars and maintenance windows', (f) => {
  it('keeps a calendar whole, names in any script, and reads it back by name', async () => {
    expect(await f.store.calendars.insert(cn)).toBe(true)
    expect(await f.store.calendars.insert({ ...cn, timezone: 'UTC' })).toBe(false)
    expect(await f.store.calendars.get('cn')).toEqual(cn)
    const bank = { ...cn, name: 'bank', workdays: [], holidays: [], makeupWorkdays: [], basedOn: 'cn' }
    await f.store.calendars.insert(bank)
    expect((await f.store.calendars.all()).map((c) => c.name)).toEqual(['bank', 'cn'])
    expect(await f.store.calendars.get('bank')).toEqual(bank)
  })

  it('updates and deletes a calendar once, raising the calendars version each time', async () => {
    const before = (await f.store.versions.current()).calendars
    await f.store.calendars.insert(cn)
    expect(await f.store.calendars.update({ ...cn, workdays: [1, 2, 3, 4, 5, 6], updatedAtMs: T0 + 1 })).toBe(true)
    expect((await f.store.calendars.get('cn'))?.workdays).toEqual([1, 2, 3, 4, 5, 6])
    expect(await f.store.calendars.update({ ...cn, name: 'nope' })).toBe(false)
    expect(await f.store.calendars.delete('cn')).toBe(true)
    expect(await f.store.calendars.delete('cn')).toBe(false)
    expect((await f.store.versions.current()).calendars).toBe(before + 3)
  })

  it('names the jobs that follow a calendar and the calendars based on it', async () => {
    await f.store.calendars.insert(cn)
    expect(await f.store.calendars.usersOf('cn')).toEqual({ jobIds: [], flowIds: [], calendars: [] })
    await f.store.calendars.insert({ ...cn, name: 'bank', basedOn: 'cn' })
    const group = await addGroup(f.store)
    const second = await addJob(f.store, group, { calendar: 'cn' })
    const first = await addJob(f.store, group, { name: 'other', calendar: 'cn' })
    await addJob(f.store, group, { name: 'third', calendar: 'bank' })
    expect(await f.store.calendars.usersOf('cn')).toEqual({ jobIds: [second, first].sort((a, b) => a - b), flowIds: [], calendars: ['bank'] })
  })

  it('keeps a recurring and a one-off window, gives each an id, and refuses a second of one name', async () => {
    const recurringId = await f.store.windows.insert(patchNight)
    expect(recurringId).not.toBeNull()
    const once: StoredWindow = {
      ...patchNight,
      name: 'migration',
      timing: { kind: 'once', startMs: T0, endMs: T0 + 3_600_000 },
      scope: { all: true },
      killRunning: false,
    }
    const onceId = await f.store.windows.insert(once)
    expect(await f.store.windows.insert({ ...once, timezone: 'UTC' })).toBeNull()
    expect(await f.store.windows.all()).toEqual([
      { ...patchNight, id: recurringId },
      { ...once, id: onceId },
    ])
    expect(await f.store.windows.getByName('migration')).toEqual({ ...once, id: onceId })
  })

  it('updates, disables and deletes a window, raising the windows version each time', async () => {
    const before = (await f.store.versions.current()).windows
    const id = (await f.store.windows.insert(patchNight))!
    expect(await f.store.windows.update({ ...patchNight, id, enabled: false, timing: { kind: 'once', startMs: T0, endMs: T0 + 1 } })).toBe(true)
    expect(await f.store.windows.get(id)).toMatchObject({ enabled: false, timing: { kind: 'once', startMs: T0, endMs: T0 + 1 } })
    expect(await f.store.windows.update({ ...patchNight, id: id + 100 })).toBe(false)
    expect(await f.store.windows.delete(id)).toBe(true)
    expect(await f.store.windows.get(id)).toBeUndefined()
    expect((await f.store.versions.current()).windows).toBe(before + 3)
  })
})
