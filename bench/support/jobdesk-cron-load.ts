/**
 * The B1/B2/B10 workload on JobDesk, measured black-box: N every-second cron jobs (`* * * * * ?`,
 * the bench no-op handler, embedded executor) planted in the SQLite file, headless mode started,
 * a warm-up, then a window; CPU and memory of the whole process from /proc, and every figure read
 * from `job_log` after the fact — scheduled time → trigger (`trigger_time`), → handler start (the
 * handler returns its start time as the handle message), → callback (`handle_time`, stamped when the
 * core takes the callback; its commit follows within one writer batch).
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databaseFile } from '../../src/main/app/data-dir'
import { runPartResult } from '../../src/main/domain/trail-parts'
import { parseTrailReference } from '../../src/main/store/trail-shapes'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'
import { englishMessage } from '../../src/shared/messages'
import { parseTriggerTrail, type TrailMessage } from '../../src/shared/trigger-trail'
import { type DataDir, type Headless, plantJobs, prepareDataDir, startHeadless } from './jobdesk'
import { meterProcesses, type MeterReading } from './proc-meter'
import { median, percentile, sleep, sleepUntil } from './stats'

export interface CronLoadOptions {
  jobs: number
  warmupSec: number
  windowSec: number
  /** Extra seconds after the window for its last runs to finish (default 10; stops early when all did). */
  drainSec?: number
  /** Handler of the planted jobs (default the bench no-op, `noopJobHandler`). */
  handler?: string
  nodeArgs?: string[]
  /** Another build's headless entry (`DIR/out/main/serve.js` of an earlier commit), run on a database of its own schema. */
  entry?: string
  /**
   * A data folder made beforehand (`prepareCronDataDir`) and the first fire's time: two runs side by
   * side then plant, start and measure in the same seconds.
   */
  prepared?: { data: DataDir; firstFireMs: number }
  /** Runs during the window (a concurrent writer, B3b); resolved before the figures are read. */
  during?: (headless: Headless, dbFile: string, windowEndMs: number) => Promise<void>
}

export interface Lag {
  p50: number
  p99: number
  max: number
}

export interface CronLoadResult {
  jobs: number
  windowSec: number
  expected: number
  /** Run rows whose scheduled time lies in the window (trigger attempts). */
  fires: number
  completed: number
  failed: number
  duplicates: number
  /** Scheduled times in the window that got no CRON run. */
  misfires: number
  /** Fires of the window with no finished run when measuring stopped (never fired, or still queued or running). */
  unfinished: number
  /** Median over the window's seconds of callbacks taken per wall-clock second. */
  completedPerSecondMedian: number
  /** Median over the window's seconds of handlers started per wall-clock second (any scheduled time), as B10's peers count. */
  startedPerSecondMedian: number
  /** Runs triggered (run row written) during the window, whatever their scheduled time: what CPU per fire divides by. */
  triggeredInWindow: number
  triggerLag: Lag
  startLag: Lag
  completedLag: Lag
  cpuUsPerFire: number
  /** Cores busy on average during the window. */
  cpuCores: number
  peakRssMb: number
  /** Proportional set size: RSS with shared pages split between the processes sharing them (≈ RSS for one process). */
  peakPssMb: number
  /** The server's warnings and errors (stderr), distinct, to read beside the figures. */
  serverStderr: string[]
  /** The most common reasons of failed runs, with their counts. */
  failureReasons: string[]
}

export interface RunRow {
  job_id: number
  schedule_time: number
  trigger_time: number
  trigger_type: string
  trigger_code: number
  handle_time: number
  handle_code: number
  handle_msg: string
  trigger_msg: string
  /** The stored trail, in whichever form the build wrote it (storedTriggerResult): trigger_msg is '' when the run has one. */
  trigger_trail: string | null
}

export function lagOf(values: readonly number[]): Lag {
  return { p50: percentile(values, 50), p99: percentile(values, 99), max: percentile(values, 100) }
}

export async function measureCronLoad(options: CronLoadOptions): Promise<CronLoadResult> {
  const data = options.prepared?.data ?? (options.entry ? await prepareCronDataDir(options.entry) : prepareDataDir('jobdesk-bench-cron-'))
  const firstFireMs = options.prepared?.firstFireMs ?? (Math.ceil(Date.now() / 1000) + 2) * 1000
  plantJobs(data.file, {
    count: options.jobs,
    groupId: data.embeddedGroupId,
    scheduleType: 'CRON',
    scheduleConf: '* * * * * ?',
    handler: options.handler ?? 'noopJobHandler',
    nextTimeMs: () => firstFireMs,
  })
  try {
    const { window, reading, serverStderr } = await runWindow(options, data.dir, data.file, firstFireMs)
    return { ...summarize(options, data.file, window.startMs, window.endMs, reading), serverStderr }
  } finally {
    data.remove()
  }
}

/**
 * A data folder in an earlier build's own schema (a build refuses a newer one): that build starts once
 * on the empty folder, which creates its tables and its embedded executor's group, and stops.
 */
