import { assembleCore, type CoreParts } from '../../src/main/app/core'
import type Database from 'better-sqlite3'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { databaseFile } from '../../src/main/app/data-dir'
import { startHeadless, type Headless, type HeadlessOptions } from '../../src/main/app/headless'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'
import { changedTables, openReadOnly, settledChecksums, tableChecksums, type TableChecksums } from './db-checksum'
import type { Credentials, FuzzRequest } from './fuzz-http-request'
import { encodeRequest } from './fuzz-http-request'
import type { FuzzTally } from './fuzz-run'
import { judgeAnswer } from './fuzz-verdict'
import { jobInput } from './job-input'
import { envelopeOf, postEnvelope, requestBytes, sendRaw, type EnvelopeReply } from './raw-http'
import { CrashWatch } from './crash-watch'
import { makeTempDir } from './temp-dir'
import { waitFor } from './wait-for'

export const HARNESS_EXECUTOR_TOKEN = 'fuzz-executor-token-0123456789'
export const HARNESS_GROUP_APP = 'fuzz-app'
export const HARNESS_GROUP_TOKEN = 'fuzz-group-token-0123456789'

/** The fixture's rows the fuzzed bodies point at, so valid-looking requests reach deep. */
export interface AdminFixture {
  embeddedGroupId: number
  groupId: number
  /** Jobs on the embedded executor (A → B linked) and one in the fuzz group. */
  jobA: number
  jobB: number
  groupJob: number
  /** A finished run of job A. */
  runId: number
}

/**
 * Headless mode in-process for the wire and OpenAPI fuzz and the trust tests: loopback, a
 * ManualClock (no loop writes the database unless the test moves time, and rate-limit windows stay
 * put), a read-only connection for table checksums, and listeners that turn a crash into a test
 * failure instead of a dead runner.
 */
export class AdminHarness {
  private readonly crashes = new CrashWatch('the server')
  private baseline: TableChecksums = {}
  /** The newest audit row when the baseline was taken: a refusal may add exactly one after it. */
  private auditMark = 0
  /** Each audit row's count as last read (auditRowsAfter), so a refusal folded into an older row shows. */
  private readonly auditCounts = new Map<number, number>()
  /** The checksums read after a refused call (tablesChangedBy): the next call starts from them if nothing was committed since. */
  private quietState: { sums: TableChecksums; version: number } | null = null
  private sinceWindow = 0
  private inputCount = 0
  /** Executors a test keeps runs running on (they never call back): not "still busy" for the checksums. */
  readonly quietAddresses: string[] = []

  private constructor(
    readonly clock: ManualClock,
    readonly headless: Headless<CoreParts>,
    readonly fixture: AdminFixture,
    private readonly reader: Database.Database,
    private readonly remove: () => void,
  ) {}

  /** `options` add to the harness's own (trust tests pass the fix's options, e.g. `enableScripts`). */
  static async start(options: Partial<HeadlessOptions> = {}): Promise<AdminHarness> {
    const dir = makeTempDir('jobdesk-fuzz-')
    const rendererDir = join(dir.path, 'renderer')
    const clock = new ManualClock(Date.now())
    const headless = await startHeadless(
      {
        dataDir: join(dir.path, 'data'),
        host: '127.0.0.1',
        port: 0,
        logger: silentLogger,
        seedDemo: false,
        accessToken: HARNESS_EXECUTOR_TOKEN,
        clock,
        shutdownGraceMs: 200,
        rendererDir: makeRenderer(rendererDir),
        ...options,
      },
      assembleCore,
    )
    const fixture = await createFixture(headless).catch(async (error: unknown) => {
      await headless.stop()
      dir.remove()
      throw error
    })
    const reader = openReadOnly(databaseFile(join(dir.path, 'data')))
    const harness = new AdminHarness(clock, headless, fixture, reader, dir.remove)
    await harness.rebase()
    return harness
  }

  get port(): number {
    return this.headless.server.port
  }

  /** Credentials for the OpenAPI (the API token) or for executors (the executor token). */
  credentials(kind: 'api' | 'executor'): Credentials {
    const token = kind === 'api' ? this.headless.core.settings.apiToken() : HARNESS_EXECUTOR_TOKEN
    return { token, groupToken: HARNESS_GROUP_TOKEN, groupApp: HARNESS_GROUP_APP }
  }

