import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { MISFIRE_STRATEGIES } from '../../shared/model'
import { JobDeskMetrics } from './jobdesk-metrics'

/** Whether Prometheus's promtool is on this machine (.ci/run installs it). */
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).error === undefined

/** The samples of `family` by their one label's value, as a scrape shows them. */
async function byLabel(metrics: JobDeskMetrics, family: string, label: string): Promise<Record<string, number>> {
  const text = (await metrics.scrape()).text
  const line = new RegExp(`^${family}\\{${label}="(\\w+)"\\} (\\d+)$`, 'gm')
  return Object.fromEntries([...text.matchAll(line)].map((m) => [m[1], Number(m[2])]))
}

describe('the scrape', () => {
  it.skipIf(!promtool)("passes promtool's check clean, prom-client's default metrics included (exit 0, no finding)", async () => {
    const metrics = new JobDeskMetrics()
    metrics.misfired([{ strategy: 'FIRE_ONCE_NOW', missedTimesMs: [1, 2] }])
    metrics.flowRunEnded('failed')
    const { text } = await metrics.scrape()
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
    expect(`${checked.stdout}${checked.stderr}`).toBe('')
    expect(checked.status).toBe(0)
    // The per-type gauges the removed totals summed stay.
    expect(text).toMatch(/^# TYPE nodejs_active_handles gauge$/m)
    expect(text).not.toMatch(/^nodejs_active_\w+_total/m)
  })

  it('has a series for every known label value of a labelled counter from the first scrape, at 0', async () => {
    const metrics = new JobDeskMetrics({ defaultMetrics: false })
    expect(await byLabel(metrics, 'jobdesk_misfires_total', 'strategy')).toEqual(Object.fromEntries(MISFIRE_STRATEGIES.map((s) => [s, 0])))
    expect(await byLabel(metrics, 'jobdesk_flow_runs_total', 'state')).toEqual({ success: 0, failed: 0, killed: 0 })
    metrics.misfired([{ strategy: 'DO_NOTHING', missedTimesMs: [1, 2, 3] }])
    metrics.flowRunEnded('success')
    expect(await byLabel(metrics, 'jobdesk_misfires_total', 'strategy')).toEqual({ DO_NOTHING: 3, FIRE_ONCE_NOW: 0 })
    expect(await byLabel(metrics, 'jobdesk_flow_runs_total', 'state')).toEqual({ success: 1, failed: 0, killed: 0 })
  })
})
