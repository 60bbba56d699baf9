import { describe, expect, it } from 'vitest'
import { coded, englishMessage } from '../../shared/messages'
import { parseTriggerTrail } from '../../shared/trigger-trail'
import { failure, SUCCESS, type ExecutorApi, type ExecutorReply } from '../executor/executor-api'
import { ExecutorDirectory } from './executor-directory'
import { createRouters } from './routing'
import { triggerRun, unroutedOutcome } from './trigger-run'
import { EXECUTOR_A as A, EXECUTOR_B as B, preparedRun as run, runJob as job } from '../../../test/support/prepared-run'

const OTHER_EMBEDDED = 'jobdesk://embedded/other-host/'
/** LAN executors that answer `/beat` and `/run` as told, per address. */
function executors(answers: Record<string, { beat?: ExecutorReply; run?: ExecutorReply }>): ExecutorDirectory {
  const api = (address: string): ExecutorApi => {
    const answer = async (reply: ExecutorReply | undefined) => (reply ?? SUCCESS) as never
    return {
      beat: () => answer(answers[address]?.beat),
      idleBeat: () => answer(SUCCESS),
      run: () => answer(answers[address]?.run),
      kill: () => answer(SUCCESS),
      log: () => answer(SUCCESS),
    }
  }
  return new ExecutorDirectory({ embedded: null, embeddedAddress: 'jobdesk://embedded/this-host/', remote: api })
}

const deps = (directory: ExecutorDirectory) => ({ routers: createRouters({ random: () => 0 }), executors: directory, nowMs: () => 0, usesOf: async () => [] })

