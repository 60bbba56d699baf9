import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { addFlow, flowRunEnded, flowRunWhere, nodeOf, runFlow, statesOf } from '../../support/flow-harness'
import { makeTempDir } from '../../support/temp-dir'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

const echo = (t: TestCore, name: string) => t.addJob({ name, executorHandler: 'echoJobHandler' })

describe('a flow run', () => {
  it('fans in: C waits for A and B, fires once after both, with their outputs and the flow parameter in its parameter', async () => {
    t = await startTestCore()
    const [a, b, c] = [await echo(t, 'A'), await echo(t, 'B'), await echo(t, 'C')]
    const flowId = await addFlow(
      t,
      'fan-in',
      [
        { key: 'a', jobId: a, param: 'from-a' },
        { key: 'b', jobId: b, param: 'from-b' },
        { key: 'c', jobId: c, param: '${nodes.a.output}+${nodes.b.output}+${flow.param}' },
      ],
      ['a>c', 'b>c'],
    )
    const run = await runFlow(t, flowId, 'P')

    expect(run.state).toBe('success')
    expect(statesOf(run)).toEqual({ a: 'success', b: 'success', c: 'success' })
    expect(nodeOf(run, 'c').output).toBe('from-a+from-b+P')
    const cRuns = (await t.core.api.listRuns({ jobId: c })).runs
    expect(cRuns).toHaveLength(1)
    expect(cRuns[0]).toMatchObject({ triggerType: 'FLOW', executorParam: 'from-a+from-b+P' })
    // C started after both parents had finished.
    const [runA, runB] = [await t.core.api.getRun(nodeOf(run, 'a').runIds[0]), await t.core.api.getRun(nodeOf(run, 'b').runIds[0])]
    expect(cRuns[0].triggerTimeMs).toBeGreaterThanOrEqual(Math.max(runA.handleTimeMs, runB.handleTimeMs))
    expect(nodeOf(run, 'c').runIds).toEqual([cRuns[0].id])
  })

  it('propagates upstream_failed down all_success nodes, while an all_done node after the failure still runs', async () => {
    t = await startTestCore()
    const failing = await t.addJob({ name: 'fails', executorHandler: 'failJobHandler' })
    const [b, c, cleanup] = [await echo(t, 'B'), await echo(t, 'C'), await echo(t, 'cleanup')]
    const flowId = await addFlow(
      t,
      'failure',
      [
        { key: 'a', jobId: failing },
        { key: 'b', jobId: b },
        { key: 'c', jobId: c },
        { key: 'cleanup', jobId: cleanup, triggerRule: 'all_done' },
      ],
      ['a>b', 'b>c', 'a>cleanup'],
    )
    const run = await runFlow(t, flowId)

    expect(statesOf(run)).toEqual({ a: 'failed', b: 'upstream_failed', c: 'upstream_failed', cleanup: 'success' })
    expect(run.state).toBe('failed') // the leaf c failed upstream
    expect((await t.core.api.listRuns({ jobId: b })).runs).toHaveLength(0)
    expect((await t.core.api.listRuns({ jobId: cleanup })).runs).toHaveLength(1)
  })

  it('ends success when a one_failed handler takes the only failure (the leaves decide, as in Airflow)', async () => {
    t = await startTestCore()
    const failing = await t.addJob({ name: 'fails', executorHandler: 'failJobHandler' })
    const handler = await echo(t, 'handler')
    const flowId = await addFlow(
      t,
      'handled',
      [
        { key: 'a', jobId: failing },
        { key: 'onfail', jobId: handler, triggerRule: 'one_failed' },
      ],
      ['a>onfail'],
    )
    const run = await runFlow(t, flowId)
    expect(statesOf(run)).toEqual({ a: 'failed', onfail: 'success' })
    expect(run.state).toBe('success')
  })

  it('retry re-runs only the failed node and what depends on it; the succeeded node keeps its result', async () => {
    t = await startTestCore()
    const dir = makeTempDir()
    try {
      const [a, c] = [await echo(t, 'A'), await echo(t, 'C')]
      const flaky = await t.addJob({ name: 'flaky', executorHandler: 'flakyJobHandler' })
      const flowId = await addFlow(
        t,
        'retry',
        [
          { key: 'a', jobId: a, param: 'a-out' },
          { key: 'b', jobId: flaky, param: `${join(dir.path, 'attempts')}|1` },
          { key: 'c', jobId: c, param: 'after ${nodes.a.output}' },
        ],
        ['a>b', 'b>c'],
      )
      const first = await runFlow(t, flowId)
      expect(statesOf(first)).toEqual({ a: 'success', b: 'failed', c: 'upstream_failed' })

      await t.core.api.retryFlowRun(first.id)
      const again = await flowRunEnded(t, first.id)
      expect(again.state).toBe('success')
      expect(statesOf(again)).toEqual({ a: 'success', b: 'success', c: 'success' })
      expect(nodeOf(again, 'a').runIds).toEqual(nodeOf(first, 'a').runIds) // not run again
      expect(nodeOf(again, 'b').runIds).toHaveLength(2)
      expect(nodeOf(again, 'c').output).toBe('after a-out')
      // Nothing left to retry once everything succeeded.
      await expect(t.core.api.retryFlowRun(first.id)).rejects.toMatchObject({ code: 'flow.nothingToRetry' })
    } finally {
      dir.remove()
    }
  })

  it('mark success on a failed node unblocks its descendants', async () => {
    t = await startTestCore()
    const failing = await t.addJob({ name: 'fails', executorHandler: 'failJobHandler' })
    const after = await echo(t, 'after')
    const flowId = await addFlow(
      t,
      'mark',
      [
        { key: 'a', jobId: failing },
        { key: 'b', jobId: after },
      ],
      ['a>b'],
    )
    const first = await runFlow(t, flowId)
    expect(first.state).toBe('failed')

    await t.core.api.markFlowNode({ flowRunId: first.id, key: 'a', state: 'success' })
    const marked = await flowRunEnded(t, first.id)
    expect(statesOf(marked)).toEqual({ a: 'success', b: 'success' })
    expect(marked.state).toBe('success')
    expect(nodeOf(marked, 'a').note).toBe('marked success by desktop')
  })

  it('kill ends every running node and the run; what was not reached stays pending', async () => {
    t = await startTestCore()
    const slow1 = await t.addJob({ name: 'slow 1', executorHandler: 'timedJobHandler' })
    const slow2 = await t.addJob({ name: 'slow 2', executorHandler: 'timedJobHandler' })
    const after = await echo(t, 'after')
    const flowId = await addFlow(
      t,
      'kill',
      [
        { key: 'slow1', jobId: slow1, param: '60000' },
        { key: 'slow2', jobId: slow2, param: '60000' },
        { key: 'after', jobId: after },
      ],
      ['slow1>after', 'slow2>after'],
    )
    const { flowRunId } = await t.core.api.triggerFlow({ flowId })
    await flowRunWhere(t, flowRunId!, 'both slow nodes running', (run) => run.nodes.filter((n) => n.state === 'running').length === 2)
    const killed = await t.core.api.killFlowRun(flowRunId!)

    expect(killed.state).toBe('killed')
    expect(statesOf(killed)).toEqual({ slow1: 'killed', slow2: 'killed', after: 'pending' })
    for (const job of [slow1, slow2]) expect((await t.finishedRuns(job, 1))[0].handleCode).toBe(500)
    await expect(t.core.api.killFlowRun(flowRunId!)).rejects.toMatchObject({ code: 'flow.runNotActive' })
  })

  it('a flow timeout kills the running nodes and fails the run', async () => {
    t = await startTestCore()
    const slow = await t.addJob({ name: 'slow', executorHandler: 'timedJobHandler' })
    const flowId = await addFlow(t, 'timeout', [{ key: 'slow', jobId: slow, param: '60000' }], [], { timeoutSec: 1 })
    const run = await runFlow(t, flowId)
    expect(run.state).toBe('failed')
    expect(run.reason).toBe('timed out after 1 s')
    expect(statesOf(run)).toEqual({ slow: 'killed' })
  })
})

