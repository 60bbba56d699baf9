import { describe, expect, it } from 'vitest'
import { dagRoute, DEFAULT_ROUTE, formatRoute, parseRoute, runsRoute } from './route'

describe('parseRoute', () => {
  it('reads pages, a run id and a job filter', () => {
    expect(parseRoute('#/jobs')).toEqual({ page: 'jobs' })
    expect(parseRoute('#/executors')).toEqual({ page: 'executors' })
    expect(parseRoute('#/runs/42?job=3')).toEqual({ page: 'runs', runId: 42, jobId: 3 })
    expect(parseRoute('#/runs')).toEqual({ page: 'runs', runId: null, jobId: null })
    expect(parseRoute('#/settings')).toEqual({ page: 'settings' })
    expect(parseRoute('#/dag?run=8')).toEqual({ page: 'dag', runId: 8 })
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
    ]) {
      expect(parseRoute(formatRoute(route))).toEqual(route)
    }
  })
})