describe('triggerRun', () => {
  it('records what FAILOVER probed and why it chose, as data and as XXL-JOB’s lines', async () => {
    const directory = executors({ [A]: { beat: failure('connect ECONNREFUSED\n    at TCPConnectWrap') } })
    const outcome = await triggerRun(run({ job: job({ executorRouteStrategy: 'FAILOVER', executorTimeoutSec: 30 }), failRetryCount: 2 }), deps(directory))
    expect(outcome).toMatchObject({ logId: 41, executorAddress: B, triggerCode: 200 })
    const trail = outcome.triggerTrail!
    expect(trail).toMatchObject({
      triggerType: 'MANUAL',
      group: { id: 3, appName: 'reports', registration: 'auto' },
      route: {
        strategy: 'FAILOVER',
        candidates: [A, B],
        leftOut: [],
        probes: [
          { address: A, kind: 'beat', code: 500, msg: 'connect ECONNREFUSED at TCPConnectWrap' },
          { address: B, kind: 'beat', code: 200, msg: '' },
        ],
        chosen: B,
        reason: { code: 'routeReason.probeAfterOne', params: { address: B, path: '/beat', failed: 1 } },
        shard: null,
      },
      block: { strategy: 'SERIAL_EXECUTION', timeoutSec: 30, retriesLeft: 2 },
      result: { code: 'triggerResult.accepted' },
    })
    const lines = outcome.triggerMsg.split('\n')
    expect(lines.slice(0, -1)).toEqual([
      'Trigger type: Manual trigger',
      'Executor group: reports — automatic registration',
      'Route strategy: FAILOVER',
      `Candidates (2): ${A}, ${B}`,
      `Probe beat ${A}: code 500, msg: connect ECONNREFUSED at TCPConnectWrap`,
      `Probe beat ${B}: code 200`,
      `Chosen: ${B}`,
      `Reason: ${B} answered /beat with code 200, after 1 failed probe.`,
      'Block strategy: SERIAL_EXECUTION; timeout: 30 s; retries left: 2',
    ])
    expect(lines.at(-1)).toMatch(/^Trigger result: accepted by the executor \(code 200\) in \d+\.\d ms$/)
    // What the column keeps reads back as the same trail.
    expect(parseTriggerTrail(JSON.stringify(trail))).toEqual(trail)
  })

  it('gives the runs of a ROUND job one shape, each run keeping the address it went to and why', async () => {
    const roundJob = job({ executorRouteStrategy: 'ROUND' })
    const outcomes = await Promise.all([0, 1, 2].map((position) => triggerRun(run({ job: roundJob, roundPosition: position }), deps(executors({})))))
    expect(outcomes.map((outcome) => outcome.triggerTrail?.route?.chosen)).toEqual([A, B, A])
    expect(outcomes.map((outcome) => outcome.triggerTrail?.route?.reason.params.position)).toEqual([0, 1, 2])
    // One shape text: the store keeps one row for the job, where the place in the reason made one per run.
    expect(new Set(outcomes.map((outcome) => outcome.trailParts?.shape)).size).toBe(1)
  })

  it('tells the registry of an address it could not connect to, and not of one that refused the run', async () => {
    const told: string[] = []
    const directory = executors({ [A]: { run: { code: 500, msg: 'executor: connect ECONNREFUSED', unreachable: true } }, [B]: { run: failure('busy') } })
    const unreachable = (appName: string, address: string) => told.push(`${appName} ${address}`)
    expect((await triggerRun(run(), { ...deps(directory), unreachable })).triggerCode).toBe(500)
    expect((await triggerRun(run({ addresses: [B] }), { ...deps(directory), unreachable })).triggerCode).toBe(500)
    expect(told).toEqual([`reports ${A}`])
  })

  it('keeps the executor’s refusal in the result, and names addresses left out and an override', async () => {
    const directory = executors({ [A]: { run: failure('job handler [nope] not found') } })
    const outcome = await triggerRun(run({ addresses: [OTHER_EMBEDDED, A], addressOverride: true }), deps(directory))
    expect(outcome.triggerCode).toBe(500)
    expect(outcome.triggerTrail).toMatchObject({
      group: { registration: 'override' },
      route: { strategy: 'FIRST', candidates: [A], leftOut: [OTHER_EMBEDDED], chosen: A, reason: { code: 'routeReason.first', params: { count: 1 } } },
      result: { code: 'triggerResult.refused', params: { code: 500, msg: 'job handler [nope] not found' } },
    })
    expect(outcome.triggerMsg).toContain('Executor group: reports — address override for this trigger')
    expect(outcome.triggerMsg).toContain(`Left out: ${OTHER_EMBEDDED} (the embedded executor of another JobDesk process)`)
    expect(outcome.triggerMsg.split('\n').at(-1)).toMatch(/^Trigger result: refused \(code 500\) in \d+\.\d ms: job handler \[nope\] not found$/)
  })

  it('tells the wait for a free connection apart from the executor’s answer time', async () => {
    const directory = executors({ [A]: { run: { code: 200, msg: null, waitedMs: 27.25 } }, [B]: { run: { ...failure('busy'), waitedMs: 3 } } })
    const accepted = await triggerRun(run(), deps(directory))
    expect(accepted.triggerTrail?.result).toMatchObject({ code: 'triggerResult.acceptedAfterWait', params: { waited: '27.3' } })
    expect(accepted.triggerMsg.split('\n').at(-1)).toMatch(
      /^Trigger result: accepted by the executor \(code 200\) in \d+\.\d ms, after waiting 27\.3 ms here for a free connection$/,
    )
    const refused = await triggerRun(run({ addresses: [B] }), deps(directory))
    expect(refused.triggerTrail?.result).toMatchObject({ code: 'triggerResult.refusedAfterWait', params: { code: 500, waited: '3.0', msg: 'busy' } })
    // Under a millisecond is the round trip's own noise: the plain result.
    const quick = await triggerRun(run(), deps(executors({ [A]: { run: { code: 200, msg: null, waitedMs: 0.4 } } })))
    expect(quick.triggerTrail?.result.code).toBe('triggerResult.accepted')
  })

  it('fails a broadcast shard without an address, saying so in XXL-JOB’s words', async () => {
    const outcome = await triggerRun(run({ job: job({ executorRouteStrategy: 'SHARDING_BROADCAST' }), group: undefined, addresses: [] }), deps(executors({})))
    expect(outcome).toMatchObject({ executorAddress: '', triggerCode: 500 })
    expect(outcome.triggerTrail).toMatchObject({
      group: { id: 3, appName: null },
      route: { chosen: null, shard: null, reason: { code: 'routeReason.emptyAddress' } },
      result: { code: 'triggerResult.noAddress' },
    })
    expect(outcome.triggerMsg.split('\n')).toEqual([
      'Trigger type: Manual trigger',
      'Executor group: #3 (missing) — automatic registration',
      'Route strategy: SHARDING_BROADCAST',
      'Candidates (0): (none)',
      'Chosen: (none)',
      'Reason: Registry address is empty: the group has no executor address to route to.',
      'Block strategy: SERIAL_EXECUTION; timeout: 0 s; retries left: 0',
      'Trigger result: failed — no executor address (Trigger Fail)',
    ])
  })

  it('routes a broadcast shard to its address, naming the shard', async () => {
    const outcome = await triggerRun(
      run({ job: job({ executorRouteStrategy: 'SHARDING_BROADCAST' }), shardIndex: 1, shardTotal: 2, shardAddress: B }),
      deps(executors({})),
    )
    expect(outcome.triggerTrail?.route).toMatchObject({
      chosen: B,
      shard: { index: 1, total: 2 },
      reason: { code: 'routeReason.shard', params: { index: 1, total: 2 } },
    })
    expect(outcome.triggerMsg).toContain('Reason: shard 1/2 goes to address 1 of the list.')
  })
})

describe('unroutedOutcome', () => {
  it('is the result line alone, as before trails: a dropped trigger and an unexpected failure', () => {
    const dropped = unroutedOutcome(run(), coded('triggerResult.dropped'))
    expect(dropped).toMatchObject({
      executorAddress: '',
      triggerCode: 500,
      triggerMsg: 'Trigger dropped: the trigger pool queue is full (the admin is overloaded).',
    })
    expect(dropped.triggerTrail).toMatchObject({ triggerType: 'MANUAL', group: null, route: null, block: null })
    const failed = unroutedOutcome(run(), coded('triggerResult.failed', { message: 'boom' }))
    expect(failed.triggerMsg).toBe(englishMessage('triggerResult.failed', { message: 'boom' }))
    expect(failed.triggerMsg).toBe('Trigger failed: boom')
  })
})
