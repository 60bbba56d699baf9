import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { runEndOfRow, RUN_ENDS, type RunEnd } from '../../../src/main/domain/run-end'
import { silentLogger } from '../../../src/main/kernel/logger'
import { consoleTokenPrincipal } from '../../../src/shared/principal'
import { EMBEDDED_APP_NAME, TRIGGER_TYPES, type JobRun } from '../../../src/shared/model'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { jobInput } from '../../support/job-input'
import { bucketsOf, parsePrometheusText, sampleValue, type MetricFamily } from '../../support/prometheus-text'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 24: GET /metrics in Prometheus's text format behind a bearer token, its counters equal to
 * what job_log holds after a workload of every kind of end, and the health endpoints.
 */
const dir = makeTempDir('jobdesk-metrics-')
let headless: Headless<CoreParts>
let open: Headless<CoreParts>
let base: string
let groupId: number

async function start(name: string, metricsPublic: boolean): Promise<Headless<CoreParts>> {
  return startHeadless(
    {
      dataDir: join(dir.path, name),
      host: '127.0.0.1',
      port: 0,
      logger: silentLogger,
      seedDemo: false,
      metricsPublic,
      shutdownGraceMs: 200,
      rendererDir: join(dir.path, 'no-renderer'),
      executorOptions: { handlerDirs: [TEST_HANDLERS_DIR] },
    },
    assembleCore,
  )
}

