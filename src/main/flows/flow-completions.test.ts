import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../shared/model'
import type { FlowStep } from '../domain/flows'
import type { FlowEngineDeps } from './flow-engine-deps'
import { applyCompletions } from './flow-completions'

type Run = Pick<
  JobRun,
  | 'id'
  | 'triggerCode'
  | 'handleCode'
  | 'handleMsg'
  | 'handleTimeMs'
  | 'triggerTimeMs'
  | 'executorShardingParam'
  | 'executorFailRetryCount'
  | 'parentLogId'
  | 'alarmStatus'
>

const run = (id: number, over: Partial<Run> = {}): Run => ({
  id,
  triggerCode: 200,
  handleCode: 200,
  handleMsg: `run ${id}`,
  handleTimeMs: 1000 + id,
  triggerTimeMs: 900,
  executorShardingParam: '',
  executorFailRetryCount: 0,
  parentLogId: null,
  alarmStatus: 0,
  ...over,
})
const running = { handleCode: 0, handleMsg: '', handleTimeMs: 0 }
const shard = (i: number, n = 2) => ({ executorShardingParam: `${i}/${n}` })

/** A flow run 7 whose node "n" is running `attempt` with `steps`; records what the node was set to. */
function world(runs: Run[], steps: FlowStep[]) {
  const set: { state: string; output: string; endTimeMs: number }[] = []
  let lookups = 0
  const deps = {
    clock: { nowMs: () => 5000 },
    store: {
      runs: { getMany: async (ids: readonly number[]) => runs.filter((r) => ids.includes(r.id)) },
      flowRuns: {
        runIdsOf: async () => (lookups++, new Map([['n', steps.map((s) => s.logId)]])),
        stepsOf: async (ids: readonly number[]) => steps.filter((s) => ids.includes(s.logId)),
        setNodeState: async (_run: number, _key: string, _from: string[], _attempt: number, state: string, change: { output: string; endTimeMs: number }) => {
          set.push({ state, output: change.output, endTimeMs: change.endTimeMs })
          return true
        },
      },
    },
  } as unknown as Pick<FlowEngineDeps, 'store' | 'clock'>
  const complete = (logId: number) =>
    applyCompletions(
      deps,
      runs as JobRun[],
      steps.filter((s) => s.logId === logId),
    )
  return { set, complete, lookups: () => lookups }
}
const step = (logId: number, attempt = 1): FlowStep => ({ logId, flowRunId: 7, key: 'n', attempt })

describe('applyCompletions', () => {
  it('ends a node of one run with that run, without looking anything up', async () => {
    const w = world([run(1)], [step(1)])
    expect([...(await w.complete(1))]).toEqual([[7, ['n']]])
    expect(w.set).toEqual([{ state: 'success', output: 'run 1', endTimeMs: 1001 }])
    expect(w.lookups()).toBe(0)
  })

  it('leaves a broadcast node running while one shard still runs', async () => {
    const w = world([run(1, shard(0)), run(2, { ...shard(1), ...running })], [step(1), step(2)])
    expect(await w.complete(1)).toEqual(new Map())
    expect(w.set).toEqual([])
  })

  it('waits for a failed shard with retries left, and ends with its retry in its place', async () => {
    const failed = run(2, { ...shard(1), handleCode: 500, handleMsg: 'boom', executorFailRetryCount: 1 })
    const before = world([run(1, shard(0)), failed], [step(1), step(2)])
    await before.complete(2)
    expect(before.set).toEqual([])

    const retry = run(3, { ...shard(1), parentLogId: 2, handleMsg: 'retried' })
    const after = world([run(1, shard(0)), failed, retry], [step(1), step(2), step(3)])
    await after.complete(3)
    expect(after.set).toEqual([{ state: 'success', output: 'retried', endTimeMs: 1003 }])
  })

  it('fails a broadcast node when a shard failed for good, with that shard message even if another ended later', async () => {
    const w = world([run(1, { ...shard(0), handleTimeMs: 1500 }), run(2, { ...shard(1), handleCode: 500, handleMsg: 'shard 1 failed' })], [step(1), step(2)])
    await w.complete(1)
    expect(w.set).toEqual([{ state: 'failed', output: 'shard 1 failed', endTimeMs: 1500 }])
  })

  it('counts only the runs of the attempt that completed: an earlier attempt still running is not a shard of it', async () => {
    const w = world([run(1, { ...shard(0), ...running }), run(2, shard(0)), run(3, shard(1))], [step(1, 1), step(2, 2), step(3, 2)])
    await w.complete(3)
    expect(w.set).toEqual([{ state: 'success', output: 'run 3', endTimeMs: 1003 }])
  })

  it('waits for the retry of a failure with retries left, and ends failed when the fail monitor is done with it and no retry came', async () => {
    const failure = { handleCode: 500, handleMsg: 'failed, retries left', executorFailRetryCount: 1 }
    const waiting = world([run(1, failure)], [step(1)])
    await waiting.complete(1)
    expect(waiting.set).toEqual([])

    // The monitor took it (alarm sent) and its retry was triggered: the retry speaks for the attempt.
    const retried = world([run(1, { ...failure, alarmStatus: 2 }), run(2, { ...running, parentLogId: 1 })], [step(1), step(2)])
    await retried.complete(1)
    expect(retried.set).toEqual([])

    // The monitor is done with it but its retry could not be triggered: nothing will come.
    const lost = world([run(1, { ...failure, alarmStatus: 2 })], [step(1)])
    await lost.complete(1)
    expect(lost.set).toEqual([{ state: 'failed', output: 'failed, retries left', endTimeMs: 1001 }])
  })
})
