import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { newRun } from '../../../test/support/new-run'
import { addGroup, addJob } from '../../../test/store/conformance/store-fixture'
import { sqliteDb } from '../../../test/support/sqlite-db'
import type { DeadlineMissKind } from '../../shared/deadline-terms'
import type { DeadlineNoticeFacts } from '../completion/alarms/alarm-types'
import { ManualClock } from '../kernel/clock'
import { silentLogger } from '../kernel/logger'
import { DeadlineMonitor } from './deadline-monitor'

const fresh = freshSqliteStore()
const T0 = Date.parse('2026-12-07T03:00:00Z')

function monitor(periodic: () => boolean = () => true) {
  const sent: DeadlineNoticeFacts[] = []
  const counted: DeadlineMissKind[] = []
  const marked: number[] = []
  const deadlineMonitor = new DeadlineMonitor({
    store: fresh.store,
    clock: new ManualClock(T0),
    logger: silentLogger,
    membership: { doesPeriodicWork: periodic },
    send: async (notice) => (sent.push(notice), true),
    counted: (kind) => counted.push(kind),
    marked: (_target, runId) => marked.push(runId),
    defaultTimezone: () => 'UTC',
    periodMs: 10_000,
  })
  return { deadlineMonitor, sent, counted, marked }
}

/** A CRON run of `jobId` due at T0, sent to an executor at T0 and still running. */
async function runningSince(jobId: number): Promise<number> {
  const id = (await fresh.store.runs.insert(newRun({ jobId, triggerType: 'CRON', scheduleTimeMs: T0, triggerTimeMs: T0 })))!
  sqliteDb(fresh.store).prepare('UPDATE job_log SET trigger_code = 200 WHERE id = ?').run(id)
  return id
}

describe('the deadline monitor', () => {
  it('warns once per run and kind, tells when the next deadline falls, and reads only jobs with a term on', async () => {
    const group = await addGroup(fresh.store)
    const job = await addJob(fresh.store, group, { name: 'settlement', finishBy: '03:00:05', alarmEmail: 'ops@example.test,#ops' })
    const plain = await addJob(fresh.store, group, { name: 'plain' })
    const run = await runningSince(job)
    await runningSince(plain)
    const a = monitor()

    expect(await a.deadlineMonitor.pass(T0 + 1_000)).toBe(T0 + 5_000)
    expect(a.sent).toEqual([])
    expect(await a.deadlineMonitor.pass(T0 + 5_000)).toBeNull()
    await a.deadlineMonitor.settled()
    expect(a.sent).toEqual([
      expect.objectContaining({
        kind: 'lateFinish',
        target: 'job',
        runId: run,
        ownerId: job,
        ownerName: 'settlement',
        alarmEmails: ['ops@example.test'],
        imChannels: ['ops'],
        dueAtMs: T0,
        limitAtMs: T0 + 5_000,
      }),
    ])
    expect([a.counted, a.marked]).toEqual([['lateFinish'], [run]])
    await a.deadlineMonitor.pass(T0 + 60_000)
    expect(a.sent).toHaveLength(1)
  })

  it('of two nodes that see the same miss, one warns; a node not doing periodic work looks at nothing', async () => {
    const group = await addGroup(fresh.store)
    const job = await addJob(fresh.store, group, { startDeadlineSec: 10 })
    await fresh.store.runs.insert(newRun({ jobId: job, triggerType: 'CRON', scheduleTimeMs: T0, triggerTimeMs: T0 }))
    const idle = monitor(() => false)
    expect(await idle.deadlineMonitor.pass(T0 + 60_000)).toBeNull()
    const [a, b] = [monitor(), monitor()]
    await Promise.all([a.deadlineMonitor.pass(T0 + 10_000), b.deadlineMonitor.pass(T0 + 10_000)])
    await Promise.all([a.deadlineMonitor.settled(), b.deadlineMonitor.settled()])
    expect([...idle.sent, ...a.sent, ...b.sent].map((n) => n.kind)).toEqual(['lateStart'])
    expect([...a.counted, ...b.counted]).toEqual(['lateStart'])
  })
})
