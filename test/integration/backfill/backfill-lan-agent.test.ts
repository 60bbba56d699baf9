import { afterEach, expect, it } from 'vitest'
import { mostAtOnce } from '../../support/backfill-runs'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * A backfill of a job on JobDesk's LAN agent as its own process, over HTTP as any XXL-JOB executor
 * is called: the slot reaches the handler in its parameter as plain text.
 */

const AGENT_APP = 'backfill-lan'
const HOUR = 3_600_000
const FROM = Date.parse('2026-05-04T00:00:00Z')

let admin: LanAdmin | undefined
let agent: AgentProcess | undefined
let logs: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  agent?.kill()
  await admin?.stop()
  logs?.remove()
  admin = agent = logs = undefined
})

it('backfills six hours of an hourly job on a LAN agent process, two at a time, each run given its own slot', async () => {
  admin = await startLanAdmin()
  logs = makeTempDir('jobdesk-agent-')
  agent = spawnAgent(lanAgentArgs(admin.url, AGENT_APP, logs.path))
  await agent.waitForOutput(/registering/)
  const [address] = await admin.groupAddresses(AGENT_APP, 1)
  const jobId = await admin.addJob(AGENT_APP, {
    scheduleType: 'CRON',
    scheduleConf: '0 0 * * * ?',
    timezone: 'UTC',
    executorHandler: 'slowEchoJobHandler',
    executorParam: '100|${schedule.time}',
  })
  const api = admin.headless.core.api
  const started = await api.startBackfill({ jobId, from: FROM, to: FROM + 6 * HOUR, concurrency: 2 })
  const view = await waitFor('the backfill done', async () => {
    const v = await api.getBackfill({ id: started.backfillId })
    return v.state === 'done' && v
  })
  expect(view).toMatchObject({ total: 6, done: 6, failed: 0 })
  const { runs } = await api.listRuns({ jobId, limit: 100 })
  expect(runs).toHaveLength(6)
  for (const run of runs) {
    expect(run.executorAddress).toBe(address)
    expect(run.handleMsg).toBe(new Date(run.scheduleTimeMs!).toISOString().replace('.000Z', '+00:00'))
  }
  expect(runs.map((r) => r.scheduleTimeMs).sort()).toEqual(started.slots)
  expect(mostAtOnce(runs)).toBeLessThanOrEqual(2)
}, 60_000)
