import { afterEach, expect, it } from 'vitest'
import { FailMonitor } from '../../../src/main/completion/fail-monitor'
import { ManualClock } from '../../../src/main/kernel/clock'
import { recordingLogger } from '../../support/recording-logger'
import { ALARM_STATUS } from '../../../src/shared/model'
import type { Repos } from '../../../src/main/store/store'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { sqliteDb } from '../../support/sqlite-db'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z
let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

/**
 * A run's alarm status and its entry in the alarm list are one write: a console (or another node)
 * that reads the run as alarmed finds the alarm in the list, and a list entry that cannot be written
 * leaves the run's status as it was, not alarmed without a trace.
 */
it("writes a run's alarm status and its alarm list entry together, or neither", async () => {
  // The core's own monitor never passes here: its clock does not move.
  t = await startTestCore({ clock: new ManualClock(T0), monitorTimings: { failMonitorPeriodMs: 3_600_000 } })
  const job = await t.addJob({ executorHandler: 'failJobHandler', executorFailRetryCount: 0, alarmEmail: 'ops@example.test' })
  const insert = sqliteDb(t.core.store).prepare(
    `INSERT INTO job_log (job_group, job_id, executor_fail_retry_count, trigger_time, trigger_type, trigger_code, handle_code, handle_time)
     VALUES (?, ?, 0, ?, 'MANUAL', 200, 500, ?)`,
  )
  const failed = () => Number(insert.run(t!.groupId, job, T0 - 2000, T0 - 1000).lastInsertRowid)
  const store = t.core.store
  // The list refuses its rows inside a transaction, as a full disk or a lost connection would.
  const refusingList = new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'transaction') return Reflect.get(target, name, receiver)
      return <T>(work: (tx: Repos) => Promise<T>) =>
        target.transaction((tx) =>
          work(
            new Proxy(tx, {
              get: (repos, repo) =>
                repo === 'alarmList' ? { add: () => Promise.reject(new Error('the alarm list cannot be written')) } : Reflect.get(repos, repo),
            }),
          ),
        )
    },
  })
  const monitorOn = (over: typeof store, logger = recordingLogger().logger) =>
    new FailMonitor({ store: over, trigger: async () => {}, sendAlarm: async () => ({ ok: true, message: '' }), logger, nowMs: () => T0 })

  const refused = failed()
  const log = recordingLogger()
  const refusing = monitorOn(refusingList, log.logger)
  await refusing.pass(T0)
  await refusing.settled()
  expect((await store.runs.get(refused))?.alarmStatus).toBe(ALARM_STATUS.locked)
  expect(await store.alarmList.list({ from: 0, to: T0 + 1000 }, null, 100)).toEqual([])
  expect(log.lines.filter((line) => line.includes('recording the alarm status failed'))).toHaveLength(1)

  const kept = failed()
  const monitor = monitorOn(store)
  await monitor.pass(T0)
  await monitor.settled()
  expect((await store.runs.get(kept))?.alarmStatus).toBe(ALARM_STATUS.sent)
  expect((await store.alarmList.list({ from: 0, to: T0 + 1000 }, null, 100)).map((entry) => [entry.logId, entry.state])).toEqual([[kept, 'sent']])
})
