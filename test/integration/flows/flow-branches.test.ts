import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { addFlow, flowRunEnded, flowRunWhere, nodeOf, runFlow, statesOf } from '../../support/flow-harness'
import { makeTempDir } from '../../support/temp-dir'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

const echo = (t: TestCore, name: string) => t.addJob({ name, executorHandler: 'echoJobHandler' })

describe('a switch node', () => {
  /** check → route → {eu, us, other}; us → after-us; every branch → report (runs after whichever ran). */
  async function routed(t: TestCore, withDefault: boolean): Promise<number> {
    const [check, load, report] = [await echo(t, 'check'), await echo(t, 'load'), await echo(t, 'report')]
    return addFlow(
      t,
      `routed ${withDefault}`,
      [
        { key: 'check', jobId: check, param: '${flow.param}' },
        {
          kind: 'switch',
          key: 'route',
          cases: [
            { when: { value: '${nodes.check.output}', equals: 'eu' }, to: 'eu' },
            { when: { value: '${nodes.check.output}', matches: '^us-' }, to: 'us' },
            { when: { value: '${nodes.check.output}', gt: 100 }, to: 'other' },
          ],
          ...(withDefault && { default: 'other' }),
        },
        { key: 'eu', jobId: load, param: 'eu' },
        { key: 'us', jobId: load, param: 'us' },
        { key: 'other', jobId: load, param: 'other' },
        { key: 'after-us', jobId: load },
        { key: 'report', jobId: report, param: 'report', triggerRule: 'none_failed_min_one_success' },
      ],
      ['check>route', 'route>eu', 'route>us', 'route>other', 'us>after-us', 'eu>report', 'after-us>report', 'other>report'],
    )
  }

  it.each([
    ['eu', 'eu', 'case 1 held: runs eu'],
    ['us-east', 'us', 'case 2 held: runs us'],
    ['250', 'other', 'case 3 held: runs other'],
    ['apac', 'other', 'no case held: runs the default other'],
  ])('routes %s to %s; the branches not taken end skipped and their descendants follow', async (param, branch, note) => {
    t = await startTestCore()
    const run = await runFlow(t, await routed(t, true), param)

    expect(run.state).toBe('success')
    expect(nodeOf(run, 'route')).toMatchObject({ state: 'success', output: branch, note, runIds: [] })
    for (const key of ['eu', 'us', 'other']) expect(nodeOf(run, key).state).toBe(key === branch ? 'success' : 'skipped')
    expect(nodeOf(run, branch === 'eu' ? 'us' : 'eu').note).toBe('branch not taken by switch route')
    expect(nodeOf(run, 'after-us').state).toBe(branch === 'us' ? 'success' : 'skipped')
    expect(nodeOf(run, 'report').state).toBe('success')
  })

  it('without a default and no case holding, skips every branch', async () => {
    t = await startTestCore()
    const run = await runFlow(t, await routed(t, false), 'apac')
    expect(statesOf(run)).toEqual({
      check: 'success',
      route: 'success',
      eu: 'skipped',
      us: 'skipped',
      other: 'skipped',
      'after-us': 'skipped',
      report: 'skipped',
    })
    expect(nodeOf(run, 'route')).toMatchObject({ output: '', note: 'no case held and there is no default: no branch runs' })
    expect(run.state).toBe('success')
  })

  it('refuses a save whose switch leaves a child without a branch', async () => {
    t = await startTestCore()
    const job = await echo(t, 'x')
    await expect(
      addFlow(
        t,
        'no branch',
        [
          { kind: 'switch', key: 'route', cases: [{ when: { value: '${flow.param}', equals: 'a' }, to: 'a' }] },
          { key: 'a', jobId: job },
          { key: 'b', jobId: job },
        ],
        ['route>a', 'route>b'],
      ),
    ).rejects.toMatchObject({ code: 'flow.switchChildNoBranch', params: { node: 'route', child: 'b' } })
  })
})

