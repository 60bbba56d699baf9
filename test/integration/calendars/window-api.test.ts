import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobDeskEvent } from '../../../src/shared/api'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { expectCode } from '../../support/expect-code'
import { waitFor } from '../../support/wait-for'

let t: TestCore
let events: JobDeskEvent[]
beforeEach(async () => {
  t = await startTestCore()
  events = []
  t.core.events.subscribe((event) => events.push(event))
})
afterEach(async () => {
  await t.stop()
})

const patchNight = { name: 'patch night', timezone: 'Europe/Berlin', cron: '0 0 2 ? * SAT', durationSec: 3 * 3600 }
const oneOff = { name: 'db move', timezone: 'UTC', start: '2027-03-01T22:00:00Z', end: '2027-03-02T02:00:00+00:00' }

describe('maintenance windows through the API', () => {
  it('adds, lists, updates and removes windows, each write audited as its action with who made it', async () => {
    const recurring = await t.core.api.addWindow(patchNight)
    expect(recurring).toMatchObject({
      name: 'patch night',
      timing: { kind: 'recurring', cron: '0 0 2 ? * SAT', durationSec: 10_800 },
      scope: { all: true },
      killRunning: false,
      enabled: true,
      updatedBy: 'desktop',
    })
    const jobId = await t.addJob({ name: 'nightly' })
    const once = await t.core.api.addWindow({ ...oneOff, jobIds: [jobId], killRunning: true })
    // ISO 8601 on the way in, epoch milliseconds as stored.
    expect(once.timing).toEqual({ kind: 'once', startMs: Date.parse('2027-03-01T22:00:00Z'), endMs: Date.parse('2027-03-02T02:00:00Z') })
    expect(once.scope).toEqual({ all: false, groupIds: [], jobIds: [jobId], flowIds: [] })
    expect((await t.core.api.listWindows()).map((w) => w.name)).toEqual(['patch night', 'db move'])

    const updated = await t.core.api.updateWindow({ id: recurring.id, ...patchNight, durationSec: 3600, enabled: false })
    expect(updated).toMatchObject({ id: recurring.id, timing: { durationSec: 3600 }, enabled: false })
    await t.core.api.removeWindow({ id: once.id })
    expect((await t.core.api.listWindows()).map((w) => w.id)).toEqual([recurring.id])

    const audit = async (action: 'window.add' | 'window.update' | 'window.remove') => (await t.core.api.listAudit({ action })).entries
    expect((await audit('window.add')).map((e) => e.target)).toEqual(['window db move', 'window patch night'])
    expect((await audit('window.update'))[0]).toMatchObject({ target: `window ${recurring.id}`, detail: { before: { timing: { durationSec: 10_800 } } } })
    expect((await audit('window.remove'))[0]).toMatchObject({ target: `window ${once.id}`, detail: { before: { name: 'db move' } } })
    // This node's consoles re-read their windows after each write.
    expect(events.filter((e) => e.type === 'windows-changed').length).toBeGreaterThanOrEqual(4)
  })

  it('refuses what the scheduler could not use, naming what is wrong, and writes nothing', async () => {
    await expectCode(t.core.api.addWindow({ ...patchNight, timezone: 'Mars/Olympus' }), { code: 'window.timezone', field: 'timezone' })
    await expectCode(t.core.api.addWindow({ ...patchNight, cron: '0 0 25 * * ?' }), { field: 'cron', code: 'cron.outOfRange' })
    await expectCode(t.core.api.addWindow({ ...patchNight, cron: '0 0 2 1 1 ? 2020' }), { code: 'window.cronNoFire', field: 'cron' })
    await expectCode(t.core.api.addWindow({ ...oneOff, end: oneOff.start }), 'window.endBeforeStart')
    await expectCode(t.core.api.addWindow({ ...oneOff, cron: '0 0 2 * * ?' }), 'window.timing')
    await expectCode(t.core.api.addWindow({ ...oneOff, jobIds: [424_242, 434_343], groupIds: [t.groupId] }), {
      code: 'window.jobsMissing',
      field: 'jobIds',
      params: { ids: '424242, 434343' },
    })
    await expectCode(t.core.api.addWindow({ ...oneOff, flowIds: [99] }), { code: 'window.flowsMissing', params: { ids: '99' } })
    await expectCode(t.core.api.addWindow({ ...oneOff, groupIds: [t.groupId + 1000] }), 'window.groupsMissing')
    expect(await t.core.api.listWindows()).toEqual([])

    const first = await t.core.api.addWindow(oneOff)
    const second = await t.core.api.addWindow({ ...oneOff, name: 'another' })
    await expectCode(t.core.api.addWindow(oneOff), 'window.exists')
    await expectCode(t.core.api.updateWindow({ ...oneOff, id: second.id }), 'window.exists')
    await expectCode(t.core.api.updateWindow({ ...oneOff, id: 999 }), 'window.notFound')
    await expectCode(t.core.api.removeWindow({ id: 999 }), 'window.notFound')
    expect((await t.core.api.listWindows()).map((w) => [w.id, w.name])).toEqual([
      [first.id, 'db move'],
      [second.id, 'another'],
    ])
  })
})

