import { afterEach, describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { newRun } from '../../../test/support/new-run'
import { HANDLE_CODE, TRIGGER_CODE } from '../../shared/model'
import { runEndOfCompletion } from '../domain/run-end'
import { ManualClock } from '../kernel/clock'
import { silentLogger } from '../kernel/logger'
import { waitFor } from '../../../test/support/wait-for'
import { DEFAULT_REGISTRY_TIMINGS, type DeadAddress } from '../registry/health'
import { startRegistryLoops } from '../registry/registry-loops'
import { RegistryService } from '../registry/registry-service'
import { decideRunsOnDeadExecutors, endRunsOnDeadExecutors } from './dead-executor-runs'
import { LOST_RUN_THRESHOLD_MS } from './lost-runs'

const T0 = 1_767_225_600_000
const AGENT = 'http://127.0.0.1:9999/'
const OTHER = 'http://127.0.0.1:9998/'
const EMBEDDED = 'jobdesk://embedded/node-b/'
const nobodyRegistered = () => false

describe('which runs end when the registry declares executors dead', () => {
  const dead: DeadAddress[] = [{ appName: 'billing', address: AGENT, lastBeatMs: T0 }]

  it('ends every run still running on a dead address, saying which executor died and how long it was silent', () => {
    const runs = [
      { id: 1, executorAddress: AGENT },
      { id: 2, executorAddress: OTHER },
      { id: 3, executorAddress: AGENT },
    ]
    const lost = decideRunsOnDeadExecutors(runs, dead, nobodyRegistered, T0 + 95_400)
    expect(lost).toEqual(
      [1, 3].map((logId) => ({
        logId,
        handleCode: HANDLE_CODE.fail,
        handleMsg: `Job result lost, marked as failure: executor ${AGENT} was declared dead (no beat for 95 s); retries, if any, follow.`,
        handleTimeMs: T0 + 95_400,
      })),
    )
  })

  it('ends them as lost, not merely failed, for the run states and the metrics', () => {
    const [lost] = decideRunsOnDeadExecutors([{ id: 1, executorAddress: AGENT }], dead, nobodyRegistered, T0 + 95_000)
    expect(runEndOfCompletion(lost.handleCode, lost.handleMsg)).toBe('lost')
  })

  it('ends nothing on an address registered again since the sweep (an agent back, or the same address serving another group)', () => {
    const lost = decideRunsOnDeadExecutors([{ id: 1, executorAddress: AGENT }], dead, (address) => address === AGENT, T0 + 95_000)
    expect(lost).toEqual([])
  })

  it("leaves the runs of an embedded executor to the cluster's take-over, which goes by its node's lease", () => {
    const embeddedDead: DeadAddress[] = [{ appName: 'jobdesk-embedded', address: EMBEDDED, lastBeatMs: T0 }]
    expect(decideRunsOnDeadExecutors([{ id: 1, executorAddress: EMBEDDED }], embeddedDead, nobodyRegistered, T0 + 95_000)).toEqual([])
  })

  it('ends a run once when its address died under two app names, timed from the later of their last beats', () => {
    const twice: DeadAddress[] = [...dead, { appName: 'reports', address: AGENT, lastBeatMs: T0 + 5_000 }]
    const lost = decideRunsOnDeadExecutors([{ id: 7, executorAddress: AGENT }], twice, nobodyRegistered, T0 + 96_000)
    expect(lost.map((c) => [c.logId, c.handleMsg.match(/no beat for \d+ s/)?.[0]])).toEqual([[7, 'no beat for 91 s']])
  })

  it('ends nothing when no address died, and never a run that was not sent anywhere', () => {
    expect(decideRunsOnDeadExecutors([{ id: 1, executorAddress: AGENT }], [], nobodyRegistered, T0)).toEqual([])
    const blank: DeadAddress[] = [{ appName: 'billing', address: '', lastBeatMs: T0 }]
    expect(decideRunsOnDeadExecutors([{ id: 1, executorAddress: '' }], blank, nobodyRegistered, T0 + 95_000)).toEqual([])
  })
})

describe('the dead sweep at the default timings', () => {
  const fresh = freshSqliteStore()
  const stops: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop()
  })

  /** The registry loops at the defaults on a manual clock, ending runs on what each sweep declares dead. */
  async function sweepingWorld() {
    const clock = new ManualClock(T0)
    const { store } = fresh
    const registry = new RegistryService(store, DEFAULT_REGISTRY_TIMINGS)
    const loops = startRegistryLoops({
      registry,
      clock,
      timings: DEFAULT_REGISTRY_TIMINGS,
      logger: silentLogger,
      embedded: null,
      onDead: async (dead, nowMs) => void (await endRunsOnDeadExecutors({ store, complete: (lost) => store.runs.complete(lost) }, dead, nowMs)),
    })
    stops.push(() => loops.stop())
    const runningOn = async (address: string) => {
      const id = (await store.runs.insert(newRun({ triggerTimeMs: T0 })))!
      await store.runs.recordOutcomes([{ logId: id, executorAddress: address, triggerCode: TRIGGER_CODE.success, triggerMsg: 'sent' }])
      return id
    }
    /** Moves time one sweep period on and waits (bounded) until that sweep's step is done and the loop asleep again. */
    const nextSweep = async () => {
      await clock.advance(DEFAULT_REGISTRY_TIMINGS.sweepPeriodMs)
      await waitFor('the sweep loop asleep again', () => clock.sleeperCount === 1)
    }
    return { clock, registry, runningOn, nextSweep, run: async (id: number) => (await store.runs.get(id))! }
  }

  it('ends a run on an executor that stopped beating within the dead timeout plus one sweep: 2 minutes, not 10', async () => {
    const { deadTimeoutMs, sweepPeriodMs } = DEFAULT_REGISTRY_TIMINGS
    expect(deadTimeoutMs + sweepPeriodMs).toBeLessThanOrEqual(120_000)
    expect(deadTimeoutMs + sweepPeriodMs).toBeLessThan(LOST_RUN_THRESHOLD_MS)
    const { registry, runningOn, nextSweep, run } = await sweepingWorld()
    await registry.beat('billing', AGENT, T0)
    const id = await runningOn(AGENT)

    // Three sweeps, the last at exactly the dead timeout: suspect, not yet dead, its run goes on.
    for (let sweep = 0; sweep < deadTimeoutMs / sweepPeriodMs; sweep++) await nextSweep()
    expect((await run(id)).handleCode).toBe(HANDLE_CODE.none)
    await nextSweep()
    const lost = await run(id)
    expect(lost.handleCode).toBe(HANDLE_CODE.fail)
    expect(lost.handleMsg).toBe(`Job result lost, marked as failure: executor ${AGENT} was declared dead (no beat for 120 s); retries, if any, follow.`)
    expect(lost.handleTimeMs).toBeLessThanOrEqual(T0 + deadTimeoutMs + sweepPeriodMs)
  })

  it('keeps the run of an executor that beats again within the dead timeout (a restart, a pause)', async () => {
    const { deadTimeoutMs, sweepPeriodMs } = DEFAULT_REGISTRY_TIMINGS
    const { clock, registry, runningOn, nextSweep, run } = await sweepingWorld()
    await registry.beat('billing', AGENT, T0)
    const kept = await runningOn(AGENT)
    await registry.beat('billing', OTHER, T0)
    const ended = await runningOn(OTHER)

    await nextSweep()
    await nextSweep()
    await registry.beat('billing', AGENT, clock.nowMs())
    // Up to a sweep past the dead timeout after its last beat, less than one after the beat it resumed with.
    while (clock.nowMs() < T0 + deadTimeoutMs + sweepPeriodMs * 2) await nextSweep()
    expect((await run(ended)).handleCode, 'the silent one is declared dead').toBe(HANDLE_CODE.fail)
    expect((await run(kept)).handleCode, 'the one back in time keeps its run').toBe(HANDLE_CODE.none)
  })
})
