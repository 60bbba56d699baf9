import type { FlowDefinition, FlowEdge, FlowSettings } from '../../../../../shared/flow-types'
import type { Point } from '../../../lib/dag/dag-layout'
import {
  addApprovalNode,
  addJobNode,
  addSubflowNode,
  addSwitchNode,
  linkNodes,
  removeNode,
  renameNode,
  unlinkNodes,
  updateNode,
  type FlowDraft,
  type NodePatch,
} from '../../../lib/flows/flow-draft'
import { FLOW_LAYOUT, placeNewNode } from '../../../lib/flows/flow-layout'
import type { FlowSelection } from './flow-elements'

/**
 * The flow editor's state as one reducer: the draft (what is saved), where each node is drawn
 * (the editor's own, never saved), what is selected and the last refused link. The draft's steps
 * are lib/flow-draft.ts's; this adds what the canvas needs around them.
 */
export type LinkRefusal = { reason: 'cycle'; path: string[] } | { reason: 'duplicate'; from: string; to: string }

export interface FlowEditorState {
  draft: FlowDraft
  positions: ReadonlyMap<string, Point>
  selection: FlowSelection
  refusal: LinkRefusal | null
  /** The node just added (and selected): the view tries to show it with the rest of the flow. */
  added: string | null
}

export type FlowEditorAction =
  | { type: 'settings'; patch: Partial<FlowSettings> }
  /** `near`: where the operator looks (the view's centre), used unless a node is selected. */
  | { type: 'add-job'; job: { id: number; name: string }; near: Point }
  | { type: 'add-approval'; near: Point }
  | { type: 'add-subflow'; flow: { id: number; name: string }; near: Point }
  | { type: 'add-switch'; near: Point }
  | { type: 'link'; from: string; to: string }
  | { type: 'unlink'; from: string; to: string }
  /** Nodes (with their links) and links to delete, as the Delete key or a button names them. */
  | { type: 'delete'; keys: readonly string[]; edges: readonly FlowEdge[] }
  /** Only a rename renameNode accepts changes anything (the panel checks first, to say why not). */
  | { type: 'rename'; from: string; to: string }
  | { type: 'update-node'; key: string; patch: NodePatch }
  | { type: 'select'; selection: FlowSelection }
  | { type: 'move'; key: string; position: Point }
  /** A tidy layout arrived: every node it placed moves there (with `onlyUnplaced`, only nodes without a place yet). */
  | { type: 'laid-out'; positions: ReadonlyMap<string, Point>; onlyUnplaced?: boolean }
  | { type: 'dismiss-refusal' }

export function initialEditorState(draft: FlowDraft): FlowEditorState {
  return { draft, positions: new Map(), selection: null, refusal: null, added: null }
}

function withDefinition(state: FlowEditorState, definition: FlowDefinition): FlowDraft {
  return { ...state.draft, nodes: definition.nodes, edges: definition.edges }
}

/** A new node goes right of the selected node (its likely parent), else near where the operator looks. */
function placeFor(state: FlowEditorState, near: Point): Point {
  const selected = state.selection?.kind === 'node' ? state.positions.get(state.selection.key) : undefined
  const wanted = selected ? { x: selected.x + FLOW_LAYOUT.nodeWidth + FLOW_LAYOUT.rankSep, y: selected.y } : near
  return placeNewNode([...state.positions.values()], wanted)
}

function added(state: FlowEditorState, result: { definition: FlowDefinition; key: string }, near: Point): FlowEditorState {
  const positions = new Map(state.positions).set(result.key, placeFor(state, near))
  const selection: FlowSelection = { kind: 'node', key: result.key }
  return { ...state, draft: withDefinition(state, result.definition), positions, selection, refusal: null, added: result.key }
}

function renamedSelection(selection: FlowSelection, from: string, to: string): FlowSelection {
  if (selection?.kind === 'node') return selection.key === from ? { kind: 'node', key: to } : selection
  if (selection?.kind === 'edge') return { kind: 'edge', from: selection.from === from ? to : selection.from, to: selection.to === from ? to : selection.to }
  return selection
}

export function flowEditorReducer(state: FlowEditorState, action: FlowEditorAction): FlowEditorState {
  switch (action.type) {
    case 'settings':
      return { ...state, draft: { ...state.draft, ...action.patch } }
    case 'add-job':
      return added(state, addJobNode(state.draft, action.job), action.near)
    case 'add-approval':
      return added(state, addApprovalNode(state.draft), action.near)
    case 'add-subflow':
      return added(state, addSubflowNode(state.draft, action.flow), action.near)
    case 'add-switch':
      return added(state, addSwitchNode(state.draft), action.near)
    case 'link': {
      const result = linkNodes(state.draft, action.from, action.to)
      if (result.ok) return { ...state, draft: withDefinition(state, result.definition), refusal: null }
      if (result.reason === 'cycle') return { ...state, refusal: { reason: 'cycle', path: result.path } }
      if (result.reason === 'duplicate') return { ...state, refusal: { reason: 'duplicate', from: action.from, to: action.to } }
      return state
    }
    case 'unlink':
      return { ...state, draft: withDefinition(state, unlinkNodes(state.draft, action.from, action.to)), selection: null }
    case 'delete': {
      let definition: FlowDefinition = state.draft
      for (const edge of action.edges) definition = unlinkNodes(definition, edge.from, edge.to)
      for (const key of action.keys) definition = removeNode(definition, key)
      const positions = new Map(state.positions)
      for (const key of action.keys) positions.delete(key)
      return { ...state, draft: withDefinition(state, definition), positions, selection: null, added: null }
    }
    case 'rename': {
      const result = renameNode(state.draft, action.from, action.to)
      if (!result.ok || action.from === action.to) return state
      const positions = new Map([...state.positions].map(([key, at]): [string, Point] => [key === action.from ? action.to : key, at]))
      const added = state.added === action.from ? action.to : state.added
      return {
        ...state,
        draft: withDefinition(state, result.definition),
        positions,
        selection: renamedSelection(state.selection, action.from, action.to),
        added,
      }
    }
    case 'update-node':
      return { ...state, draft: withDefinition(state, updateNode(state.draft, action.key, action.patch)) }
    case 'select':
      return { ...state, selection: action.selection, added: null }
    case 'move':
      return { ...state, positions: new Map(state.positions).set(action.key, action.position) }
    case 'laid-out': {
      // A node added while the layout was computed keeps the place it was given.
      const keys = new Set(state.draft.nodes.map((node) => node.key))
      const arrived = action.onlyUnplaced ? [...action.positions].filter(([key]) => !state.positions.has(key)) : [...action.positions]
      const positions = new Map([...state.positions, ...arrived].filter(([key]) => keys.has(key)))
      return { ...state, positions }
    }
    case 'dismiss-refusal':
      return { ...state, refusal: null }
  }
}
