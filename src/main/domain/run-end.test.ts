import { describe, expect, it } from 'vitest'
import { HANDLE_CODE } from '../../shared/model'
import { interruptedEmbeddedRun } from '../completion/lost-runs'
import { runEndOfCompletion, runEndOfRow } from './run-end'

describe('how a run ended', () => {
  it('reads success, timeout, kill and failure from the codes and message', () => {
    expect(runEndOfCompletion(HANDLE_CODE.success, '')).toBe('success')
    expect(runEndOfCompletion(HANDLE_CODE.timeout, 'job execute timeout ')).toBe('timeout')
    expect(runEndOfCompletion(HANDLE_CODE.fail, 'scheduling center kill job. [job running, killed]')).toBe('killed')
    expect(runEndOfCompletion(HANDLE_CODE.fail, 'attempt 1 fails')).toBe('failed')
    expect(runEndOfRow({ triggerCode: 500, handleCode: 0, handleMsg: '' })).toBe('failed')
    expect(runEndOfRow({ triggerCode: 200, handleCode: 0, handleMsg: '' })).toBeNull()
  })

  it('knows the completions JobDesk writes for runs whose result cannot come as lost', () => {
    const interrupted = interruptedEmbeddedRun({ id: 1, executorAddress: 'jobdesk://embedded/ab12/' }, 0)
    expect(runEndOfCompletion(interrupted.handleCode, interrupted.handleMsg)).toBe('lost')
    expect(runEndOfCompletion(HANDLE_CODE.fail, 'Job result lost, marked as failure: the run was still running 10 min after its trigger')).toBe('lost')
  })
})