describe('approvals', () => {
  it('wait without an executor run; approve → the flow goes on; audited', async () => {
    t = await startTestCore()
    const [a, b] = [await echo(t, 'A'), await echo(t, 'B')]
    const flowId = await addFlow(
      t,
      'approve',
      [
        { key: 'a', jobId: a },
        { key: 'gate', kind: 'approval', prompt: 'ship it?' },
        { key: 'b', jobId: b, param: 'approved: ${nodes.gate.output}' },
      ],
      ['a>gate', 'gate>b'],
    )
    const { flowRunId } = await t.core.api.triggerFlow({ flowId })
    const waiting = await flowRunWhere(t, flowRunId!, 'the run waiting for its approval', (run) => run.state === 'waiting')
    expect(statesOf(waiting)).toEqual({ a: 'success', gate: 'waiting', b: 'pending' })
    expect(nodeOf(waiting, 'gate').runIds).toEqual([])
    expect(await t.core.api.getOverview()).toMatchObject({ runningCount: 0 })

    await t.core.api.decideApproval({ flowRunId: flowRunId!, key: 'gate', approve: true, comment: 'go' })
    const done = await flowRunEnded(t, flowRunId!)
    expect(done.state).toBe('success')
    expect(nodeOf(done, 'gate')).toMatchObject({ state: 'success', note: 'approved by desktop: go' })
    expect(nodeOf(done, 'b').output).toBe('approved: go')
    const audit = (await t.core.api.listAudit({ action: 'flow.approve' })).entries
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ target: `flow run ${flowRunId}`, outcome: 'ok' })
    await expect(t.core.api.decideApproval({ flowRunId: flowRunId!, key: 'gate', approve: false, comment: '' })).rejects.toMatchObject({
      code: 'flow.approvalNotWaiting',
    })
  })

  it('reject fails the approval and the rules decide what follows; a time-out rejects', async () => {
    t = await startTestCore()
    const [after, onReject] = [await echo(t, 'after'), await echo(t, 'on reject')]
    const nodes = [
      { key: 'gate', kind: 'approval' as const, timeoutSec: 1 },
      { key: 'after', jobId: after },
      { key: 'onreject', jobId: onReject, triggerRule: 'one_failed' as const },
    ]
    const flowId = await addFlow(t, 'reject', nodes, ['gate>after', 'gate>onreject'])
    const { flowRunId } = await t.core.api.triggerFlow({ flowId })
    await flowRunWhere(t, flowRunId!, 'waiting', (run) => run.state === 'waiting')
    await t.core.api.decideApproval({ flowRunId: flowRunId!, key: 'gate', approve: false, comment: 'not today' })
    const rejected = await flowRunEnded(t, flowRunId!)
    expect(statesOf(rejected)).toEqual({ gate: 'failed', after: 'upstream_failed', onreject: 'success' })
    expect((await t.core.api.listAudit({ action: 'flow.reject' })).entries).toHaveLength(1)

    // Nobody decides this time: the time-out rejects.
    const timedOut = await runFlow(t, flowId)
    expect(nodeOf(timedOut, 'gate')).toMatchObject({ state: 'failed', note: 'rejected: not decided within 1 s' })
  })
})