  checksums(): TableChecksums {
    return tableChecksums(this.reader)
  }

  /** The headers of a caller: the API token, the executor token, or a group's token and app name. */
  auth(kind: 'api' | 'executor' | { appName: string; token: string }): Record<string, string> {
    if (kind === 'api') return { 'XXL-JOB-ACCESS-TOKEN': this.headless.core.settings.apiToken() }
    if (kind === 'executor') return { 'XXL-JOB-ACCESS-TOKEN': HARNESS_EXECUTOR_TOKEN }
    return { 'XXL-JOB-ACCESS-TOKEN': kind.token, 'XXL-JOB-APPNAME': kind.appName }
  }

  /** POSTs a JSON body to `/api/<method>` as `caller`, from `localAddress` (default 127.0.0.1). */
  post(method: string, body: unknown, caller: Parameters<AdminHarness['auth']>[0], localAddress?: string): Promise<EnvelopeReply> {
    return postEnvelope(this.port, `/api/${method}`, this.auth(caller), typeof body === 'string' ? body : JSON.stringify(body), { localAddress })
  }

  /**
   * Runs `action` and returns what it returned with the tables it changed (none for a request that
   * was refused as issue 9 asks). The first checksums are taken once the database is quiet, unless
   * the last call was `refused` and nothing was committed since: a refusal starts no work, so the
   * state read after it is quiet (a write of it that came late would show as a change of this call).
   */
  async tablesChangedBy<T>(action: () => Promise<T>, refused?: (result: T) => boolean): Promise<{ result: T; changed: string[] }> {
    const quiet = this.quietState?.version === this.dataVersion() ? this.quietState.sums : null
    const before = quiet ?? (await settledChecksums(this.reader, undefined, undefined, this.quietAddresses))
    this.quietState = null
    const result = await action()
    const sums = this.checksums()
    if (refused?.(result)) this.quietState = { sums, version: this.dataVersion() }
    return { result, changed: changedTables(before, sums) }
  }

  /** SQLite's count of commits by other connections, as this reader sees it: equal means nothing was written. */
  private dataVersion(): number {
    return this.reader.pragma('data_version', { simple: true }) as number
  }

  /**
   * Starts a fresh rate-limit window (XXL-JOB's is 100 requests per 30 s, on the injected clock)
   * when `requests` more would not fit, and takes the checksums after the loops it woke are done.
   */
  async roomFor(requests: number): Promise<void> {
    if (this.sinceWindow + requests <= 90) {
      this.sinceWindow += requests
      return
    }
    await this.clock.advance(31_000)
    await this.rebase()
    this.sinceWindow = requests
  }

  /**
   * The audit rows written after `afterId`, oldest first, and the older ones a refusal was folded
   * into since this harness last read them (an identical refusal within its minute counts on the
   * row of the first: src/main/audit/audit-fold.ts) — each row once, with its count.
   */
  auditRowsAfter(afterId: number): { id: number; action: string; outcome: string; count: number }[] {
    const rows = this.reader
      .prepare('SELECT id, action, outcome, repeat_count AS count FROM job_audit WHERE id > ? OR repeat_count > 1 ORDER BY id')
      .all(afterId) as { id: number; action: string; outcome: string; count: number }[]
    const seen = this.auditCounts
    const grown = rows.filter((row) => row.id > afterId || (seen.has(row.id) && row.count > seen.get(row.id)!))
    for (const row of rows) seen.set(row.id, row.count)
    return grown
  }

