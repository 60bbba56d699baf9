import { describe, expect, it } from 'vitest'
import { dagRoute, DEFAULT_ROUTE, editScope, flowEditRoute, flowRunRoute, flowRunsRoute, flowsRoute, formatRoute, parseRoute, runsRoute } from './route'

describe('parseRoute', () => {
  it('reads pages, a run id and a job filter', () => {
    expect(parseRoute('#/jobs')).toEqual({ page: 'jobs' })
    expect(parseRoute('#/executors')).toEqual({ page: 'executors' })
    expect(parseRoute('#/runs/42?job=3')).toEqual({ page: 'runs', runId: 42, jobId: 3 })
    expect(parseRoute('#/runs')).toEqual({ page: 'runs', runId: null, jobId: null })
    expect(parseRoute('#/settings')).toEqual({ page: 'settings' })
    expect(parseRoute('#/dag?run=8')).toEqual({ page: 'dag', runId: 8 })
  })

  it('reads the views of Flows: the list, a flow’s runs, a flow run and the editor', () => {
    expect(parseRoute('#/flows')).toEqual({ page: 'flows', mode: 'list' })
    expect(parseRoute('#/flows/3')).toEqual({ page: 'flows', mode: 'runs', flowId: 3 })
    expect(parseRoute('#/flows/run/42')).toEqual({ page: 'flows', mode: 'run', flowRunId: 42 })
    expect(parseRoute('#/flows/3/edit')).toEqual({ page: 'flows', mode: 'edit', flowId: 3 })
    expect(parseRoute('#/flows/new')).toEqual({ page: 'flows', mode: 'edit', flowId: null })
  })

  it('shows the flow list for a malformed Flows address', () => {
    for (const hash of ['#/flows/x', '#/flows/run', '#/flows/run/0', '#/flows/3/delete', '#/flows/new/2', '#/flows/-3/edit']) {
      expect(parseRoute(hash)).toEqual(flowsRoute())
    }
  })

  it('falls back to the dashboard for empty, unknown or token fragments', () => {
    expect(parseRoute('')).toEqual(DEFAULT_ROUTE)
    expect(parseRoute('#/nowhere')).toEqual(DEFAULT_ROUTE)
    expect(parseRoute('#token=abc')).toEqual(DEFAULT_ROUTE)
  })

  it('ignores ids that are not positive integers', () => {
    expect(parseRoute('#/runs/-1?job=x')).toEqual({ page: 'runs', runId: null, jobId: null })
  })
})

describe('formatRoute', () => {
  it('round-trips every route', () => {
    for (const route of [
      DEFAULT_ROUTE,
      { page: 'jobs' } as const,
      { page: 'executors' } as const,
      runsRoute(),
      runsRoute(7),
      runsRoute(null, 2),
      runsRoute(9, 2),
      dagRoute(),
      dagRoute(5),
      { page: 'settings' } as const,
      flowsRoute(),
      flowRunsRoute(3),
      flowRunRoute(42),
      flowEditRoute(3),
      flowEditRoute(null),
    ]) {
      expect(parseRoute(formatRoute(route))).toEqual(route)
    }
  })
})

describe('editScope', () => {
  it('is the page, except for the flow editor, which is one scope per flow', () => {
    expect(editScope(runsRoute(1))).toBe(editScope(runsRoute(2)))
    expect(editScope(flowsRoute())).toBe(editScope(flowRunRoute(4)))
    expect(editScope(flowEditRoute(3))).not.toBe(editScope(flowsRoute()))
    expect(editScope(flowEditRoute(3))).not.toBe(editScope(flowEditRoute(null)))
    expect(editScope(flowEditRoute(3))).toBe(editScope(flowEditRoute(3)))
  })
})
