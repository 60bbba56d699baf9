import { describe, expect, it } from 'vitest'
import { coded } from '../../shared/messages'
import { defaultJobInput } from '../../shared/job-defaults'
import type { JobGroup, JobInfo } from '../../shared/model'
import type { TrailRoute } from '../../shared/trigger-trail'
import type { PreparedRun } from './prepare-runs'
import { shapeOf, shapeTextOf } from './trail-shape-text'

const A = 'http://127.0.0.1:9001/'
const B = 'http://127.0.0.1:9002/'
const group: JobGroup = {
  id: 3,
  appName: 'reports',
  name: 'Reports',
  addressType: 0,
  addressList: `${A},${B}`,
  accessToken: '',
  protocolGeneration: 'g3',
  autoCreated: false,
  scriptsAllowed: false,
  updateTimeMs: 0,
}
const job: JobInfo = {
  ...defaultJobInput(3, 'UTC', { name: 'nightly', executorHandler: 'demoJobHandler' }),
  id: 7,
  childJobIds: [],
  triggerStatus: 1,
  triggerLastTimeMs: 0,
  triggerNextTimeMs: 0,
  addTimeMs: 0,
  updateTimeMs: 0,
  glueUpdatetimeMs: 0,
}

function run(patch: Partial<PreparedRun> = {}): PreparedRun {
  return {
    logId: 41,
    job,
    group,
    triggerType: 'CRON',
    triggerTimeMs: 0,
    scheduleTimeMs: 0,
    executorParam: '',
    addresses: [A, B],
    addressOverride: false,
    tokenless: [],
    shardIndex: 0,
    shardTotal: 1,
    shardAddress: null,
    failRetryCount: 0,
    roundPosition: null,
    ...patch,
  }
}

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