  private async rebase(): Promise<void> {
    this.quietState = null
    this.baseline = await settledChecksums(this.reader, undefined, undefined, this.quietAddresses)
    this.auditMark = (this.reader.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM job_audit').get() as { id: number }).id
  }

  /**
   * Sends one fuzzed request and checks the three properties: a clear answer, the server still
   * answering, and no table changed when the answer was a refusal but for at most one audit row
   * recording it (a refused credential or permission; bad input writes none). Each input comes from its own
   * loopback address, so per-address limits of failed authentications do not turn the rest of the
   * run into rate-limit refusals.
   */
  async check(request: FuzzRequest, credentials: Credentials, tally: FuzzTally): Promise<void> {
    const n = this.inputCount++
    const localAddress = `127.0.${1 + (n % 250)}.${2 + (Math.floor(n / 250) % 250)}`
    const answer = await sendRaw(this.port, encodeRequest(request, credentials), { localAddress })
    this.throwIfCrashed()
    const outcome = judgeAnswer(answer, request.method)
    tally.note(outcome)
    await this.expectAlive()
    if (outcome === 'accepted') {
      await this.rebase()
      return
    }
    const after = this.checksums()
    const changed = changedTables(this.baseline, after)
    const audit = this.auditRowsAfter(this.auditMark)
    const wrong = changed.filter((table) => table !== 'job_audit')
    if (audit.length > 1 || audit.some((row) => row.outcome !== 'refused')) wrong.push(`job_audit (${JSON.stringify(audit)})`)
    if (wrong.length > 0) {
      await this.rebase()
      const envelope = envelopeOf(answer)
      throw new Error(
        `refused (${answer.kind === 'response' ? answer.status : answer.kind} ${JSON.stringify(envelope)}) but tables changed: ${wrong.join(', ')}`,
      )
    }
    // A refusal starts no work, so the state just read is settled: the next input is judged against
    // it, and a write that came late would show there. (Waiting for quiet after every refusal cost
    // three reads of every table and 50 ms an input.)
    this.baseline = after
    this.auditMark = audit.at(-1)?.id ?? this.auditMark
  }

  /** The server still answers a harmless valid request (removing an address nobody registered). */
  async expectAlive(): Promise<void> {
    const body = Buffer.from('{"registryGroup":"EXECUTOR","registryKey":"fuzz-probe","registryValue":"http://127.0.0.1:8/"}')
    const probe = requestBytes(
      'POST /api/registryRemove HTTP/1.1',
      [
        ['Host', '127.0.0.1'],
        ['XXL-JOB-ACCESS-TOKEN', HARNESS_EXECUTOR_TOKEN],
        ['Content-Length', String(body.length)],
      ],
      body,
    )
    const answer = await sendRaw(this.port, probe, { timeoutMs: 10_000 })
    const envelope = envelopeOf(answer)
    if (envelope?.code !== 200)
      throw new Error(
        `the server stopped answering: the probe got ${answer.kind === 'response' ? `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}` : answer.kind}`,
      )
    this.throwIfCrashed()
  }

  throwIfCrashed(): void {
    this.crashes.check()
  }

  /**
   * Stops the server, moving its clock on while it drains: a graceful stop waits on the clock for
   * what is still due (the final pull of a LAN run's log 2 s after its callback), and only the test
   * moves this one.
   */
  async stop(): Promise<void> {
    this.crashes.stop()
    this.reader.close()
    let stopped = false
    const stopping = this.headless.stop().finally(() => (stopped = true))
    for (let step = 0; step < 20 && !stopped; step++) {
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 50))])
      if (!stopped) await this.clock.advance(500)
    }
    await stopping
    this.remove()
  }
}

/** A stand-in for the built console, so GET requests are answered the same whether or not it is built. */
function makeRenderer(dir: string): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>fuzz</title>\n')
  return dir
}

async function createFixture(headless: Headless<CoreParts>): Promise<AdminFixture> {
  const api = headless.core.api
  const embeddedGroupId = (await api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  const group = await api.saveGroup({
    appName: HARNESS_GROUP_APP,
    name: 'Fuzz group',
    addressType: 1,
    addressList: 'http://127.0.0.1:9/',
    accessToken: HARNESS_GROUP_TOKEN,
  })
  const none = { scheduleType: 'NONE' as const, scheduleConf: '' }
  const jobA = (await api.saveJob(jobInput(embeddedGroupId, { ...none, name: 'fuzz A' }))).id
  const jobB = (await api.saveJob(jobInput(embeddedGroupId, { ...none, name: 'fuzz B' }))).id
  const groupJob = (await api.saveJob(jobInput(group.id, { ...none, name: 'fuzz group job' }))).id
  await api.saveLink({ parentJobId: jobA, childJobId: jobB, condition: 'SUCCESS' })
  const runId = (await api.triggerJob({ jobId: jobA })).logIds[0]
  // B runs as A's child; both must be done before the first checksum.
  await waitFor('the fixture runs to finish', async () => {
    const { runs } = await api.listRuns({ limit: 10 })
    return runs.length >= 2 && runs.every((r) => r.handleCode !== 0)
  })
  return { embeddedGroupId, groupId: group.id, jobA, jobB, groupJob, runId }
}
