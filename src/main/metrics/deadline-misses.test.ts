import { describe, expect, it } from 'vitest'
import { JobDeskMetrics } from './jobdesk-metrics'

describe('jobdesk_deadline_misses_total', () => {
  it('shows every kind from 0 and counts each miss marked here by its kind', async () => {
    const metrics = new JobDeskMetrics({ defaultMetrics: false })
    const before = (await metrics.scrape()).text
    for (const kind of ['lateStart', 'lateFinish', 'slow']) expect(before).toContain(`jobdesk_deadline_misses_total{kind="${kind}"} 0`)
    metrics.deadlineMissed('lateFinish')
    metrics.deadlineMissed('lateFinish')
    metrics.deadlineMissed('slow')
    const after = (await metrics.scrape()).text
    expect(after).toContain('jobdesk_deadline_misses_total{kind="lateFinish"} 2')
    expect(after).toContain('jobdesk_deadline_misses_total{kind="slow"} 1')
    expect(after).toContain('jobdesk_deadline_misses_total{kind="lateStart"} 0')
  })
})
