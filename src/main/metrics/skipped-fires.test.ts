import { describe, expect, it } from 'vitest'
import { SKIP_REASONS } from '../../shared/calendar/skip-reasons'
import { JobDeskMetrics } from './jobdesk-metrics'

/** The value of `jobdesk_skipped_fires_total` for each reason, as a scrape shows it. */
async function skippedByReason(metrics: JobDeskMetrics): Promise<Record<string, number>> {
  const text = (await metrics.scrape()).text
  return Object.fromEntries([...text.matchAll(/^jobdesk_skipped_fires_total\{reason="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]))
}

describe('jobdesk_skipped_fires_total', () => {
  it('has every reason from the first scrape, at 0, and counts the slots recorded by reason', async () => {
    const metrics = new JobDeskMetrics({ defaultMetrics: false })
    expect(await skippedByReason(metrics)).toEqual(Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])))
    metrics.skipped([{ reason: 'window' }, { reason: 'window' }, { reason: 'paused' }, { reason: 'holiday' }])
    expect(await skippedByReason(metrics)).toMatchObject({ window: 2, paused: 1, holiday: 1, misfire: 0 })
  })
})
