import { describe, expect, it } from 'vitest'
import { JobDeskMetrics } from './jobdesk-metrics'

const lines = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(name))

describe('the pools and the queue in /metrics', () => {
  it('show each pool’s held and free slots and its waiting runs from one read a scrape, and how long started runs waited', async () => {
    const metrics = new JobDeskMetrics({ defaultMetrics: false })
    let reads = 0
    metrics.readFrom({
      ringPending: () => 0,
      callbackQueue: () => 0,
      executors: async () => [],
      nodeLeases: () => [],
      pools: async () => {
        reads++
        return [
          { name: 'oracle', slots: 3, description: '', updatedAtMs: 0, updatedBy: '', held: 3, waiting: 4 },
          { name: 'etl', slots: 2, description: '', updatedAtMs: 0, updatedBy: '', held: 1, waiting: 0 },
        ]
      },
    })
    metrics.queueWaited([500, 2500, 40_000])
    const text = (await metrics.scrape()).text
    expect(lines(text, 'jobdesk_pool_slots{')).toEqual([
      'jobdesk_pool_slots{pool="oracle",state="held"} 3',
      'jobdesk_pool_slots{pool="oracle",state="free"} 0',
      'jobdesk_pool_slots{pool="etl",state="held"} 1',
      'jobdesk_pool_slots{pool="etl",state="free"} 1',
    ])
    expect(lines(text, 'jobdesk_queue_length{')).toEqual(['jobdesk_queue_length{pool="oracle"} 4', 'jobdesk_queue_length{pool="etl"} 0'])
    expect(reads).toBe(1)
    expect(lines(text, 'jobdesk_queue_wait_seconds_count')).toEqual(['jobdesk_queue_wait_seconds_count 3'])
    expect(lines(text, 'jobdesk_queue_wait_seconds_bucket{le="5"}')).toEqual(['jobdesk_queue_wait_seconds_bucket{le="5"} 2'])
  })
})
