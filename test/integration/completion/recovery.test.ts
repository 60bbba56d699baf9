import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { runStatus } from '../../../src/shared/model'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

let t: TestCore | undefined
let admin: LanAdmin | undefined
let agent: AgentProcess | undefined
let dir: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  agent?.kill()
  await t?.stop()
  await admin?.stop()
  dir?.remove()
  t = admin = agent = dir = undefined
})

const T0 = Date.UTC(2026, 10, 30, 10, 0, 0)

describe('misfire after an outage (seeds/002: misfireSkip, misfireOnce)', () => {
  for (const [strategy, expected] of [
    ['DO_NOTHING', 0],
    ['FIRE_ONCE_NOW', 1],
  ] as const) {
    it(`${strategy}: ${expected} run(s) for an outage of several periods`, async () => {
      dir = makeTempDir()
      const clock = new ManualClock(T0)
      t = await startTestCore({ clock }, dir.path)
      const job = await t.addJob({ scheduleType: 'CRON', scheduleConf: '0/10 * * * * ?', misfireStrategy: strategy })
      await t.core.api.startJob(job)
      await t.stop() // JobDesk is down…

      // …for a minute: six periods pass unfired. Then it starts again on the same database.
      const later = new ManualClock(T0 + 60_000)
      t = await startTestCore({ clock: later }, dir.path)
      await later.advance(1000) // one scan
      const runs = (await t.core.api.listRuns({ jobId: job })).runs
      expect(runs).toHaveLength(expected)
      if (expected === 1) expect(runs[0]).toMatchObject({ triggerType: 'MISFIRE', scheduleTimeMs: T0 + 10_000 })
      // No backfill, and the schedule goes on from now.
      expect((await t.core.api.getJob(job)).triggerNextTimeMs).toBeGreaterThan(T0 + 60_000)
    })
  }
})

describe('a graceful agent stop mid-run (seeds/002: gracefulKill)', () => {
  it('reports the running run killed and the queued one not executed, and leaves the registry at once', async () => {
    admin = await startLanAdmin()
    const logs = makeTempDir('jobdesk-agent-')
    dir = logs
    agent = spawnAgent(lanAgentArgs(admin.url, 'graceful', logs.path))
    await agent.waitForOutput(/registering/)
    await admin.groupAddresses('graceful', 1)
    const job = await admin.addJob('graceful', { executorHandler: 'timedJobHandler', executorParam: '60000' })
    const running = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the first run to be running', async () => runStatus(await admin!.headless.core.api.getRun(running)) === 'running')
    const queued = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the second to be accepted', async () => (await admin!.headless.core.api.getRun(queued)).triggerCode === 200)

    agent.child.kill('SIGTERM')
    expect((await agent.exited).code).toBe(0)
    const runs = await admin.finishedRuns(job, 2)
    expect(runs.map((r) => r.handleCode)).toEqual([500, 500])
    expect(runs[0].handleMsg).toContain('[job running, killed]')
    expect(runs[1].handleMsg).toContain('[job not executed, in the job queue, killed.]')
    // registryRemove came first: the address is already gone, no 90-s wait.
    expect(await admin.groupAddresses('graceful', 0)).toEqual([])
  })
})