describe('concurrency', () => {
  const slowFlow = async (t: TestCore, overlap: 'SKIP' | 'QUEUE' | 'ALLOW') => {
    const slow = await t.addJob({ name: `slow ${overlap}`, executorHandler: 'timedJobHandler' })
    return addFlow(t, `overlap ${overlap}`, [{ key: 'slow', jobId: slow, param: '400' }], [], { overlap, maxActiveRuns: 1 })
  }

  it('SKIP leaves a fire out while the flow is at maxActiveRuns', async () => {
    t = await startTestCore()
    const flowId = await slowFlow(t, 'SKIP')
    const first = await t.core.api.triggerFlow({ flowId })
    expect(await t.core.api.triggerFlow({ flowId })).toEqual({ flowRunId: null, state: 'skipped' })
    expect((await flowRunEnded(t, first.flowRunId!)).state).toBe('success')
  })

  it('QUEUE starts the next run when the active one ends', async () => {
    t = await startTestCore()
    const flowId = await slowFlow(t, 'QUEUE')
    const first = await t.core.api.triggerFlow({ flowId })
    const second = await t.core.api.triggerFlow({ flowId })
    expect([first.state, second.state]).toEqual(['running', 'queued'])
    const [a, b] = [await flowRunEnded(t, first.flowRunId!), await flowRunEnded(t, second.flowRunId!)]
    expect([a.state, b.state]).toEqual(['success', 'success'])
    expect(b.startTimeMs).toBeGreaterThanOrEqual(a.endTimeMs)
  })

  it('ALLOW starts it anyway', async () => {
    t = await startTestCore()
    const flowId = await slowFlow(t, 'ALLOW')
    const [first, second] = [await t.core.api.triggerFlow({ flowId }), await t.core.api.triggerFlow({ flowId })]
    expect([first.state, second.state]).toEqual(['running', 'running'])
    const [a, b] = [await flowRunEnded(t, first.flowRunId!), await flowRunEnded(t, second.flowRunId!)]
    expect(b.startTimeMs).toBeLessThan(a.endTimeMs) // they overlapped
  })
})
