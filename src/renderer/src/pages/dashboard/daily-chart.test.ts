import { describe, expect, it } from 'vitest'
import { dayBarShares } from './daily-chart'

describe('dayBarShares', () => {
  it('scales every day to the busiest one', () => {
    const shares = dayBarShares([
      { dayMs: 0, successCount: 30, failCount: 10, runningCount: 0 },
      { dayMs: 1, successCount: 10, failCount: 0, runningCount: 10 },
    ])
    expect(shares).toEqual([
      { success: 75, failed: 25, running: 0 },
      { success: 25, failed: 0, running: 25 },
    ])
  })

  it('draws empty bars for days without runs', () => {
    expect(dayBarShares([{ dayMs: 0, successCount: 0, failCount: 0, runningCount: 0 }])).toEqual([{ success: 0, failed: 0, running: 0 }])
  })
})
