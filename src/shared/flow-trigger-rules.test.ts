import { describe, expect, it } from 'vitest'
import { FLOW_NODE_STATES, TRIGGER_RULES, type FlowNodeState, type TriggerRule } from './flow-types'
import { decideNode, type NodeDecision } from './flow-trigger-rules'

/** Every multiset of `size` states (order does not matter to a rule), each in the order of FLOW_NODE_STATES. */
function multisets(size: number, from = 0): FlowNodeState[][] {
  if (size === 0) return [[]]
  const sets: FlowNodeState[][] = []
  for (let i = from; i < FLOW_NODE_STATES.length; i++) {
    for (const rest of multisets(size - 1, i)) sets.push([FLOW_NODE_STATES[i], ...rest])
  }
  return sets
}

/**
 * The rules restated from Airflow's documentation over plain counts, independently of the module:
 * "unfinished" parents (pending, running, waiting) rather than "done" ones, and every failed-like
 * state counted by name.
 */
function oracle(rule: TriggerRule, parents: readonly FlowNodeState[]): NodeDecision {
  const count = (state: FlowNodeState) => parents.filter((p) => p === state).length
  const success = count('success')
  const skipped = count('skipped')
  const failed = count('failed') + count('upstream_failed') + count('killed')
  const unfinished = count('pending') + count('running') + count('waiting')
  if (parents.length === 0) return 'run'
  switch (rule) {
    case 'all_success':
      if (failed > 0) return 'upstream_failed'
      if (skipped > 0) return 'skipped'
      return unfinished > 0 ? 'wait' : 'run'
    case 'all_failed':
      if (success + skipped > 0) return 'skipped'
      return unfinished > 0 ? 'wait' : 'run'
    case 'all_done':
      return unfinished > 0 ? 'wait' : 'run'
    case 'one_success':
      if (success > 0) return 'run'
      if (unfinished > 0) return 'wait'
      return failed > 0 ? 'upstream_failed' : 'skipped'
    case 'one_failed':
      if (failed > 0) return 'run'
      return unfinished > 0 ? 'wait' : 'skipped'
    case 'none_failed':
      if (failed > 0) return 'upstream_failed'
      return unfinished > 0 ? 'wait' : 'run'
    case 'none_failed_min_one_success':
      if (failed > 0) return 'upstream_failed'
      if (unfinished > 0) return 'wait'
      return success > 0 ? 'run' : 'skipped'
    case 'always':
      return 'run'
  }
}

const ALL_PARENT_SETS = [0, 1, 2, 3].flatMap((size) => multisets(size))
const UNFINISHED: readonly FlowNodeState[] = ['pending', 'running', 'waiting']

describe('decideNode against the oracle', () => {
  it('covers every multiset of 0-3 parent states: 1 + 8 + 36 + 120', () => {
    expect(ALL_PARENT_SETS).toHaveLength(165)
  })

  for (const rule of TRIGGER_RULES) {
    it(`${rule}: agrees on every multiset of 0-3 parents, in any order`, () => {
      for (const parents of ALL_PARENT_SETS) {
        const expected = oracle(rule, parents)
        expect(decideNode(rule, parents), parents.join(',')).toBe(expected)
        expect(decideNode(rule, [...parents].reverse()), [...parents].reverse().join(',')).toBe(expected)
      }
    })

    it(`${rule}: never waits once every parent is done`, () => {
      for (const parents of ALL_PARENT_SETS.filter((set) => set.every((state) => !UNFINISHED.includes(state)))) {
        expect(decideNode(rule, parents), parents.join(',')).not.toBe('wait')
      }
    })
  }

  it('runs a node without parents whatever its rule', () => {
    for (const rule of TRIGGER_RULES) expect(decideNode(rule, [])).toBe('run')
  })
})

describe('decideNode, by rule', () => {
  const cases: [TriggerRule, FlowNodeState[], NodeDecision, string][] = [
    ['all_success', ['success', 'success'], 'run', 'all parents succeeded'],
    ['all_success', ['success', 'running'], 'wait', 'one still runs'],
    ['all_success', ['failed', 'running'], 'upstream_failed', 'a failure decides before the rest end'],
    ['all_success', ['killed', 'success'], 'upstream_failed', 'a kill counts as a failure'],
    ['all_success', ['skipped', 'pending'], 'skipped', 'a skip propagates at once'],
    ['all_success', ['skipped', 'failed'], 'upstream_failed', 'a failure wins over a skip'],
    ['all_success', ['waiting'], 'wait', 'an approval still undecided'],

    ['all_failed', ['failed', 'upstream_failed', 'killed'], 'run', 'every parent failed-like'],
    ['all_failed', ['failed', 'running'], 'wait', 'one may still fail'],
    ['all_failed', ['failed', 'success'], 'skipped', 'one succeeded'],
    ['all_failed', ['skipped', 'pending'], 'skipped', 'a skip is not a failure'],

    ['all_done', ['success', 'failed', 'skipped', 'killed'], 'run', 'whatever the outcomes'],
    ['all_done', ['upstream_failed'], 'run', 'an upstream failure is done too'],
    ['all_done', ['success', 'waiting'], 'wait', 'an approval is not done'],

    ['one_success', ['success', 'running', 'pending'], 'run', 'the first success suffices'],
    ['one_success', ['failed', 'running'], 'wait', 'the other may still succeed'],
    ['one_success', ['failed', 'skipped'], 'upstream_failed', 'done, no success, a failure'],
    ['one_success', ['skipped', 'skipped'], 'skipped', 'done, all skipped'],

    ['one_failed', ['killed', 'running'], 'run', 'the first failure suffices'],
    ['one_failed', ['success', 'running'], 'wait', 'the other may still fail'],
    ['one_failed', ['success', 'skipped'], 'skipped', 'done, no failure'],

    ['none_failed', ['success', 'skipped'], 'run', 'skips are fine'],
    ['none_failed', ['skipped', 'skipped'], 'run', 'even all skipped'],
    ['none_failed', ['upstream_failed', 'pending'], 'upstream_failed', 'a failure decides at once'],
    ['none_failed', ['success', 'running'], 'wait', 'one still runs'],

    ['none_failed_min_one_success', ['success', 'skipped'], 'run', 'a branch join with one branch taken'],
    ['none_failed_min_one_success', ['skipped', 'skipped'], 'skipped', 'no branch was taken'],
    ['none_failed_min_one_success', ['failed', 'running'], 'upstream_failed', 'a failure decides at once'],
    ['none_failed_min_one_success', ['skipped', 'running'], 'wait', 'the other may still succeed'],

    ['always', ['pending', 'running'], 'run', 'does not wait for its parents'],
    ['always', ['failed', 'upstream_failed'], 'run', 'runs after failures too'],
  ]
  for (const [rule, parents, expected, why] of cases) {
    it(`${rule} over [${parents.join(', ')}] → ${expected}: ${why}`, () => {
      expect(decideNode(rule, parents)).toBe(expected)
    })
  }
})