describe('a subflow node', () => {
  it("runs the child flow with its parameter, linked both ways; the child's output is the node's", async () => {
    t = await startTestCore()
    const job = await echo(t, 'echo')
    const child = await addFlow(t, 'nightly-load', [{ key: 'load', jobId: job, param: '${flow.param}-loaded' }], [])
    const parent = await addFlow(
      t,
      'parent',
      [
        { key: 'prep', jobId: job, param: 'day1' },
        { kind: 'subflow', key: 'sub', flowId: child, param: '${nodes.prep.output}' },
        { key: 'after', jobId: job, param: 'got ${nodes.sub.output}' },
      ],
      ['prep>sub', 'sub>after'],
    )
    const run = await runFlow(t, parent)

    expect(statesOf(run)).toEqual({ prep: 'success', sub: 'success', after: 'success' })
    const sub = nodeOf(run, 'sub')
    expect(sub.output).toBe('day1-loaded')
    expect(nodeOf(run, 'after').output).toBe('got day1-loaded')
    const childRun = await t.core.api.getFlowRun(sub.subflowRunId!)
    expect(childRun).toMatchObject({
      flowId: child,
      state: 'success',
      triggerType: 'PARENT',
      param: 'day1',
      parent: { flowRunId: run.id, flowId: parent, key: 'sub' },
    })
    expect(sub.note).toBe(`sub-flow run ${childRun.id} ended success`)
    expect(run.parent).toBeNull()
  })

  it('fails with its child; a retry of the parent starts a new child run, which succeeds', async () => {
    t = await startTestCore()
    const dir = makeTempDir()
    try {
      const flaky = await t.addJob({ name: 'flaky', executorHandler: 'flakyJobHandler' })
      const child = await addFlow(t, 'flaky child', [{ key: 'try', jobId: flaky, param: `${join(dir.path, 'attempts')}|1` }], [])
      const parent = await addFlow(t, 'parent of flaky', [{ kind: 'subflow', key: 'sub', flowId: child }], [])
      const first = await runFlow(t, parent)
      expect(first.state).toBe('failed')
      const firstChild = nodeOf(first, 'sub').subflowRunId!
      expect(nodeOf(first, 'sub')).toMatchObject({ state: 'failed', output: 'attempt 1 fails', note: `sub-flow run ${firstChild} ended failed` })

      await t.core.api.retryFlowRun(first.id)
      const again = await flowRunEnded(t, first.id)
      expect(again.state).toBe('success')
      const secondChild = nodeOf(again, 'sub').subflowRunId!
      expect(secondChild).not.toBe(firstChild)
      expect((await t.core.api.getFlowRun(firstChild)).state).toBe('failed')
      expect((await t.core.api.getFlowRun(secondChild)).state).toBe('success')
      expect(nodeOf(again, 'sub').output).toBe('attempt 2 succeeds')
    } finally {
      dir.remove()
    }
  })

  it('is killed with its parent run, and kills its child run', async () => {
    t = await startTestCore()
    const slow = await t.addJob({ name: 'slow', executorHandler: 'timedJobHandler' })
    const child = await addFlow(t, 'slow child', [{ key: 'slow', jobId: slow, param: '60000' }], [])
    const parent = await addFlow(t, 'parent of slow', [{ kind: 'subflow', key: 'sub', flowId: child }], [])
    const { flowRunId } = await t.core.api.triggerFlow({ flowId: parent })
    const running = await flowRunWhere(t, flowRunId!, 'the sub-flow running', (run) => typeof nodeOf(run, 'sub').subflowRunId === 'number')
    const childId = nodeOf(running, 'sub').subflowRunId!
    await flowRunWhere(t, childId, 'the child node running', (run) => nodeOf(run, 'slow').state === 'running')

    const killed = await t.core.api.killFlowRun(flowRunId!)
    expect(killed.state).toBe('killed')
    expect(nodeOf(killed, 'sub').state).toBe('killed')
    const childRun = await flowRunEnded(t, childId)
    expect(childRun).toMatchObject({ state: 'killed', reason: 'killed by desktop' })
    expect(nodeOf(childRun, 'slow').state).toBe('killed')
  })

  it('queues its child run when the child flow is at its maxActiveRuns, whatever its overlap, and runs it once a slot frees', async () => {
    t = await startTestCore()
    const slow = await t.addJob({ name: 'slow', executorHandler: 'timedJobHandler' })
    const child = await addFlow(t, 'busy child', [{ key: 'slow', jobId: slow, param: '${flow.param}' }], [], { maxActiveRuns: 1, overlap: 'SKIP' })
    const parent = await addFlow(t, 'parent of busy', [{ kind: 'subflow', key: 'sub', flowId: child, param: '10' }], [])
    const { flowRunId: busy } = await t.core.api.triggerFlow({ flowId: child, param: '1500' })
    const { flowRunId } = await t.core.api.triggerFlow({ flowId: parent })
    const waiting = await flowRunWhere(t, flowRunId!, 'the sub-flow started', (run) => typeof nodeOf(run, 'sub').subflowRunId === 'number')
    const queued = await t.core.api.getFlowRun(nodeOf(waiting, 'sub').subflowRunId!)
    expect(queued.state).toBe('queued')
    expect(nodeOf(waiting, 'sub').state).toBe('running')

    expect((await flowRunEnded(t, busy!)).state).toBe('success')
    expect((await flowRunEnded(t, flowRunId!)).state).toBe('success')
  })

  it('refuses a cycle across flows and the delete of a flow in use as a sub-flow', async () => {
    t = await startTestCore()
    const job = await echo(t, 'echo')
    const child = await addFlow(t, 'child', [{ key: 'a', jobId: job }], [])
    const parent = await addFlow(t, 'parent', [{ kind: 'subflow', key: 'sub', flowId: child }], [])
    await expect(
      t.core.api.updateFlow({ id: child, name: 'child', nodes: [{ kind: 'subflow', key: 'back', flowId: parent }], edges: [] }),
    ).rejects.toMatchObject({
      code: 'flow.subflowCycle',
      params: { path: ['child', 'parent', 'child'] },
    })
    await expect(t.core.api.removeFlow(child)).rejects.toMatchObject({ code: 'flow.usedAsSubflow', params: { id: child, flows: ['parent'] } })
    await t.core.api.removeFlow(parent)
    await t.core.api.removeFlow(child)
  })
})
