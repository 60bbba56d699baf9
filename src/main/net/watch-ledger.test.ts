import { describe, expect, it } from 'vitest'
import { WatchLedger } from './watch-ledger'

describe('WatchLedger', () => {
  it('releases the watches a client still holds, as many times as it took them', async () => {
    const ledger = new WatchLedger()
    ledger.note('watchRunLog', [7])
    ledger.note('watchRunLog', [7])
    ledger.note('watchRunLog', [9])
    ledger.note('unwatchRunLog', [9])
    ledger.note('listJobs', [])
    const released: number[] = []
    await ledger.release({ unwatchRunLog: async (logId: number) => void released.push(logId) })
    expect(released).toEqual([7, 7])
    // Released once only.
    await ledger.release({ unwatchRunLog: async (logId: number) => void released.push(logId) })
    expect(released).toEqual([7, 7])
  })
})

describe('WatchLedger.holds', () => {
  it("tells a client's own watches from others' (an unwatch of another's is its no-op)", () => {
    const ledger = new WatchLedger()
    ledger.note('watchRunLog', [7])
    expect([ledger.holds(7), ledger.holds(8), ledger.holds('7')]).toEqual([true, false, false])
    ledger.note('unwatchRunLog', [7])
    expect(ledger.holds(7)).toBe(false)
  })
})
