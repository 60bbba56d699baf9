import { describe, expect, it } from 'vitest'
import type { FlowNodeState } from '../../shared/flow-types'
import type { JobRun } from '../../shared/model'
import { nodeKill } from './flow-kill-plan'

const run = (id: number, triggerCode: number, handleCode: number, handleTimeMs = 0) =>
  ({ id, triggerCode, handleCode, handleTimeMs, triggerTimeMs: 1, handleMsg: `run ${id}` }) as JobRun
const going = run(1, 200, 0)
const succeeded = run(2, 200, 200, 10)
const failed = run(3, 200, 500, 20)

describe('what a flow run’s kill does to a node', () => {
  it.each<[FlowNodeState, JobRun[], boolean, string]>([
    ['running', [going], false, 'kill'],
    ['running', [going], true, 'kill'],
    ['running', [succeeded], false, 'kill'],
    ['running', [succeeded], true, 'finish success'],
    ['running', [succeeded, failed], true, 'finish failed'],
    ['running', [succeeded, going], true, 'kill'],
    ['running', [], true, 'kill'],
    ['waiting', [], false, 'kill'],
    ['waiting', [], true, 'kill'],
    ['pending', [], false, 'leave'],
    ['pending', [], true, 'kill'],
    ['success', [], true, 'leave'],
    ['failed', [], false, 'leave'],
    ['skipped', [], true, 'leave'],
  ])('%s with runs %j, keepFinished %s: %s', (state, current, keepFinished, expected) => {
    const plan = nodeKill(state, current, keepFinished)
    expect(plan.kind === 'finish' ? `finish ${plan.state}` : plan.kind).toBe(expected)
  })

  it('takes the output of the last failed run, else of the last run to end', () => {
    expect(nodeKill('running', [succeeded, failed], true)).toMatchObject({ speaker: { id: 3 } })
    expect(nodeKill('running', [run(4, 200, 200, 30), succeeded], true)).toMatchObject({ speaker: { id: 4 } })
  })
})
