import { afterEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { addFlow, flowRunEnded, flowRunWhere, nodeOf, runFlow, statesOf } from '../../support/flow-harness'
import { makeTempDir } from '../../support/temp-dir'

/** Fan-out nodes (forEach, docs/flows.md#fan-out-foreach) end to end on one SQLite core. */
let t: TestCore | undefined
const folders: { remove(): void }[] = []
afterEach(async () => {
  await t?.stop()
  t = undefined
  for (const folder of folders.splice(0)) folder.remove()
})

const echo = (t: TestCore, name: string) => t.addJob({ name, executorHandler: 'echoJobHandler' })

describe('a fan-out node', () => {
  it("runs its job once per item of a parent's list, at most forEachConcurrency at once, and hands the outputs on as a JSON array", async () => {
    t = await startTestCore()
    const [list, each, after] = [await echo(t, 'list'), await t.addJob({ name: 'each', executorHandler: 'slowEchoJobHandler' }), await echo(t, 'after')]
    const flowId = await addFlow(
      t,
      'per file',
      [
        { key: 'list', jobId: list, param: '["a", {"b": 1}, 3, "d", "e"]' },
        { key: 'each', jobId: each, forEach: '${nodes.list.output}', forEachConcurrency: 2, param: '30|${item}#${item.index}' },
        { key: 'after', jobId: after, param: '${nodes.each.output}' },
      ],
      ['list>each', 'each>after'],
    )
    const run = await runFlow(t, flowId)

    expect(statesOf(run)).toEqual({ list: 'success', each: 'success', after: 'success' })
    const outputs = ['a#0', '{"b":1}#1', '3#2', 'd#3', 'e#4']
    expect(JSON.parse(nodeOf(run, 'each').output)).toEqual(outputs)
    expect(nodeOf(run, 'after').output).toBe(JSON.stringify(outputs))
    const items = nodeOf(run, 'each').items!
    expect(items.map((i) => [i.index, i.state, i.output, i.runIds.length])).toEqual(outputs.map((o, i) => [i, 'success', o, 1]))
    expect(nodeOf(run, 'each').runIds).toEqual(items.map((i) => i.runIds[0]))
    const runs = await Promise.all(items.map((i) => t!.core.api.getRun(i.runIds[0])))
    expect(runs.map((r) => [r.triggerType, r.executorParam])).toEqual(outputs.map((o) => ['FLOW', `30|${o}`]))
    // Never more than two at once: each run starts after all but one of those before it ended.
    const spans = runs.map((r) => [r.triggerTimeMs, r.handleTimeMs] as const)
    for (const [start] of spans) expect(spans.filter(([s, e]) => s <= start && e > start).length).toBeLessThanOrEqual(2)
  })

  it('gives the item itself as the parameter without a param; an empty list succeeds at once with []', async () => {
    t = await startTestCore()
    const [each, after] = [await echo(t, 'each'), await echo(t, 'after')]
    const flowId = await addFlow(
      t,
      'plain',
      [
        { key: 'each', jobId: each, forEach: '${flow.param}', forEachConcurrency: 3 },
        { key: 'after', jobId: after, param: 'got ${nodes.each.output}' },
      ],
      ['each>after'],
    )
    const run = await runFlow(t, flowId, '["x", [1, 2], null]')
    expect(JSON.parse(nodeOf(run, 'each').output)).toEqual(['x', '[1,2]', 'null'])

    const empty = await runFlow(t, flowId, '[]')
    expect(statesOf(empty)).toEqual({ each: 'success', after: 'success' })
    expect(nodeOf(empty, 'each')).toMatchObject({ output: '[]', runIds: [] })
    expect(nodeOf(empty, 'after').output).toBe('got []')
  })

  it('fails with a note naming the reference when the list is not a JSON array', async () => {
    t = await startTestCore()
    const each = await echo(t, 'each')
    const flowId = await addFlow(t, 'not a list', [{ key: 'each', jobId: each, forEach: '${flow.param}' }], [])
    const run = await runFlow(t, flowId, 'a,b')
    expect(run.state).toBe('failed')
    expect(nodeOf(run, 'each').note).toMatch(/^forEach: the value of '\$\{flow\.param\}' is not a JSON array \(/)
    expect((await t.core.api.listRuns({ jobId: each })).runs).toHaveLength(0)
  })

  it('ends by its rule: any succeeds with one item through, all fails; a failed item retried is the same item', async () => {
    t = await startTestCore()
    const dir = makeTempDir('jobdesk-fan-out-')
    folders.push(dir)
    const flaky = await t.addJob({ name: 'flaky', executorHandler: 'flakyJobHandler' })
    // The item is how many times its run fails; a counter file per flow run and item.
    const node = (rule: 'all' | 'any', tag: string) => ({
      key: 'each',
      jobId: flaky,
      forEach: '[0, 9, 9]',
      forEachConcurrency: 3,
      forEachRule: rule,
      param: `${join(dir.path, tag)}-\${item.index}|\${item}`,
    })
    const any = await runFlow(t, await addFlow(t, 'any', [node('any', 'any')], []))
    expect(any.state).toBe('success')
    expect(JSON.parse(nodeOf(any, 'each').output)).toEqual(['attempt 1 succeeds', null, null])
    expect(nodeOf(any, 'each').items!.map((i) => i.state)).toEqual(['success', 'failed', 'failed'])
    const all = await runFlow(t, await addFlow(t, 'all', [node('all', 'all')], []))
    expect(all.state).toBe('failed')

    const retried = await t.addJob({ name: 'retried', executorHandler: 'flakyJobHandler', executorFailRetryCount: 1 })
    const flowId = await addFlow(t, 'retried', [{ ...node('all', 'retry'), jobId: retried, forEach: '[1, 0]' }], [])
    const run = await runFlow(t, flowId)
    expect(run.state).toBe('success')
    const items = nodeOf(run, 'each').items!
    expect(items.map((i) => [i.state, i.runIds.length, i.output])).toEqual([
      ['success', 2, 'attempt 2 succeeds'],
      ['success', 1, 'attempt 1 succeeds'],
    ])
    expect((await t.core.api.getRun(items[0].runIds[1])).triggerType).toBe('RETRY')
  })

  it('ends every item not done as killed when the flow run is killed, and starts no more', async () => {
    t = await startTestCore()
    const slow = await t.addJob({ name: 'slow', executorHandler: 'slowEchoJobHandler' })
    const flowId = await addFlow(t, 'killed', [{ key: 'each', jobId: slow, forEach: '[1, 2, 3, 4]', forEachConcurrency: 2, param: '600000|${item}' }], [])
    const { flowRunId } = await t.core.api.triggerFlow({ flowId })
    await flowRunWhere(t, flowRunId!, 'two items running', (r) => nodeOf(r, 'each').items?.filter((i) => i.state === 'running').length === 2)
    await t.core.api.killFlowRun(flowRunId!)
    const run = await flowRunEnded(t, flowRunId!)
    expect(run.state).toBe('killed')
    expect(nodeOf(run, 'each').items!.map((i) => i.state)).toEqual(['killed', 'killed', 'killed', 'killed'])
    expect(nodeOf(run, 'each').runIds).toHaveLength(2)
  })
})
