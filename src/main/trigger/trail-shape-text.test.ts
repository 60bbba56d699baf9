import { describe, expect, it } from 'vitest'
import { coded } from '../../shared/messages'
import type { TrailRoute } from '../../shared/trigger-trail'
import type { PreparedRun } from './prepare-runs'
import { shapeOf, shapeTextOf } from './trail-shape-text'
import { EXECUTOR_A as A, EXECUTOR_B as B, preparedRun, RUN_GROUP as group, runJob } from '../../../test/support/prepared-run'

const job = runJob({ triggerStatus: 1 })
const run = (patch: Partial<PreparedRun> = {}) => preparedRun({ job, triggerType: 'CRON', scheduleTimeMs: 0, ...patch })

function route(patch: Partial<TrailRoute> = {}): TrailRoute {
  return { strategy: 'ROUND', candidates: [A, B], leftOut: [], probes: [], chosen: A, reason: coded('routeReason.first', { count: 2 }), shard: null, ...patch }
}

describe('shapeTextOf', () => {
  it('is the shape’s JSON whatever changed since the job’s last run, and only what routing decided may differ unseen', () => {
    // One job, run after run: each change of one input of its shape, each followed by the plain run again.
    const changes: [PreparedRun, TrailRoute][] = [
      [run(), route()],
      [run(), route({ chosen: B, reason: coded('routeReason.round', { position: 1, jobId: 7, index: 1, count: 2 }) })],
      [run({ triggerType: 'RETRY' }), route()],
      [run({ failRetryCount: 2 }), route()],
      [run({ group: { ...group, appName: 'renamed' } }), route()],
      [run({ group: undefined }), route()],
      [run({ addressOverride: true }), route()],
      [run({ group: { ...group, addressType: 1 } }), route()],
      [run(), route({ candidates: [A] })],
      [run(), route({ candidates: [B, A] })],
      [run(), route({ leftOut: ['jobdesk://embedded/other/'] })],
      [run(), route({ tokenless: [B] })],
      [run(), route({ strategy: 'SHARDING_BROADCAST', shard: { index: 0, total: 2 } })],
      [run(), route({ strategy: 'SHARDING_BROADCAST', shard: { index: 1, total: 2 } })],
      [run({ job: { ...job, executorTimeoutSec: 30 } }), route()],
    ]
    for (const [r, rt] of changes.flatMap((change) => [change, [run(), route()] as [PreparedRun, TrailRoute]])) {
      expect(shapeTextOf(r, rt)).toBe(JSON.stringify(shapeOf(r, rt)))
    }
  })

  it('leaves the address chosen, the reason and the probes out of the shape', () => {
    const first = shapeTextOf(run(), route({ chosen: A }))
    const second = shapeTextOf(run(), route({ chosen: B, reason: coded('routeReason.round', { position: 9, jobId: 7, index: 1, count: 2 }) }))
    expect(second).toBe(first)
    expect(first).not.toContain('chosen')
    expect(JSON.parse(first)).toMatchObject({ group: { id: 3, appName: 'reports', registration: 'auto' }, route: { strategy: 'ROUND', candidates: [A, B] } })
  })
})
