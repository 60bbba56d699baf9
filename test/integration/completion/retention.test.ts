import { sqliteDb } from '../../support/sqlite-db'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runLogDir } from '../../../src/main/app/data-dir'
import { formatLocalDate } from '../../../src/main/executor/run-log/log-format'
import { ManualClock } from '../../../src/main/kernel/clock'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

const DAY_MS = 86_400_000
/** 23:00 local time, so the embedded executor's midnight pass comes an hour in. */
const T0 = new Date(2026, 10, 30, 23, 0, 0).getTime()

let t: TestCore | undefined
let dir: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await t?.stop()
  dir?.remove()
  t = dir = undefined
})

/** A finished run triggered `daysAgo` days before T0, with a kept log text. */
async function insertRun(core: TestCore, daysAgo: number): Promise<number> {
  const id = Number(
    sqliteDb(core.core.store)
      .prepare(`INSERT INTO job_log (job_group, job_id, trigger_time, trigger_type, trigger_code, handle_code) VALUES (1, 1, ?, 'MANUAL', 200, 200)`)
      .run(T0 - daysAgo * DAY_MS).lastInsertRowid,
  )
  await core.core.store.logTexts.set(id, `log of run ${id}`)
  return id
}

/** A date folder of the embedded executor's packed run logs, `daysAgo` days before T0. */
function runLogDay(dataDir: string, daysAgo: number): string {
  const day = join(runLogDir(dataDir), formatLocalDate(T0 - daysAgo * DAY_MS))
  mkdirSync(day, { recursive: true })
  writeFileSync(join(day, 'runs-1.seg'), 'old lines\n')
  return day
}

describe("log retention: one setting for run rows, kept logs and the embedded executor's files", () => {
  it('purges at start (no 24 h of uptime first), then follows a changed setting on the next pass', async () => {
    dir = makeTempDir()
    // A first life of this data folder leaves old runs and old run-log folders behind.
    const first = await startTestCore({ monitorTimings: { retentionPeriodMs: 3600_000 } }, dir.path)
    const old = await insertRun(first, 40)
    const recent = await insertRun(first, 10)
    await first.stop()
    const oldDay = runLogDay(dir.path, 40)
    const recentDay = runLogDay(dir.path, 10)

    // Restarted in the morning of a workstation's day: the purge runs at once.
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock, monitorTimings: { retentionPeriodMs: 3600_000 } }, dir.path)
    await waitFor('the purge at start', async () => (await t!.core.store.runs.get(old)) === undefined && !existsSync(oldDay))
    expect(await t.core.store.logTexts.get(old)).toBeUndefined()
    expect(await t.core.store.runs.get(recent)).toBeDefined()
    expect(existsSync(recentDay)).toBe(true)

    // Lowered to 5 days: the next passes (the hourly one here, the executor's after midnight) apply it.
    await t.core.api.saveSettings({ logRetentionDays: 5 })
    await clock.advance(3600_000 + 1000)
    await waitFor('the purge under the new setting', async () => (await t!.core.store.runs.get(recent)) === undefined && !existsSync(recentDay))
    expect(await t.core.store.logTexts.get(recent)).toBeUndefined()
  })
})
