import { afterEach, describe, expect, it } from 'vitest'
import { NodeMembership } from '../../../src/main/cluster/node-membership'
import type { NodeDuties } from '../../../src/main/cluster/node-duties'
import { ManualClock } from '../../../src/main/kernel/clock'
import type { Logger } from '../../../src/main/kernel/logger'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const fresh = freshSqliteStore()

/** Duties of a node that plans and holds nothing: this test is about its lease. */
const duties: NodeDuties = {
  registerIn: async () => {},
  forgetIn: async () => {},
  onJoined: () => {},
  onRenewed: () => {},
  onFenced: () => {},
  adopt: () => {},
  adoptRuns: () => {},
  onNodeGone: async () => {},
}

const left: NodeMembership[] = []
afterEach(async () => {
  for (const membership of left.splice(0)) await membership.leave()
})

/** A lone node on a fresh SQLite database, on a manual clock; what its fence says to the first scan after a slow startup. */
async function loneNode(join: (membership: NodeMembership) => Promise<void>) {
  const clock = new ManualClock(T0)
  const warnings: string[] = []
  const logger: Logger = { debug() {}, info() {}, warn: (msg) => void warnings.push(msg), error() {} }
  const membership = new NodeMembership({ store: fresh.store, node: { nodeId: 'lone', nodeName: 'lone', embeddedAddress: '', adminUrl: '' }, clock, logger })
  left.push(membership)
  await join(membership)
  // The rest of a first start on a loaded machine: 2.5 s of the clock, in small steps, before the scheduler's first scan.
  for (let step = 0; step < 25; step++) await clock.advance(100)
  const firstScan = await fresh.store
    .transaction((tx) => membership.check(tx, clock.nowMs()))
    .then(
      () => 'ok',
      (error: { code?: string }) => error.code ?? 'no code',
    )
  return { firstScan, warnings }
}

describe('a lone node renews its lease from its join on', () => {
  it('so a startup longer than its lease leaves the first scan a lease it holds, and nothing is late', async () => {
    const { firstScan, warnings } = await loneNode((membership) => membership.joinAndRenew(duties))
    expect(firstScan).toBe('ok')
    expect(warnings).toEqual([])
  })

  it('where a join alone, renewed only once the startup ended, had let it lapse (what the first scan was refused with)', async () => {
    const { firstScan } = await loneNode((membership) => membership.join(duties))
    expect(firstScan).toBe('cluster.lapsed')
  })
})
