import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { runStatus } from '../../../src/shared/model'
import { CuttableProxy } from '../../support/cuttable-proxy'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

let admin: LanAdmin | undefined
let proxy: CuttableProxy | undefined
let logs: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await admin?.stop()
  await proxy?.close()
  logs?.remove()
  admin = proxy = logs = undefined
})

const RETRY_MS = 30_000

/** The agent's spooled callback batches (CallbackSpool's layout under its log folder). */
function spooled(logPath: string): string[] {
  try {
    return readdirSync(join(logPath, 'callbacklogs')).filter((name) => name.endsWith('.log'))
  } catch {
    return []
  }
}

describe('a kill on a LAN agent', () => {
  it("leaves no spooled callback and no repeated refusal: the agent's late callback for the killed run is acknowledged", async () => {
    // A dead timeout far beyond the test: the agent beats on a manual clock, so only its first beat counts.
    admin = await startLanAdmin({ registryTimings: { beatIntervalMs: 250, deadTimeoutMs: 600_000, sweepPeriodMs: 200 } })
    // The agent reaches the admin through a relay the test cuts, so its callback for the killed run
    // arrives after the kill ended the run — as it does when a real handler takes a moment to stop.
    proxy = await CuttableProxy.start(Number(new URL(admin.url).port))
    const clock = new ManualClock(Date.now())
    logs = makeTempDir('jobdesk-agent-kill-')
    const logPath = logs.path
    await admin.startAgent('kill-lan', { adminAddresses: [proxy.via(admin.url)], callbackRetryMs: RETRY_MS, logPath }, { clock })
    await admin.groupAddresses('kill-lan', 1)
    const job = await admin.addJob('kill-lan', { executorHandler: 'timedJobHandler', executorParam: '60000' })
    const api = admin.headless.core.api
    const logId = (await api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await api.getRun(logId)) === 'running')

    proxy.cut()
    const killed = await api.killRun(logId)
    expect(killed.handleMsg).toMatch(/^Killed/)
    await waitFor('the refused-by-the-wire callback to be spooled', async () => spooled(logPath).length === 1)
    proxy.restore()

    // The agent's retry loop, a few of its intervals on its own clock.
    for (let pass = 0; pass < 3; pass++) await clock.advance(RETRY_MS)
    await waitFor('the spooled callback to be delivered and dropped', async () => spooled(logPath).length === 0)
    for (let pass = 0; pass < 2; pass++) await clock.advance(RETRY_MS)
    expect(spooled(logPath)).toEqual([])
    const refused = await api.listAudit({ action: 'executor.callback', outcome: 'refused' })
    expect(refused.entries).toEqual([])
    // The run keeps the operator's kill.
    expect((await api.getRun(logId)).handleMsg).toBe(killed.handleMsg)
  })

  it('sends a callback the admin refused for good once: dropped from the spool, one refusal audited', async () => {
    admin = await startLanAdmin({ registryTimings: { beatIntervalMs: 250, deadTimeoutMs: 600_000, sweepPeriodMs: 200 } })
    proxy = await CuttableProxy.start(Number(new URL(admin.url).port))
    const clock = new ManualClock(Date.now())
    logs = makeTempDir('jobdesk-agent-refused-')
    const logPath = logs.path
    await admin.startAgent('ended-lan', { adminAddresses: [proxy.via(admin.url)], callbackRetryMs: RETRY_MS, logPath }, { clock })
    await admin.groupAddresses('ended-lan', 1)
    const job = await admin.addJob('ended-lan', { executorHandler: 'timedJobHandler', executorParam: '300' })
    const api = admin.headless.core.api
    const logId = (await api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await api.getRun(logId)) === 'running')
    proxy.cut()
    // Ended by the admin meanwhile (as a run declared lost is): the executor's success contradicts it.
    await admin.headless.core.completeRuns([{ logId, handleCode: 500, handleMsg: 'ended by the admin', handleTimeMs: Date.now() }])
    await waitFor('the undeliverable callback to be spooled', async () => spooled(logPath).length === 1)
    proxy.restore()

    for (let pass = 0; pass < 4; pass++) await clock.advance(RETRY_MS)
    await waitFor('the refused callback to be dropped', async () => spooled(logPath).length === 0)
    for (let pass = 0; pass < 3; pass++) await clock.advance(RETRY_MS)
    const refused = await api.listAudit({ action: 'executor.callback', outcome: 'refused' })
    expect(refused.entries.map((e) => e.detail.params)).toEqual([{ logIds: [logId] }])
    expect((await api.getRun(logId)).handleMsg).toBe('ended by the admin')
  })
})
