import { describe, expect, it } from 'vitest'
import { SUCCESS, type ExecutorApi } from '../executor/executor-api'
import type { AddressUse } from '../domain/address-use'
import { ExecutorDirectory } from './executor-directory'
import { routeRun, type RouteRunRequest } from './route-run'
import { createRouters, type SingleRouteStrategy } from './routing'

const A = 'http://127.0.0.1:9001/'
const B = 'http://127.0.0.1:9002/'

/** LAN executors that answer every probe with code 200. */
function directory(): ExecutorDirectory {
  const answer = async () => SUCCESS as never
  const api: ExecutorApi = { beat: answer, idleBeat: answer, run: answer, kill: answer, log: answer }
  return new ExecutorDirectory({ embedded: null, embeddedAddress: 'jobdesk://embedded/this-host/', remote: () => api })
}

function request(strategy: SingleRouteStrategy, uses: AddressUse[] = []): RouteRunRequest {
  return {
    jobId: 7,
    strategy,
    group: undefined,
    candidates: { addresses: [A, B], tokenless: [] },
    state: { roundPosition: 3, usesOf: async () => uses },
    mode: 'trigger',
  }
}

const deps = { routers: createRouters({ random: () => 0 }), executors: directory(), nowMs: () => 0 }

describe('routeRun', () => {
  it('routes the strategies that read and call nothing at once, without a promise, as the trigger hot path needs', () => {
    for (const strategy of ['FIRST', 'LAST', 'ROUND', 'RANDOM', 'CONSISTENT_HASH'] as const) {
      const routed = routeRun(request(strategy), deps)
      expect(routed, strategy).not.toBeInstanceOf(Promise)
      expect(routed, strategy).toMatchObject({ route: { strategy, candidates: [A, B], leftOut: [], probes: [], shard: null }, countsUse: false })
    }
    expect(routeRun(request('ROUND'), deps)).toMatchObject({ route: { chosen: B, reason: { code: 'routeReason.round' } } })
  })

  it('answers later for the strategies that read the job’s use (LFU, LRU) or probe executors (FAILOVER, BUSYOVER)', async () => {
    const uses: AddressUse[] = [{ address: A, useCount: 4, windowStartMs: 0, lastUsedMs: 0 }]
    for (const strategy of ['LEAST_FREQUENTLY_USED', 'LEAST_RECENTLY_USED', 'FAILOVER', 'BUSYOVER'] as const) {
      const routed = routeRun(request(strategy, uses), deps)
      expect(routed, strategy).toBeInstanceOf(Promise)
      expect(await routed, strategy).toMatchObject({ route: { strategy, candidates: [A, B] } })
    }
    expect(await routeRun(request('LEAST_FREQUENTLY_USED', uses), deps)).toMatchObject({ route: { chosen: B }, countsUse: true })
    expect(await routeRun(request('FAILOVER'), deps)).toMatchObject({ route: { chosen: A, probes: [{ address: A, kind: 'beat', code: 200 }] } })
  })
})
