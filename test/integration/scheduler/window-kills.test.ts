import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { WindowKills } from '../../../src/main/scheduler/window-kills'
import type { WindowScope } from '../../../src/shared/calendar/maintenance-window'
import { addRun, flow } from '../../store/conformance/flow-fixture'
import { newRun } from '../../support/new-run'
import { sqliteDb } from '../../support/sqlite-db'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const T0 = 1_767_225_600_000
const MINUTE = 60_000
const fresh = freshSqliteStore()

/** A run of `jobId` (group `groupId`) triggered at `atMs` and still running. */
async function running(jobId: number, groupId: number, atMs: number): Promise<number> {
  const id = (await fresh.store.runs.insert(newRun({ jobId, jobGroup: groupId, triggerTimeMs: atMs })))!
  sqliteDb(fresh.store).prepare('UPDATE job_log SET trigger_code = 200 WHERE id = ?').run(id)
  return id
}

async function killingWindow(scope: WindowScope, startMs: number, endMs: number, killRunning = true, name = 'patch night'): Promise<void> {
  await fresh.store.windows.insert({
    id: 0,
    name,
    timezone: 'UTC',
    timing: { kind: 'once', startMs, endMs },
    scope,
    killRunning,
    enabled: true,
    updatedAtMs: T0,
    updatedBy: 'test',
  })
}

function kills(periodic = () => true) {
  const killed: number[] = []
  const flowsKilled: [number, string][] = []
  const windowKills = new WindowKills({
    store: fresh.store,
    killRun: async (logId) => void killed.push(logId),
    killFlowRun: async (flowRunId, actor) => void flowsKilled.push([flowRunId, actor]),
    doesPeriodicWork: periodic,
    clock: new ManualClock(T0),
    logger: silentLogger,
  })
  return { windowKills, killed, flowsKilled }
}

describe('a maintenance window that kills running work', () => {
  it('kills, when it opens, the runs and flow runs of what it covers that started before it — once per opening', async () => {
    const covered = await running(1, 10, T0 - MINUTE)
    const ofGroup = await running(2, 20, T0 - MINUTE)
    await running(3, 30, T0 - MINUTE)
    const flowId = await fresh.store.flows.insert(flow('nightly'))
    const flowRun = await addRun(fresh.store, flowId, { startTimeMs: T0 - MINUTE })
    await killingWindow({ all: false, jobIds: [1], groupIds: [20], flowIds: [flowId] }, T0, T0 + 30 * MINUTE)
    const { windowKills, killed, flowsKilled } = kills()

    expect(await windowKills.pass(T0 - 1000)).toBe(0)
    // A run a person starts inside the window is theirs: left alone.
    await running(1, 10, T0 + 1000)
    expect(await windowKills.pass(T0 + 2000)).toBe(3)
    expect(killed).toEqual([covered, ofGroup])
    expect(flowsKilled).toEqual([[flowRun, "maintenance window 'patch night'"]])
    expect(await windowKills.pass(T0 + 3000)).toBe(0)
  })

  it('leaves running work alone without killRunning, and kills on the node doing periodic work only', async () => {
    await running(1, 10, T0 - MINUTE)
    await killingWindow({ all: true }, T0, T0 + 30 * MINUTE, false)
    const quiet = kills()
    expect(await quiet.windowKills.pass(T0 + 1000)).toBe(0)

    await killingWindow({ all: true }, T0 + HOUR, T0 + 2 * HOUR, true, 'upgrade')
    let periodic = false
    const other = kills(() => periodic)
    expect(await other.windowKills.pass(T0 + HOUR + 1000)).toBe(0)
    periodic = true
    expect(await other.windowKills.pass(T0 + HOUR + 2000)).toBe(1)
  })
})

const HOUR = 60 * MINUTE
