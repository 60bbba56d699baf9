import { describe, expect, it } from 'vitest'
import type { FlowNodeRun } from '../../../../shared/flow-types'
import { canDecide, canKillFlowRun, canRetryFlowRun, latestRunId, marksFor } from './flow-run-actions'

const node = (state: FlowNodeRun['state'], runIds: number[] = []): FlowNodeRun => ({
  key: 'n',
  state,
  runIds,
  output: '',
  outputCutFromBytes: null,
  startTimeMs: 0,
  endTimeMs: 0,
  note: '',
  deadlineMarks: 0,
})

describe('the run view’s actions', () => {
  it('retries finished runs that failed or were killed, and kills active ones', () => {
    expect(['queued', 'running', 'waiting', 'success', 'failed', 'killed'].map((state) => canRetryFlowRun({ state } as never))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ])
    expect(['queued', 'running', 'waiting', 'success', 'failed', 'killed'].map((state) => canKillFlowRun({ state } as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('marks nodes that do not run now to a state they are not in', () => {
    expect(marksFor(node('pending'))).toEqual(['success', 'skipped'])
    expect(marksFor(node('failed'))).toEqual(['success', 'skipped'])
    expect(marksFor(node('success'))).toEqual(['skipped'])
    expect(marksFor(node('skipped'))).toEqual(['success'])
    expect(marksFor(node('running'))).toEqual([])
    expect(marksFor(node('waiting'))).toEqual([])
  })

  it('decides only waiting approval nodes', () => {
    expect(canDecide({ key: 'gate', kind: 'approval' }, node('waiting'))).toBe(true)
    expect(canDecide({ key: 'gate', kind: 'approval' }, node('success'))).toBe(false)
    expect(canDecide({ key: 'job', jobId: 1 }, node('waiting'))).toBe(false)
  })

  it('tails the latest of a node’s runs', () => {
    expect(latestRunId(node('failed', [4, 9]))).toBe(9)
    expect(latestRunId(node('pending'))).toBeNull()
  })
})
