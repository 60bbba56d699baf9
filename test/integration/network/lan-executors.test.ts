import { afterEach, describe, expect, it } from 'vitest'
import { runStatus } from '../../../src/shared/model'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { waitFor } from '../../support/wait-for'

let admin: LanAdmin | undefined
afterEach(async () => {
  await admin?.stop()
  admin = undefined
})

describe('LAN executors registering with JobDesk', () => {
  it('gives a new agent traffic at once: its group is created and listed on the first beat', async () => {
    admin = await startLanAdmin()
    const agent = await admin.startAgent('lan-app')
    // No 30-s monitor tick in between: the first registration refreshed the group's list.
    expect(await admin.groupAddresses('lan-app', 1)).toEqual([agent.address])
    const group = (await admin.headless.core.api.listGroups()).find((g) => g.appName === 'lan-app')!
    expect(group.autoCreated).toBe(true)

    const job = await admin.addJob('lan-app', { executorParam: 'over the wire' })
    await admin.headless.core.api.triggerJob({ jobId: job })
    const [run] = await admin.finishedRuns(job, 1)
    expect(run).toMatchObject({ triggerCode: 200, handleCode: 200, executorAddress: agent.address })
    expect(run.triggerMsg).toContain(`Chosen: ${agent.address}`)
  })

  it('routes FIRST, LAST and CONSISTENT_HASH exactly over three agents sorted as strings', async () => {
    admin = await startLanAdmin()
    for (let i = 0; i < 3; i++) await admin.startAgent('trio')
    const addresses = await admin.groupAddresses('trio', 3)
    expect(addresses).toEqual([...addresses].sort())

    for (const [strategy, expected] of [
      ['FIRST', addresses[0]],
      ['LAST', addresses[2]],
    ] as const) {
      const job = await admin.addJob('trio', { executorRouteStrategy: strategy })
      await admin.headless.core.api.triggerJob({ jobId: job })
      const [run] = await admin.finishedRuns(job, 1)
      expect(run.executorAddress).toBe(expected)
    }
    // CONSISTENT_HASH: the same job lands on the same address every time.
    const hashed = await admin.addJob('trio', { executorRouteStrategy: 'CONSISTENT_HASH' })
    for (let i = 0; i < 4; i++) await admin.headless.core.api.triggerJob({ jobId: hashed })
    const runs = await admin.finishedRuns(hashed, 4)
    expect(new Set(runs.map((r) => r.executorAddress)).size).toBe(1)
  })

  it('ROUND visits every agent in turn', async () => {
    admin = await startLanAdmin()
    for (let i = 0; i < 3; i++) await admin.startAgent('round')
    const addresses = await admin.groupAddresses('round', 3)
    const job = await admin.addJob('round', { executorRouteStrategy: 'ROUND' })
    for (let i = 0; i < 6; i++) await admin.headless.core.api.triggerJob({ jobId: job })
    const runs = await admin.finishedRuns(job, 6)
    const picks = runs.map((r) => addresses.indexOf(r.executorAddress))
    // Consecutive triggers move one place along the list, wrapping.
    for (let i = 1; i < picks.length; i++) expect(picks[i]).toBe((picks[i - 1] + 1) % 3)
  })

  it('FAILOVER skips an agent that stopped answering and says so in the routing trail', async () => {
    admin = await startLanAdmin()
    const agents = [await admin.startAgent('fail-over'), await admin.startAgent('fail-over')]
    const addresses = await admin.groupAddresses('fail-over', 2)
    const first = agents.find((a) => a.address === addresses[0])!
    // The first agent goes away; its address is registered again by hand, as if its last beat were
    // still fresh: listed, but no longer answering.
    await first.stop()
    await admin.headless.core.registry.beat('fail-over', addresses[0], Date.now())
    const job = await admin.addJob('fail-over', { executorRouteStrategy: 'FAILOVER' })
    await admin.headless.core.api.triggerJob({ jobId: job })
    const [run] = await admin.finishedRuns(job, 1)
    expect(run.executorAddress).toBe(addresses[1])
    expect(run.triggerMsg).toContain(`Probe beat ${addresses[0]}: code 500`)
    expect(run.triggerMsg).toContain(`Probe beat ${addresses[1]}: code 200`)
  })

  it('BUSYOVER skips an agent that is busy with the job', async () => {
    admin = await startLanAdmin()
    await admin.startAgent('busy-over')
    await admin.startAgent('busy-over')
    const addresses = await admin.groupAddresses('busy-over', 2)
    const job = await admin.addJob('busy-over', { executorRouteStrategy: 'BUSYOVER', executorHandler: 'timedJobHandler', executorParam: '3000' })
    const busy = (await admin.headless.core.api.triggerJob({ jobId: job, addressList: [addresses[0]] })).logIds[0]
    await waitFor('the first run to be running', async () => runStatus(await admin!.headless.core.api.getRun(busy)) === 'running')
    const next = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    const run = await waitFor('the second trigger', async () => {
      const r = await admin!.headless.core.api.getRun(next)
      return r.triggerCode !== 0 && r
    })
    expect(run.executorAddress).toBe(addresses[1])
    expect(run.triggerMsg).toContain(`Probe idleBeat ${addresses[0]}: code 500`)
  })

  it('SHARDING_BROADCAST fires one run per agent with 0/3, 1/3, 2/3, and a failed shard retries with its shard', async () => {
    admin = await startLanAdmin({ monitorTimings: { failMonitorPeriodMs: 100 } })
    for (let i = 0; i < 3; i++) await admin.startAgent('shards')
    const addresses = await admin.groupAddresses('shards', 3)
    const job = await admin.addJob('shards', { executorRouteStrategy: 'SHARDING_BROADCAST', executorHandler: 'shardingJobHandler' })
    const { logIds } = await admin.headless.core.api.triggerJob({ jobId: job })
    expect(logIds).toHaveLength(3)
    const runs = await admin.finishedRuns(job, 3)
    expect(runs.map((r) => [r.executorShardingParam, r.executorAddress]).sort()).toEqual(addresses.map((a, i) => [`${i}/3`, a]))

    const failing = await admin.addJob('shards', {
      executorRouteStrategy: 'SHARDING_BROADCAST',
      executorHandler: 'failJobHandler',
      executorFailRetryCount: 1,
    })
    await admin.headless.core.api.triggerJob({ jobId: failing })
    const all = await admin.finishedRuns(failing, 6)
    const retries = all.filter((r) => r.triggerType === 'RETRY')
    expect(retries.map((r) => r.executorShardingParam).sort()).toEqual(['0/3', '1/3', '2/3'])
    for (const retry of retries) {
      const original = all.find((r) => r.id === retry.parentLogId)!
      expect(retry.executorShardingParam).toBe(original.executorShardingParam)
      expect(retry.executorAddress).toBe(original.executorAddress)
    }
  })

  it('triggers on an address override for that one run, shown in the routing trail', async () => {
    admin = await startLanAdmin()
    await admin.startAgent('pick')
    await admin.startAgent('pick')
    const addresses = await admin.groupAddresses('pick', 2)
    const job = await admin.addJob('pick', { executorRouteStrategy: 'FIRST' })
    await admin.headless.core.api.triggerJob({ jobId: job, addressList: [addresses[1]] })
    const [run] = await admin.finishedRuns(job, 1)
    expect(run.executorAddress).toBe(addresses[1])
    expect(run.triggerMsg).toContain('address override for this trigger')
    // Not saved: the next trigger routes over the group again.
    await admin.headless.core.api.triggerJob({ jobId: job })
    const runs = await admin.finishedRuns(job, 2)
    expect(runs[1].executorAddress).toBe(addresses[0])
  })

  it("kills a running LAN run at once; the executor's later callback changes nothing", async () => {
    admin = await startLanAdmin()
    await admin.startAgent('killme')
    await admin.groupAddresses('killme', 1)
    const job = await admin.addJob('killme', { executorHandler: 'timedJobHandler', executorParam: '20000' })
    const logId = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await admin!.headless.core.api.getRun(logId)) === 'running')
    const killed = await admin.headless.core.api.killRun(logId)
    expect(killed.handleCode).toBe(500)
    expect(killed.handleMsg).toMatch(/^Killed/)
    // The executor reports "[job running, killed]" afterwards; once its run log says the admin took
    // that callback, the run still has the kill's result.
    await waitFor("the executor's own callback to be delivered", async () =>
      (await admin!.headless.core.api.getRunLog({ logId, fromLineNum: 1 })).logContent.includes('job callback finish'),
    )
    const after = await admin.headless.core.api.getRun(logId)
    expect(after.handleMsg).toBe(killed.handleMsg)
  })

  it("keeps a LAN run's log after the run ends, readable when the agent is gone", async () => {
    admin = await startLanAdmin()
    const agent = await admin.startAgent('logs')
    await admin.groupAddresses('logs', 1)
    const job = await admin.addJob('logs', { executorParam: 'remember me' })
    const logId = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await admin.finishedRuns(job, 1)
    await waitFor('the log to be kept', async () => (await admin!.headless.core.store.logTexts.get(logId)) !== undefined)
    await agent.stop()
    const page = await admin.headless.core.api.getRunLog({ logId, fromLineNum: 1 })
    expect(page.logContent).toContain('remember me')
    expect(page.isEnd).toBe(true)
    expect(page.source).toBe('kept')
  })

  it('drops a gracefully stopped agent from its group at once', async () => {
    admin = await startLanAdmin()
    const agent = await admin.startAgent('leaving')
    await admin.groupAddresses('leaving', 1)
    await agent.stop()
    expect(await admin.groupAddresses('leaving', 0)).toEqual([])
  })
})
