import { describe, expect, it } from 'vitest'
import { JobDeskMetrics } from './jobdesk-metrics'
import { RunStarts } from './run-starts'
import { parsePrometheusText, sampleValue } from '../../../test/support/prometheus-text'

const group = { appName: 'billing' }
const written = (logId: number, triggerTimeMs: number) => ({ logId, triggerTimeMs, group })
const done = (logId: number, handleTimeMs: number) => ({ logId, handleCode: 200, handleMsg: '', handleTimeMs })

describe('RunStarts', () => {
  it('gives a run its group and trigger time once, then forgets it', () => {
    const starts = new RunStarts()
    starts.written([written(1, 1000), { logId: 2, triggerTimeMs: 1000, group: undefined }])
    expect(starts.take(1)).toEqual({ appName: 'billing', triggerTimeMs: 1000 })
    expect(starts.take(1)).toBeUndefined()
    // A run of a deleted group is not kept.
    expect(starts.take(2)).toBeUndefined()
    expect(starts.size).toBe(0)
  })

  it('forgets the oldest runs past its bound', () => {
    const starts = new RunStarts(3)
    starts.written([written(1, 10), written(2, 20)])
    starts.written([written(3, 30), written(4, 40), written(5, 50)])
    expect(starts.size).toBe(3)
    expect([1, 2, 3, 4, 5].map((id) => starts.take(id)?.triggerTimeMs)).toEqual([undefined, undefined, 30, 40, 50])
  })

  it('forgets runs that ended without a completion (a refused trigger)', () => {
    const starts = new RunStarts()
    starts.written([written(1, 10), written(2, 20)])
    starts.forget([1, 99])
    expect(starts.size).toBe(1)
  })
})

describe('the run duration histogram', () => {
  async function durations(metrics: JobDeskMetrics) {
    const family = parsePrometheusText((await metrics.scrape()).text).get('jobdesk_run_duration_seconds')
    return {
      count: sampleValue(family, 'jobdesk_run_duration_seconds_count', { group: group.appName }) ?? 0,
      sum: sampleValue(family, 'jobdesk_run_duration_seconds_sum', { group: group.appName }) ?? 0,
    }
  }

  it('observes a run written on this node from its completion, and not a run it never wrote', async () => {
    const metrics = new JobDeskMetrics({ defaultMetrics: false })
    metrics.runsWritten([{ ...written(1, 1000), triggerType: 'MANUAL', scheduleTimeMs: null }])
    metrics.runsEnded({ completions: [done(1, 3500), done(2, 3500)], failedTriggers: 0 })
    expect(await durations(metrics)).toEqual({ count: 1, sum: 2.5 })
    // Were a run's completion counted twice, nothing is left to observe the second time.
    metrics.runsEnded({ completions: [done(1, 4000)], failedTriggers: 0 })
    expect(await durations(metrics)).toEqual({ count: 1, sum: 2.5 })
  })
})
