import { afterEach, describe, expect, it } from 'vitest'
import { ALARM_STATUS, runStatus } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

/** Kills a running run of a job with 2 retries; resolves once the fail monitor has taken the killed run. */
async function killAndSettle(core: TestCore, options?: { retry?: boolean }) {
  const job = await core.addJob({ executorHandler: 'timedJobHandler', executorParam: '60000', executorFailRetryCount: 2 })
  const logId = (await core.core.api.triggerJob({ jobId: job })).logIds[0]
  await waitFor('the run to be running', async () => runStatus(await core.core.api.getRun(logId)) === 'running')
  const killed = await core.core.api.killRun(logId, options)
  // The monitor took it (retried or not): its alarm status left 0 and −1.
  await waitFor('the fail monitor to take the killed run', async () => {
    const status = (await core.core.api.getRun(logId)).alarmStatus
    return status !== ALARM_STATUS.todo && status !== -1
  })
  const { runs } = await core.core.api.listRuns({ jobId: job })
  return { killed, runs }
}

describe('killRun and the retries that follow it', () => {
  it('retries a killed run by default, as any failure with retries left (XXL-JOB’s way, and today’s)', async () => {
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    const { killed, runs } = await killAndSettle(t)
    expect(killed.executorFailRetryCount).toBe(2)
    expect(killed.handleMsg).not.toContain('without retry')
    expect(runs.filter((r) => r.triggerType === 'RETRY').map((r) => r.parentLogId)).toEqual([killed.id])
  })

  it('with retry: false drops the retries: no RETRY run follows, and the run says so', async () => {
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    const { killed, runs } = await killAndSettle(t, { retry: false })
    expect(killed).toMatchObject({ handleCode: 500, executorFailRetryCount: 0 })
    expect(killed.handleMsg).toMatch(/^Killed.*, without retry/)
    expect(killed.handleMsg).not.toContain('Success')
    expect(runs.map((r) => r.id)).toEqual([killed.id])
  })
})
