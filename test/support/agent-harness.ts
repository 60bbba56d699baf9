import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { AgentConfig } from '../../src/main/agent/agent-args'
import { startAgent, type RunningAgent } from '../../src/main/agent/run-agent'
import { createExecutor, type Executor } from '../../src/main/executor'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import type { Credentials, FuzzRequest } from './fuzz-http-request'
import { encodeRequest } from './fuzz-http-request'
import type { FuzzTally } from './fuzz-run'
import { judgeAnswer } from './fuzz-verdict'
import { envelopeOf, requestBytes, sendRaw } from './raw-http'
import { startStubAdmin, type StubAdmin } from './stub-admin'
import { CrashWatch } from './crash-watch'
import { makeTempDir } from './temp-dir'
import { waitFor } from './wait-for'

export const AGENT_TOKEN = 'agent-fuzz-token-0123456789'
export const AGENT_APP = 'fuzz-agent'

/** What a refused request must leave as it was: the executor's lanes and the files it keeps. */
interface AgentState {
  lanes: string
  files: string
}

/**
 * The LAN agent in-process (real executor core, real HTTP on 127.0.0.1, no scripts, no outgoing
 * HTTP jobs) against a stub admin, for the agent fuzz properties and the trust tests.
 */
export class AgentHarness {
  private readonly crashes = new CrashWatch('the agent')
  private baseline: AgentState = { lanes: '', files: '' }
  private readonly badPaths = new Set<string>()

  private constructor(
    readonly agent: RunningAgent,
    private readonly executor: Executor,
    readonly logPath: string,
    private readonly admin: StubAdmin,
    private readonly remove: () => void,
  ) {}

  static async start(overrides: Partial<AgentConfig> = {}): Promise<AgentHarness> {
    const admin = await startStubAdmin({ generation: 'g2' })
    const dir = makeTempDir('jobdesk-agent-fuzz-')
    let executor: Executor | undefined
    const agent = await startAgent(
      {
        adminAddresses: [admin.url],
        accessToken: AGENT_TOKEN,
        appName: AGENT_APP,
        port: 0,
        host: '127.0.0.1',
        address: null,
        handlerDirs: [],
        logPath: dir.path,
        logRetentionDays: 30,
        // Never: a fuzzed /run that the agent accepted would run its glue source.
        enableScripts: false,
        httpAllowPrefixes: [],
        adminGeneration: 'auto',
        runLogLayout: 'files',
        beatIntervalMs: 60_000,
        callbackRetryMs: 60_000,
        ...overrides,
      },
      {
        clock: new ManualClock(Date.now()),
        logger: silentLogger,
        // The stub admin copies no run logs: a stop need not wait for it.
        finalLogPullGraceMs: 0,
        createExecutor: (options) => (executor = createExecutor(options)),
      },
    )
    await agent.firstBeat
    const harness = new AgentHarness(agent, executor!, dir.path, admin, dir.remove)
    harness.baseline = harness.state()
    return harness
  }

  get port(): number {
    return this.agent.port
  }

  credentials(): Credentials {
    return { token: AGENT_TOKEN, groupToken: AGENT_TOKEN, groupApp: AGENT_APP }
  }

  state(): AgentState {
    const { laneCount, queuedCount, runningJobIds } = this.executor.status()
    return { lanes: JSON.stringify({ laneCount, queuedCount, runningJobIds }), files: listFiles(this.logPath).join('\n') }
  }

  async check(request: FuzzRequest, tally: FuzzTally): Promise<void> {
    const answer = await sendRaw(this.port, encodeRequest(request, this.credentials()))
    this.throwIfCrashed()
    const outcome = judgeAnswer(answer, request.method)
    tally.note(outcome)
    await this.expectAlive()
    if (outcome === 'accepted') this.baseline = await this.settled(acceptedRunLogId(request))
    // Reported once, for the input that wrote it (an earlier property's folder stays on disk).
    const badPath = listFiles(this.logPath)
      .map((entry) => entry.replace(/ \d+$/, ''))
      .find((path) => /NaN|Invalid/.test(path) && !this.badPaths.has(path))
    if (badPath) {
      this.badPaths.add(badPath)
      throw new Error(`the agent wrote ${badPath} (${outcome}: ${JSON.stringify(envelopeOf(answer))})`)
    }
    if (outcome === 'accepted') return
    const now = this.state()
    if (now.lanes !== this.baseline.lanes || now.files !== this.baseline.files) {
      const before = this.baseline
      this.baseline = await this.settled(null)
      throw new Error(
        `refused (${JSON.stringify(envelopeOf(answer))}) but the agent changed: lanes ${before.lanes} → ${now.lanes}; files ${diffLines(before.files, now.files)}`,
      )
    }
  }

  /**
   * Once an accepted request's effects are all written: the run's callback reached the admin (its
   * log's last line follows that), and the lanes and files stayed the same over three polls.
   */
  private async settled(runLogId: number | null): Promise<AgentState> {
    if (runLogId !== null) {
      await this.admin.waitForRequest((r) => r.path.endsWith('/api/callback') && new RegExp(`"logId":${runLogId}\\b`).test(r.body), 20_000)
    }
    let previous = ''
    let stableFor = 0
    return waitFor('the agent to settle', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      const status = this.executor.status()
      if (status.runningJobIds.length > 0 || status.queuedCount > 0) return false
      const state = this.state()
      const key = JSON.stringify(state)
      stableFor = key === previous ? stableFor + 1 : 0
      previous = key
      return stableFor >= 2 && state
    })
  }

  async expectAlive(): Promise<void> {
    const probe = requestBytes('POST /beat HTTP/1.1', [
      ['Host', '127.0.0.1'],
      ['XXL-JOB-ACCESS-TOKEN', AGENT_TOKEN],
      ['Content-Length', '0'],
    ])
    const answer = await sendRaw(this.port, probe, { timeoutMs: 10_000 })
    if (envelopeOf(answer)?.code !== 200) throw new Error(`the agent stopped answering /beat: ${answer.kind === 'response' ? answer.status : answer.kind}`)
    this.throwIfCrashed()
  }

  throwIfCrashed(): void {
    this.crashes.check()
  }

  async stop(): Promise<void> {
    this.crashes.stop()
    await this.agent.stop()
    await this.admin.close()
    this.remove()
  }
}

/** The logId of a /run or /trigger body, whose callback the agent will send. */
function acceptedRunLogId(request: FuzzRequest): number | null {
  if (!/^\/(run|trigger)$/.test(request.path) || request.body.kind !== 'json') return null
  const value = request.body.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const logId = (value as Record<string, unknown>).logId
  return typeof logId === 'number' ? logId : null
}

/** Every file and folder under `root` with its size, sorted (what a run, a log or a spool leaves). */
export function listFiles(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        found.push(`${relative(root, path)}/`)
        walk(path)
      } else {
        // A spool's temp file may be renamed between the listing and the stat.
        const size = sizeOf(path)
        if (size !== null) found.push(`${relative(root, path)} ${size}`)
      }
    }
  }
  walk(root)
  return found.sort()
}

function sizeOf(path: string): number | null {
  try {
    return statSync(path).size
  } catch {
    return null
  }
}

function diffLines(before: string, after: string): string {
  const a = new Set(before.split('\n'))
  const b = new Set(after.split('\n'))
  return `-[${[...a].filter((l) => !b.has(l)).join(', ')}] +[${[...b].filter((l) => !a.has(l)).join(', ')}]`
}
