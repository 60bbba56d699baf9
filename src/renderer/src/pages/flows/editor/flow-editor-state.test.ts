import { describe, expect, it } from 'vitest'
import { newFlowDraft } from '../../../lib/flows/flow-draft'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'
import { flowEditorReducer, initialEditorState, type FlowEditorAction, type FlowEditorState } from './flow-editor-state'

const near = { x: 100, y: 100 }
const run = (...actions: FlowEditorAction[]): FlowEditorState => actions.reduce(flowEditorReducer, initialEditorState(newFlowDraft('UTC')))

/** extract → transform, laid out in a row. */
function twoNodes(): FlowEditorState {
  return run(
    { type: 'add-job', job: { id: 1, name: 'Extract' }, near },
    { type: 'select', selection: null },
    { type: 'add-job', job: { id: 2, name: 'Transform' }, near: { x: 500, y: 100 } },
    { type: 'link', from: 'extract', to: 'transform' },
  )
}

describe('the flow editor’s state', () => {
  it('places a new node where the operator looks, selects it, and moves nothing already placed', () => {
    const state = twoNodes()
    expect(state.positions.get('extract')).toEqual(near)
    expect(state.positions.get('transform')).toEqual({ x: 500, y: 100 })
    expect(state.selection).toEqual({ kind: 'node', key: 'transform' })
  })

  it('places a node added while another is selected right of it', () => {
    const state = flowEditorReducer(twoNodes(), { type: 'add-approval', near })
    expect(state.positions.get('approval')).toEqual({ x: 500 + FLOW_LAYOUT.nodeWidth + FLOW_LAYOUT.rankSep, y: 100 })
  })

  it('keeps a refused link out of the draft and says why', () => {
    const state = flowEditorReducer(twoNodes(), { type: 'link', from: 'transform', to: 'extract' })
    expect(state.draft.edges).toEqual([{ from: 'extract', to: 'transform' }])
    expect(state.refusal).toEqual({ reason: 'cycle', path: ['extract', 'transform', 'extract'] })
    const again = flowEditorReducer(twoNodes(), { type: 'link', from: 'extract', to: 'transform' })
    expect(again.refusal).toEqual({ reason: 'duplicate', from: 'extract', to: 'transform' })
  })

  it('deletes the nodes and links the Delete key names, with their places', () => {
    const state = flowEditorReducer(twoNodes(), { type: 'delete', keys: ['extract'], edges: [{ from: 'extract', to: 'transform' }] })
    expect(state.draft.nodes.map((node) => node.key)).toEqual(['transform'])
    expect(state.draft.edges).toEqual([])
    expect([...state.positions.keys()]).toEqual(['transform'])
    expect(state.selection).toBeNull()
  })

  it('renames a node with its place and the selection, and ignores a rename renameNode refuses', () => {
    const state = flowEditorReducer(twoNodes(), { type: 'rename', from: 'transform', to: 'clean' })
    expect(state.draft.edges).toEqual([{ from: 'extract', to: 'clean' }])
    expect(state.positions.get('clean')).toEqual({ x: 500, y: 100 })
    expect(state.selection).toEqual({ kind: 'node', key: 'clean' })
    expect(flowEditorReducer(state, { type: 'rename', from: 'clean', to: 'extract' })).toBe(state)
  })

  it('takes a tidy layout’s places but keeps the place of a node added meanwhile', () => {
    const added = flowEditorReducer(twoNodes(), { type: 'add-approval', near })
    const approvalAt = added.positions.get('approval')
    const state = flowEditorReducer(added, {
      type: 'laid-out',
      positions: new Map([
        ['extract', { x: 0, y: 0 }],
        ['transform', { x: 300, y: 0 }],
        ['gone', { x: 0, y: 0 }],
      ]),
    })
    expect(Object.fromEntries(state.positions)).toEqual({ extract: { x: 0, y: 0 }, transform: { x: 300, y: 0 }, approval: approvalAt })
  })

  it('places only the nodes without a place when the layout fell back to a grid', () => {
    const state = flowEditorReducer(twoNodes(), {
      type: 'laid-out',
      onlyUnplaced: true,
      positions: new Map([
        ['extract', { x: 0, y: 0 }],
        ['transform', { x: 300, y: 0 }],
      ]),
    })
    expect(state.positions.get('extract')).toEqual(near)
  })
})
