import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../shared/model'
import type { TriggerTrail } from '../../shared/trigger-trail'
import { findLostRuns, LOST_RUN_THRESHOLD_MS } from './lost-runs'

const ADDRESS = 'http://127.0.0.1:9999/'
const runOn = (id: number, registration: 'auto' | 'override') =>
  ({ id, executorAddress: ADDRESS, triggerTrail: { group: { id: 1, appName: 'app', registration } } as unknown as TriggerTrail }) as JobRun

describe('runs declared lost', () => {
  it('says a group’s executor is no longer registered, and an override’s address never was', async () => {
    const runs = { findLostCandidates: async () => [runOn(1, 'auto'), runOn(2, 'override')] }
    const [registered, chosen] = await findLostRuns(runs, 5_000_000, LOST_RUN_THRESHOLD_MS)
    expect(registered.handleMsg).toContain(`its executor ${ADDRESS} is no longer registered`)
    expect(chosen.handleMsg).not.toContain('no longer registered')
    expect(chosen.handleMsg).toContain(`on ${ADDRESS}, an address chosen for this trigger (an override) that is not registered`)
    expect([registered.handleCode, chosen.handleCode]).toEqual([500, 500])
  })
})