export async function prepareCronDataDir(entry: string): Promise<DataDir> {
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-bench-cron-before-'))
  const once = await startHeadless({ dataDir: dir, entry, timeoutMs: 120_000 })
  await once.stop()
  const file = databaseFile(dir)
  const db = new Database(file, { fileMustExist: true })
  try {
    const group = db.prepare('SELECT id FROM job_group WHERE app_name = ?').get(EMBEDDED_APP_NAME) as { id: number } | undefined
    if (!group) throw new Error(`${entry} created no embedded executor group in ${file}`)
    return { dir, file, embeddedGroupId: group.id, remove: () => rmSync(dir, { recursive: true, force: true }) }
  } finally {
    db.close()
  }
}

/**
 * Starts the server, meters the window (whole seconds; the warm-up counts from the first fire or from
 * when the server was ready, whichever is later), lets the window's runs finish, stops it.
 */
async function runWindow(options: CronLoadOptions, dataDir: string, dbFile: string, firstFireMs: number) {
  const headless = await startHeadless({ dataDir, nodeArgs: options.nodeArgs, entry: options.entry })
  let measured: { window: { startMs: number; endMs: number }; reading: MeterReading }
  try {
    const meter = meterProcesses(() => [headless.pid])
    meter.sampleMemory()
    const startMs = Math.max(firstFireMs, Math.ceil(Date.now() / 1000) * 1000) + options.warmupSec * 1000
    const endMs = startMs + options.windowSec * 1000
    await sleepUntil(startMs)
    meter.startCpu()
    const during = options.during?.(headless, dbFile, endMs)
    await sleepUntil(endMs)
    const reading = meter.stop()
    await during
    await waitForWindowRuns(dbFile, startMs, endMs, (options.drainSec ?? 10) * 1000)
    measured = { window: { startMs, endMs }, reading }
  } finally {
    await headless.stop()
  }
  // Timestamps first: keep the message only, so repeats of one problem collapse.
  const serverStderr = [...new Set(headless.lines.filter((l) => l.stream === 'stderr').map((l) => l.text.replace(/^\S+ /, '')))]
  return { ...measured, serverStderr }
}

/** Polls (read-only, on the trigger-time index) until every run of the window has a result, or the deadline. */
async function waitForWindowRuns(file: string, startMs: number, endMs: number, maxWaitMs: number): Promise<void> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const open = db.prepare(
      'SELECT COUNT(*) AS n FROM job_log WHERE trigger_time >= ? AND schedule_time >= ? AND schedule_time < ? AND (trigger_code = 0 OR (trigger_code = 200 AND handle_code = 0))',
    )
    const deadline = Date.now() + maxWaitMs
    await sleep(300)
    while (Date.now() < deadline && (open.get(startMs - 10_000, startMs, endMs) as { n: number }).n > 0) await sleep(500)
  } finally {
    db.close()
  }
}

/** What the figures are computed from, read from `job_log` of any engine after the window. */
export interface WindowRows {
  /** Runs scheduled in the window. */
  rows: RunRow[]
  /** Callback times in the window of successful runs. */
  handled: number[]
  /** Handler start times (the bench handler's message) of runs triggered since 10 s before the window. */
  startTimes: number[]
  triggeredInWindow: number
}

/**
 * Where the runs of the build measured keep their trigger trails: the `trigger_trail` column (from
 * schema 6) and the `job_log_trail` table (schemas 9 to 16; from 17 a run's trail is in the column
 * again, as a shape's digest and the run's part).
 */
export interface TrailSources {
  column: boolean
  table: boolean
}

/**
 * The queries of `WindowRows`, with `?` parameters: [sql, params] in the order of its fields.
 * `trails` says where the build measured kept its trails (an earlier build's database may differ).
 */
export function windowQueries(startMs: number, endMs: number, trails: TrailSources = { column: true, table: false }): [string, number[]][] {
  const column = trails.column ? 'l.trigger_trail' : 'NULL'
  const trail = trails.table ? { column: `COALESCE(t.trail, ${column})`, join: 'LEFT JOIN job_log_trail t ON t.log_id = l.id' } : { column, join: '' }
  return [
    [
      `SELECT l.job_id, l.schedule_time, l.trigger_time, l.trigger_type, l.trigger_code, l.trigger_msg, ${trail.column} AS trigger_trail, l.handle_time, l.handle_code, l.handle_msg
         FROM job_log l ${trail.join} WHERE l.schedule_time >= ? AND l.schedule_time < ?`,
      [startMs, endMs],
    ],
    ['SELECT handle_time AS v FROM job_log WHERE handle_time >= ? AND handle_time < ? AND handle_code = 200', [startMs, endMs]],
    ['SELECT handle_msg AS v FROM job_log WHERE trigger_time >= ? AND handle_code = 200', [startMs - 10_000]],
    ['SELECT COUNT(*) AS v FROM job_log WHERE trigger_time >= ? AND trigger_time < ?', [startMs, endMs]],
  ]
}

