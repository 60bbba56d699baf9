import { describe, expect, it } from 'vitest'
import { flowNoteText, parseFlowNote, type FlowNote } from './flow-notes'

const NOTES: FlowNote[] = [
  { kind: 'killedBy', actor: 'ann' },
  { kind: 'timedOut', seconds: 3600 },
  { kind: 'markedBy', state: 'success', actor: 'desktop' },
  { kind: 'approvedBy', actor: 'ann', comment: 'go: ship it' },
  { kind: 'rejectedBy', actor: 'bo', comment: '' },
  { kind: 'undecided', seconds: 1 },
  { kind: 'jobMissing', jobId: 12 },
  { kind: 'switchCase', index: 2, to: 'load-eu' },
  { kind: 'switchDefault', to: 'fallback' },
  { kind: 'switchNone' },
  { kind: 'notChosen', switchKey: 'route' },
  { kind: 'subflowEnded', flowRunId: 41, state: 'killed' },
  { kind: 'subflowTooDeep', max: 5 },
]

describe('flow notes', () => {
  it('read back every note the core writes', () => {
    for (const note of NOTES) expect(parseFlowNote(flowNoteText(note))).toEqual(note)
  })

  it('write the English the store has always kept', () => {
    expect(flowNoteText({ kind: 'approvedBy', actor: 'desktop', comment: 'go' })).toBe('approved by desktop: go')
    expect(flowNoteText({ kind: 'undecided', seconds: 1 })).toBe('rejected: not decided within 1 s')
    expect(flowNoteText({ kind: 'timedOut', seconds: 1 })).toBe('timed out after 1 s')
  })

  it('know nothing of other texts', () => {
    expect(parseFlowNote('the executor refused the trigger')).toBeNull()
    expect(parseFlowNote('')).toBeNull()
  })
})