beforeAll(async () => {
  headless = await start('main', false)
  open = await start('open', true)
  base = `http://127.0.0.1:${headless.server.port}`
  groupId = (await headless.core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
}, 60_000)
afterAll(async () => {
  await headless?.stop()
  await open?.stop()
  dir.remove()
})

function get(path: string, token?: string, at = base): Promise<Response> {
  return fetch(`${at}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
}

async function scrape(): Promise<Map<string, MetricFamily>> {
  const response = await get('/metrics', headless.core.settings.apiToken())
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return parsePrometheusText(await response.text())
}

async function allRuns(): Promise<JobRun[]> {
  return (await headless.core.api.listRuns({ limit: 1000 })).runs
}

describe('GET /metrics', () => {
  it('refuses a request without a token or with a wrong one, and answers the API token and a viewer personal token', async () => {
    expect((await get('/metrics')).status).toBe(401)
    expect((await get('/metrics', 'not-a-token')).status).toBe(401)
    expect((await get('/metrics', 'jdp_unknown')).status).toBe(401)
    // The executor token reaches the OpenAPI only where the operator allows it; not by default.
    expect((await get('/metrics', headless.core.settings.accessToken())).status).toBe(401)
    const refused = await headless.core.api.listAudit({ action: 'auth.token', outcome: 'refused' })
    expect(refused.entries.some((e) => e.target === 'metrics')).toBe(true)
    const viewer = await headless.core.access.tokens.create(consoleTokenPrincipal('test'), { name: 'scraper', role: 'viewer', groupIds: [], expiresAtMs: 0 })
    const body = await (await get('/metrics', viewer.token)).text()
    expect(body).toContain('# TYPE jobdesk_runs_total counter')
    expect((await get('/metrics', headless.core.settings.apiToken())).status).toBe(200)
  })

  it('answers without a token under --metrics-public, and /healthz and /readyz need none', async () => {
    const at = `http://127.0.0.1:${open.server.port}`
    const response = await get('/metrics', undefined, at)
    expect(response.status).toBe(200)
    expect(parsePrometheusText(await response.text()).has('jobdesk_fires_total')).toBe(true)
    const health = await get('/healthz')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await get('/readyz')
    expect(ready.status).toBe(200)
    const readyText = await ready.text()
    expect(JSON.parse(readyText)).toEqual({ status: 'ready', checks: { scheduler: 'ok', database: 'ok', lease: 'ok' } })
    for (const secret of [headless.core.settings.apiToken(), headless.core.settings.accessToken(), headless.consoleToken])
      expect(readyText).not.toContain(secret)
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405)
  })

  it('counts what job_log holds after runs that succeed, fail, time out, are killed and are refused at their trigger', async () => {
    const api = headless.core.api
    const save = async (name: string, handler: string, param: string, timeoutSec = 0) =>
      (
        await api.saveJob(
          jobInput(groupId, {
            name,
            scheduleType: 'NONE',
            scheduleConf: '',
            executorHandler: handler,
            executorParam: param,
            executorTimeoutSec: timeoutSec,
            executorFailRetryCount: 0,
          }),
        )
      ).id
    const succeeds = await save('succeeds', 'flakyJobHandler', `${join(dir.path, 'ok')}|0`)
    const fails = await save('fails', 'flakyJobHandler', `${join(dir.path, 'no')}|1000`)
    const timesOut = await save('times out', 'timedJobHandler', '60000', 1)
    const killed = await save('killed', 'timedJobHandler', '60000')
    const refused = await save('refused', 'timedJobHandler', '1')
    for (let i = 0; i < 3; i++) await api.triggerJob({ jobId: succeeds })
    for (let i = 0; i < 2; i++) await api.triggerJob({ jobId: fails })
    await api.triggerJob({ jobId: timesOut })
    const [killedRun] = (await api.triggerJob({ jobId: killed })).logIds
    // A manual trigger to an address outside the group is refused for want of an executor there.
    await api.triggerJob({ jobId: refused, addressList: ['http://127.0.0.1:9/'] }).catch(() => undefined)
    await waitFor('the run to be killed to be running', async () => (await api.getRun(killedRun))?.triggerCode === 200)
    await api.killRun(killedRun)
    const runs = await waitFor(
      'every run to end',
      async () => {
        const all = await allRuns()
        return all.length >= 8 && all.every((run) => runEndOfRow(run) !== null) && all
      },
      60_000,
    )

    const families = await scrape()
    const runsTotal = families.get('jobdesk_runs_total')!
    expect(runsTotal.type).toBe('counter')
    const fromDb = Object.fromEntries(RUN_ENDS.map((end) => [end, runs.filter((run) => runEndOfRow(run) === end).length])) as Record<RunEnd, number>
    const fromMetrics = Object.fromEntries(RUN_ENDS.map((end) => [end, sampleValue(runsTotal, 'jobdesk_runs_total', { status: end }) ?? 0]))
    expect(fromMetrics).toEqual(fromDb)
    // The workload's own ends, and the database's codes read without the classifier.
    expect(fromDb).toEqual({ success: 3, failed: runs.length - 5, killed: 1, timeout: 1, lost: 0 })
    expect(runs.filter((run) => run.handleCode === 200).length).toBe(fromMetrics.success)
    expect(runs.filter((run) => run.handleCode === 502).length).toBe(fromMetrics.timeout)

    const fires = families.get('jobdesk_fires_total')!
    for (const type of TRIGGER_TYPES) {
      expect(sampleValue(fires, 'jobdesk_fires_total', { trigger_type: type }), type).toBe(runs.filter((run) => run.triggerType === type).length)
    }

    // Durations are observed from each completion and what was noted when the run was written: every run that ran gets one, in the embedded group.
    const ran = runs.filter((run) => run.handleTimeMs > 0).length
    const durations = await waitFor('every duration to be observed', async () => {
      const family = (await scrape()).get('jobdesk_run_duration_seconds')!
      return sampleValue(family, 'jobdesk_run_duration_seconds_count', { group: EMBEDDED_APP_NAME }) === ran && family
    })
    expect(durations.type).toBe('histogram')
  }, 90_000)

  it('writes histograms a Prometheus server takes: le ascending, counts cumulative, +Inf equal to _count', async () => {
    const families = await scrape()
    const histograms = [...families.values()].filter((f) => f.type === 'histogram')
    expect(histograms.map((h) => h.name)).toEqual(
      expect.arrayContaining(['jobdesk_trigger_lag_seconds', 'jobdesk_run_duration_seconds', 'jobdesk_db_transaction_seconds']),
    )
    const seriesChecked: string[] = []
    for (const family of histograms) {
      const series = new Map<string, Record<string, string>>()
      for (const s of family.samples) {
        const { le: _le, ...labels } = s.labels
        series.set(JSON.stringify(labels), labels)
      }
      for (const labels of series.values()) {
        const buckets = bucketsOf(family, labels)
        expect(buckets.length).toBeGreaterThan(1)
        for (let i = 1; i < buckets.length; i++) {
          expect(buckets[i].le).toBeGreaterThan(buckets[i - 1].le)
          expect(buckets[i].count).toBeGreaterThanOrEqual(buckets[i - 1].count)
        }
        expect(buckets.at(-1)!.le).toBe(Infinity)
        expect(buckets.at(-1)!.count).toBe(sampleValue(family, `${family.name}_count`, labels))
        seriesChecked.push(family.name)
      }
    }
    expect(seriesChecked).toContain('jobdesk_run_duration_seconds')
    const transactions = families.get('jobdesk_db_transaction_seconds')!
    expect(sampleValue(transactions, 'jobdesk_db_transaction_seconds_count')).toBeGreaterThan(0)
  })

  it("is read by Prometheus's own parser: promtool checks the scrape and lints nothing", async () => {
    const response = await get('/metrics', headless.core.settings.apiToken())
    const text = await response.text()
    // Debian's prometheus package (.ci/run installs it); a machine without promtool fails here rather than skipping.
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
    expect(checked.error, 'promtool must be installed (apt-get install --no-install-recommends prometheus)').toBeUndefined()
    const said = `${checked.stdout}${checked.stderr}`
    // 0: parsed and clean (3 would be lint findings, 1 a scrape it cannot parse); prom-client's defaults included.
    expect(said.split('\n').filter((line) => line.trim() !== '')).toEqual([])
    expect(checked.status, said).toBe(0)
    expect(text).toContain('jobdesk_runs_total')
  })

  it('shows the gauges and the default process metrics, with no job or run label', async () => {
    const families = await scrape()
    expect(sampleValue(families.get('jobdesk_executors'), 'jobdesk_executors', { group: EMBEDDED_APP_NAME, health: 'online' })).toBe(1)
    expect(sampleValue(families.get('jobdesk_ring_pending'), 'jobdesk_ring_pending')).toBeGreaterThanOrEqual(0)
    expect(sampleValue(families.get('jobdesk_callback_queue'), 'jobdesk_callback_queue')).toBeGreaterThanOrEqual(0)
    const leases = families.get('jobdesk_node_lease')!.samples
    expect(leases.map((s) => s.value)).toEqual([1])
    expect(families.has('process_cpu_user_seconds_total')).toBe(true)
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true)
    const labelNames = new Set([...families.values()].flatMap((f) => f.samples.flatMap((s) => Object.keys(s.labels))))
    for (const name of labelNames) expect(name).not.toMatch(/job_?id|log_?id|run_?id/i)
  })

  it('has every metric the example Grafana dashboard plots', async () => {
    const families = await scrape()
    const dashboard = readFileSync(new URL('../../../examples/grafana/jobdesk-dashboard.json', import.meta.url), 'utf8')
    const plotted = new Set([...dashboard.matchAll(/\b(jobdesk_[a-z_]+|nodejs_[a-z0-9_]+)/g)].map((m) => m[1].replace(/_(bucket|sum|count)$/, '')))
    expect(plotted.size).toBeGreaterThan(10)
    expect([...plotted].filter((name) => !families.has(name))).toEqual([])
  })
})
