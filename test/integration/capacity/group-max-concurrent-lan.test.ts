import { afterEach, expect, it } from 'vitest'
import { mostAtOnce } from '../../support/backfill-runs'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * Group maxConcurrent with two LAN agents as their own processes: ten runs triggered at once on a
 * group that allows 2 runs on each address — never more than 2 at once on either (from the run
 * rows), every run done, the rest queued and started as the first ones end.
 */

const AGENT_APP = 'limited-lan'

let admin: LanAdmin | undefined
const agents: AgentProcess[] = []
const logDirs: ReturnType<typeof makeTempDir>[] = []
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.kill()
  await admin?.stop()
  for (const dir of logDirs.splice(0)) dir.remove()
  admin = undefined
})

it('keeps each of two agents to its maxConcurrent of 2, routing ROUND among the addresses below it and queueing when all are full', async () => {
  admin = await startLanAdmin()
  for (let i = 0; i < 2; i++) {
    const logs = makeTempDir('jobdesk-agent-')
    logDirs.push(logs)
    const agent = spawnAgent(lanAgentArgs(admin.url, AGENT_APP, logs.path))
    agents.push(agent)
    await agent.waitForOutput(/registering/)
  }
  const addresses = await admin.groupAddresses(AGENT_APP, 2)
  const api = admin.headless.core.api
  const group = (await api.listGroups()).find((g) => g.appName === AGENT_APP)!
  const { id, appName, name, addressType, addressList, accessToken } = group
  await api.saveGroup({ id, appName, name, addressType, addressList, accessToken, maxConcurrent: 2 })
  const jobId = await admin.addJob(AGENT_APP, { executorHandler: 'slowEchoJobHandler', executorParam: '400|done', executorRouteStrategy: 'ROUND' })
  const triggered = await Promise.all(Array.from({ length: 10 }, () => api.triggerJob({ jobId })))
  const queued = (await api.listQueue({ groupId: group.id })).length
  const runs = await admin.finishedRuns(jobId, 10)
  expect(triggered.flatMap((t) => t.logIds)).toHaveLength(10)
  expect(runs.every((r) => r.handleCode === 200)).toBe(true)
  expect(queued).toBeGreaterThan(0)
  for (const address of addresses) {
    const on = runs.filter((r) => r.executorAddress === address)
    expect(on.length).toBeGreaterThan(0)
    expect(mostAtOnce(on)).toBeLessThanOrEqual(2)
  }
  expect(mostAtOnce(runs)).toBeGreaterThan(2)
  expect(await admin.headless.core.store.poolSlots.any()).toBe(false)
}, 90_000)