/** Turns the rows of `windowQueries` (any engine; numbers may come as text) into `WindowRows`. */
export function windowRowsOf(results: readonly Record<string, unknown>[][]): WindowRows {
  const rows = results[0].map((r) => ({
    ...(r as unknown as RunRow),
    job_id: Number(r.job_id),
    schedule_time: Number(r.schedule_time),
    trigger_time: Number(r.trigger_time),
    trigger_code: Number(r.trigger_code),
    handle_time: Number(r.handle_time),
    handle_code: Number(r.handle_code),
  }))
  return { rows, handled: results[1].map((r) => Number(r.v)), startTimes: results[2].map((r) => Number(r.v)), triggeredInWindow: Number(results[3][0]?.v ?? 0) }
}

function summarize(options: CronLoadOptions, file: string, startMs: number, endMs: number, reading: MeterReading): Omit<CronLoadResult, 'serverStderr'> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const trails = {
      column: db.prepare("SELECT 1 FROM pragma_table_info('job_log') WHERE name = 'trigger_trail'").get() !== undefined,
      table: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'job_log_trail'").get() !== undefined,
    }
    const window = windowRowsOf(windowQueries(startMs, endMs, trails).map(([sql, params]) => db.prepare(sql).all(...params) as Record<string, unknown>[]))
    return summarizeWindow(options, window, startMs, reading)
  } finally {
    db.close()
  }
}

/**
 * The trigger's result in a stored trail, whichever way the build stored it: a whole trail's JSON
 * (schemas 6 to 16), or the reference of schema 17, a shape's digest and the run's part. Null when
 * there is none or it cannot be read.
 */
function storedTriggerResult(text: string | null): TrailMessage | null {
  if (!text) return null
  const reference = parseTrailReference(text)
  if (!reference) return parseTriggerTrail(text)?.result ?? null
  try {
    return runPartResult(reference.run)
  } catch {
    return null
  }
}

/** The figures of one window, whatever engine its rows came from. */
export function summarizeWindow(
  options: Pick<CronLoadOptions, 'jobs' | 'windowSec'>,
  { rows, handled, startTimes, triggeredInWindow }: WindowRows,
  startMs: number,
  reading: MeterReading,
): Omit<CronLoadResult, 'serverStderr'> {
  const perWindowSecond = (times: readonly number[]) => {
    const counts = Array.from({ length: options.windowSec }, () => 0)
    for (const t of times) {
      const second = Math.floor((t - startMs) / 1000)
      if (second >= 0 && second < options.windowSec) counts[second]++
    }
    return median(counts)
  }
  const distinct = new Set(rows.map((r) => `${r.job_id}:${r.schedule_time}`))
  const cronDistinct = new Set(rows.filter((r) => r.trigger_type === 'CRON').map((r) => `${r.job_id}:${r.schedule_time}`))
  const done = rows.filter((r) => r.handle_code === 200)
  const failedRows = rows.filter((r) => (r.trigger_code !== 0 && r.trigger_code !== 200) || (r.handle_code !== 0 && r.handle_code !== 200))
  const reasons = new Map<string, number>()
  for (const r of failedRows) {
    const result = storedTriggerResult(r.trigger_trail)
    const triggerText = r.trigger_msg || (result ? englishMessage(result.code, result.params) : '')
    const reason = `trigger ${r.trigger_code} / handle ${r.handle_code}: ${(r.handle_code !== 0 && r.handle_code !== 200 ? r.handle_msg : triggerText).replace(/\s+/g, ' ').slice(0, 120)}`
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  const expected = options.jobs * options.windowSec
  return {
    jobs: options.jobs,
    windowSec: options.windowSec,
    expected,
    fires: rows.length,
    completed: done.length,
    failed: failedRows.length,
    failureReasons: [...reasons]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([reason, count]) => `${count}× ${reason}`),
    duplicates: rows.length - distinct.size,
    misfires: expected - cronDistinct.size,
    unfinished: expected - new Set(done.map((r) => `${r.job_id}:${r.schedule_time}`)).size,
    completedPerSecondMedian: perWindowSecond(handled),
    startedPerSecondMedian: perWindowSecond(startTimes),
    triggeredInWindow,
    triggerLag: lagOf(rows.filter((r) => r.trigger_code !== 0).map((r) => r.trigger_time - r.schedule_time)),
    startLag: lagOf(done.map((r) => Number(r.handle_msg) - r.schedule_time).filter(Number.isFinite)),
    completedLag: lagOf(done.map((r) => r.handle_time - r.schedule_time)),
    cpuUsPerFire: reading.cpuUs / Math.max(1, triggeredInWindow),
    cpuCores: reading.cpuUs / 1e6 / reading.seconds,
    peakRssMb: reading.peakRssMb,
    peakPssMb: reading.peakPssMb,
  }
}