describe('pause-all through the API', () => {
  it('needs a reason to switch on; stores who, why and since when; tells the consoles at once; audits on and off', async () => {
    expect(await t.core.api.getMaintenance()).toEqual({ on: false, reason: '', by: '', sinceMs: 0 })
    await expectCode(t.core.api.setMaintenance({ on: true, reason: '   ' }), 'maintenance.reasonRequired')
    expect((await t.core.api.getMaintenance()).on).toBe(false)

    const before = Date.now()
    const on = await t.core.api.setMaintenance({ on: true, reason: 'storage migration' })
    expect(on).toMatchObject({ on: true, reason: 'storage migration', by: 'desktop' })
    expect(on.sinceMs).toBeGreaterThanOrEqual(before)
    expect(await t.core.api.getMaintenance()).toEqual(on)
    expect(events).toContainEqual({ type: 'maintenance-changed', state: on })

    // Switched on again: still paused since the first switch, with the new reason.
    const again = await t.core.api.setMaintenance({ on: true, reason: 'storage migration, part 2' })
    expect(again).toMatchObject({ reason: 'storage migration, part 2', sinceMs: on.sinceMs })

    const off = await t.core.api.setMaintenance({ on: false })
    expect(off).toMatchObject({ on: false, by: 'desktop' })
    expect(events.filter((e) => e.type === 'maintenance-changed').map((e) => e.type === 'maintenance-changed' && e.state.on)).toEqual([true, true, false])
    expect((await t.core.api.listAudit({ action: 'maintenance.on' })).entries[1]).toMatchObject({
      detail: { params: { on: true, reason: 'storage migration' } },
    })
    expect((await t.core.api.listAudit({ action: 'maintenance.off' })).entries).toHaveLength(1)
  })

  it("reaches this node's consoles when another node switches it (the setting written to the shared store)", async () => {
    const state = { on: true, reason: 'switched on node 2', by: 'ops', sinceMs: 1_790_000_000_000 }
    await t.core.store.settings.set(MAINTENANCE_SETTING, state)
    await waitFor('the change told to the consoles', () => events.some((e) => e.type === 'maintenance-changed' && e.state.reason === state.reason), 10_000)
    expect(await t.core.api.getMaintenance()).toEqual(state)
  })

  it('reads a stored value that is not a state as off', async () => {
    await t.core.store.settings.set(MAINTENANCE_SETTING, { on: 'yes', reason: 42 })
    expect(await t.core.api.getMaintenance()).toEqual({ on: false, reason: '', by: '', sinceMs: 0 })
  })
})

describe('missed slots through the API', () => {
  it("lists a job's missed slots in a range, oldest first, and refuses a request naming neither or both", async () => {
    const jobId = await t.addJob({ name: 'nightly' })
    const slot = (iso: string) => Date.parse(iso)
    await t.core.store.missedSlots.record(
      [
        { jobId, flowId: 0, slotMs: slot('2026-03-02T03:00:00Z'), reason: 'window', detail: 'patch night' },
        { jobId, flowId: 0, slotMs: slot('2026-03-01T03:00:00Z'), reason: 'paused', detail: '' },
        { jobId, flowId: 0, slotMs: slot('2026-02-01T03:00:00Z'), reason: 'holiday', detail: 'Spring Festival' },
      ],
      slot('2026-03-02T04:00:00Z'),
    )
    const slots = await t.core.api.listMissedSlots({ jobId, from: '2026-03-01T00:00:00Z', to: slot('2026-03-08T00:00:00Z') })
    expect(slots).toEqual([
      { jobId, slot: slot('2026-03-01T03:00:00Z'), reason: 'paused', detail: '', recordedAtMs: slot('2026-03-02T04:00:00Z') },
      { jobId, slot: slot('2026-03-02T03:00:00Z'), reason: 'window', detail: 'patch night', recordedAtMs: slot('2026-03-02T04:00:00Z') },
    ])
    const range = { from: 0, to: 86_400_000 }
    await expectCode(t.core.api.listMissedSlots(range), 'missedSlots.target')
    await expectCode(t.core.api.listMissedSlots({ jobId, flowId: 1, ...range }), 'missedSlots.target')
    await expectCode(t.core.api.listMissedSlots({ jobId, from: 86_400_000, to: 0 }), 'missedSlots.backwards')
    await expectCode(t.core.api.listMissedSlots({ jobId, from: 0, to: 400 * 86_400_000 }), { code: 'missedSlots.tooLong', params: { max: 366 } })
    await expectCode(t.core.api.listMissedSlots({ jobId: 999_999, ...range }), 'job.notFound')
  })
})
