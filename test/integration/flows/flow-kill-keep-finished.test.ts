import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { addFlow, flowRunWhere, statesOf } from '../../support/flow-harness'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

/** first (done at once) → slow (60 s) → after: killed while slow runs. */
async function killMidway(core: TestCore, options?: { keepFinished?: boolean }) {
  const first = await core.addJob({ name: 'first', executorHandler: 'echoJobHandler' })
  const slow = await core.addJob({ name: 'slow', executorHandler: 'timedJobHandler' })
  const after = await core.addJob({ name: 'after', executorHandler: 'echoJobHandler' })
  const flowId = await addFlow(
    core,
    'kill midway',
    [
      { key: 'first', jobId: first, param: 'kept' },
      { key: 'slow', jobId: slow, param: '60000' },
      { key: 'after', jobId: after },
    ],
    ['first>slow', 'slow>after'],
  )
  const { flowRunId } = await core.core.api.triggerFlow({ flowId })
  await flowRunWhere(core, flowRunId!, 'slow running', (run) => run.nodes.some((n) => n.key === 'slow' && n.state === 'running'))
  const killed = await core.core.api.killFlowRun(flowRunId!, options)
  expect((await core.finishedRuns(slow, 1))[0].handleCode).toBe(500)
  return killed
}

describe('killFlowRun', () => {
  it('by default kills what runs and leaves what was not reached pending (as before)', async () => {
    t = await startTestCore()
    const killed = await killMidway(t)
    expect(killed.state).toBe('killed')
    expect(statesOf(killed)).toEqual({ first: 'success', slow: 'killed', after: 'pending' })
  })

  it('with keepFinished keeps what finished and kills everything still going or still to start', async () => {
    t = await startTestCore()
    const killed = await killMidway(t, { keepFinished: true })
    expect(killed.state).toBe('killed')
    expect(statesOf(killed)).toEqual({ first: 'success', slow: 'killed', after: 'killed' })
    expect(killed.nodes.find((n) => n.key === 'first')?.output).toBe('kept')
  })
})
