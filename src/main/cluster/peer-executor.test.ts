import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { JobService } from '../definitions/job-service'
import { ensureEmbeddedGroup } from '../definitions/seed-demo'
import { SUCCESS, type ExecutorApi, type TriggerParam } from '../executor/executor-api'
import { defaultJobInput } from '../../shared/job-defaults'
import { peerExecutor } from './peer-executor'

const T0 = Date.UTC(2026, 0, 5, 9)
const fresh = freshSqliteStore()

/** An embedded executor that records what it is asked to run. */
function recordingExecutor(): ExecutorApi & { runs: TriggerParam[] } {
  const runs: TriggerParam[] = []
  const ok = async () => SUCCESS
  return { runs, beat: ok, idleBeat: ok, kill: ok, log: ok as never, run: async (param) => (runs.push(param), SUCCESS) }
}

describe("a peer's trigger on this node's embedded executor", () => {
  it('runs what the database says for a run waiting for its trigger, and nothing for any other', async () => {
    const group = await ensureEmbeddedGroup(fresh.store.groups, T0)
    const job = await new JobService(fresh.store, () => T0).save(
      defaultJobInput(group, 'UTC', {
        name: 'script',
        scheduleType: 'NONE',
        glueType: 'GLUE_SHELL',
        glueSource: 'echo stored',
        executorBlockStrategy: 'DISCARD_LATER',
        executorTimeoutSec: 7,
      }),
    )
    const insert = (shard: string) =>
      fresh.store.runs.insert({
        jobGroup: group,
        jobId: job.id,
        executorHandler: '',
        executorParam: 'the run param',
        executorShardingParam: shard,
        executorFailRetryCount: 0,
        triggerTimeMs: T0,
        triggerType: 'MANUAL',
        scheduleTimeMs: null,
        parentLogId: null,
      })
    const pending = (await insert('1/3'))!
    const executor = recordingExecutor()
    const peer = peerExecutor(fresh.store, executor)

    expect((await peer.run(pending)).code).toBe(200)
    expect(executor.runs).toEqual([
      expect.objectContaining({
        logId: pending,
        jobId: job.id,
        glueType: 'GLUE_SHELL',
        glueSource: 'echo stored',
        executorParams: 'the run param',
        executorBlockStrategy: 'DISCARD_LATER',
        executorTimeout: 7,
        broadcastIndex: 1,
        broadcastTotal: 3,
        logDateTime: T0,
      }),
    ])
    // Triggered (or ended) runs, and runs that do not exist, are nobody's to trigger again.
    await fresh.store.runs.recordOutcomes([{ logId: pending, executorAddress: 'jobdesk://embedded/b/', triggerCode: 200, triggerMsg: '' }])
    expect((await peer.run(pending)).code).toBe(500)
    expect((await peer.run(pending + 99)).code).toBe(500)
    expect(executor.runs).toHaveLength(1)
  })
})
