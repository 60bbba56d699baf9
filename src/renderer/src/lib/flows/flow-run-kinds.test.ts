import { describe, expect, it } from 'vitest'
import type { FlowDefinition, FlowNodeItemRun, FlowNodeRun, FlowSwitchNodeDef } from '../../../../shared/flow-types'
import { flowNoteText } from '../../../../shared/flow-notes'
import { approvalFacts, excerpt, failedItems, itemCounts, itemsPage, switchOutcome } from './flow-run-kinds'

const nodeRun = (key: string, state: FlowNodeRun['state'], extra: Partial<FlowNodeRun> = {}): FlowNodeRun => ({
  key,
  state,
  runIds: [],
  output: '',
  outputCutFromBytes: null,
  startTimeMs: 0,
  endTimeMs: 0,
  note: '',
  deadlineMarks: 0,
  ...extra,
})
const item = (index: number, state: FlowNodeItemRun['state']): FlowNodeItemRun => ({
  index,
  state,
  runIds: [100 + index],
  output: `out ${index}`,
  startTimeMs: 1,
  endTimeMs: 2,
})

describe('a fan-out’s items', () => {
  it('counts done, under way and failed (killed included) of all', () => {
    const items = [item(0, 'success'), item(1, 'success'), item(2, 'running'), item(3, 'failed'), item(4, 'killed'), item(5, 'pending')]
    expect(itemCounts(items)).toEqual({ total: 6, done: 2, running: 1, failed: 2 })
    expect(failedItems(items).map((i) => i.index)).toEqual([3, 4])
  })

  it('pages 10,000 items, keeping the page asked for within range', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => item(i, 'success'))
    const last = itemsPage(items, 199, 50)
    expect([last.pages, last.page, last.rows.length, last.rows[0].index]).toEqual([200, 199, 50, 9950])
    expect(itemsPage(items, 500, 50).page).toBe(199)
    expect(itemsPage([], 3, 50)).toEqual({ rows: [], pages: 1, page: 0 })
  })

  it('cuts an output to one short line', () => {
    expect(excerpt('a\n  b')).toBe('a b')
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})

describe('a switch’s outcome', () => {
  const pick: FlowSwitchNodeDef = {
    key: 'pick',
    kind: 'switch',
    cases: [
      { when: { value: '${flow.param}', equals: 'big' }, to: 'big' },
      { when: { value: '${flow.param}', equals: 'small' }, to: 'small' },
    ],
    default: 'other',
  }
  const definition: FlowDefinition = {
    nodes: [pick, { key: 'big', jobId: 1 }, { key: 'small', jobId: 2 }, { key: 'other', jobId: 3 }],
    edges: ['big', 'small', 'other'].map((to) => ({ from: 'pick', to })),
  }
  const runOf = (...nodes: FlowNodeRun[]) => new Map(nodes.map((node) => [node.key, node]))

  it('reads the branch taken from the children not skipped, and the first case naming it', () => {
    const nodes = runOf(nodeRun('pick', 'success'), nodeRun('big', 'skipped'), nodeRun('small', 'running'), nodeRun('other', 'skipped'))
    expect(switchOutcome(pick, definition, nodes)).toEqual({ taken: ['small'], skipped: ['big', 'other'], cases: [2], byDefault: false })
  })

  it('says the default held when no case names the child taken', () => {
    const nodes = runOf(nodeRun('pick', 'success'), nodeRun('big', 'skipped'), nodeRun('small', 'skipped'), nodeRun('other', 'success'))
    expect(switchOutcome(pick, definition, nodes)).toEqual({ taken: ['other'], skipped: ['big', 'small'], cases: [], byDefault: true })
  })

  it('says nothing before the switch decided', () => {
    expect(switchOutcome(pick, definition, runOf(nodeRun('pick', 'pending')))).toBeNull()
  })
})

describe('an approval’s facts', () => {
  it('reads who decided, how, their comment and when, from the note the core writes', () => {
    const note = flowNoteText({ kind: 'approvedBy', actor: 'alice', comment: 'numbers checked' })
    expect(approvalFacts(nodeRun('gate', 'success', { note, endTimeMs: 5000 }))).toEqual({
      decision: 'approved',
      actor: 'alice',
      comment: 'numbers checked',
      atMs: 5000,
    })
    const late = flowNoteText({ kind: 'undecided', seconds: 60 })
    expect(approvalFacts(nodeRun('gate', 'failed', { note: late, endTimeMs: 9000 })).decision).toBe('undecided')
    expect(approvalFacts(nodeRun('gate', 'waiting'))).toEqual({ decision: null, actor: '', comment: '', atMs: 0 })
  })
})
