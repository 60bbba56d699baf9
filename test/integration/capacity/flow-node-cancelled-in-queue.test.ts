import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { addFlow, flowRunEnded, flowRunWhere, nodeOf, statesOf } from '../../support/flow-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
let files: ReturnType<typeof makeTempDir> | undefined
let clock: ManualClock | undefined
afterEach(async () => {
  // The core's loops sleep on the manual clock, its stop too: time moves on while it stops.
  let stopped = false
  const stopping = t?.stop().finally(() => (stopped = true))
  for (let step = 0; stopping && !stopped && step < 600; step++) {
    await clock?.advance(1000)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await stopping
  files?.remove()
  t = files = clock = undefined
})

/**
 * A flow's node whose run waits in the queue, cancelled there: the run ends failed without reaching
 * an executor, and the flow hears of it at once, as of any failed node — on a clock that stands
 * still, so no periodic look of the engine's could be what moved it.
 */
describe('a flow node cancelled while queued', () => {
  it('fails the node and ends the flow run, while the run holding the pool goes on', async () => {
    clock = new ManualClock(Date.parse('2026-12-07T03:00:00Z'))
    t = await startTestCore({ clock })
    files = makeTempDir('jobdesk-queued-node-')
    const release = join(files.path, 'release')
    await t.core.api.addPool({ name: 'oracle', slots: 1 })
    const job = await t.addJob({ name: 'settle', executorHandler: 'untilFileJobHandler', executorParam: release, pools: [{ name: 'oracle', slots: 1 }] })
    const [holder] = (await t.core.api.triggerJob({ jobId: job })).logIds
    await waitFor('the holder holding the pool', async () => (await t!.core.api.listPools())[0].held === 1)

    const flowId = await addFlow(t, 'nightly settle', [{ key: 'settle', jobId: job }], [])
    const { flowRunId } = await t.core.api.triggerFlow({ flowId })
    const queued = await flowRunWhere(t, flowRunId!, 'the node run queued', (run) => nodeOf(run, 'settle').runIds.length > 0)
    const [nodeRun] = nodeOf(queued, 'settle').runIds
    expect((await t.core.api.listQueue({})).map((q) => q.runId)).toEqual([nodeRun])

    await t.core.api.cancelQueued({ runId: nodeRun })
    const ended = await flowRunEnded(t, flowRunId!)
    expect(ended.state).toBe('failed')
    expect(statesOf(ended)).toEqual({ settle: 'failed' })
    expect(await t.core.api.getRun(nodeRun)).toMatchObject({ triggerCode: 500, triggerMsg: 'cancelled while queued' })
    expect((await t.core.api.getRun(holder)).handleCode).toBe(0)
    writeFileSync(release, 'done')
  })
})
