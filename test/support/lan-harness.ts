import type { SecretReader } from '../../src/main/secrets/secret-reader'
import { assembleCore, type CoreParts } from '../../src/main/app/core'
import { startHeadless, type Headless } from '../../src/main/app/headless'
import { silentLogger } from '../../src/main/kernel/logger'
import { parseAgentArgs, type AgentConfig } from '../../src/main/agent/agent-args'
import { startAgent, type AgentDeps, type RunningAgent } from '../../src/main/agent/run-agent'
import type { RegistryTimings } from '../../src/main/registry/health'
import type { ArtifactLimits } from '../../src/main/artifacts/artifact-store'
import type { JobInput, JobRun } from '../../src/shared/model'
import { loopbackAgentArgs } from './agent-args'
import { TEST_HANDLERS_DIR } from './core-harness'
import { jobInput } from './job-input'
import { makeTempDir } from './temp-dir'
import { waitFor } from './wait-for'

export const TEST_TOKEN = 'lan-test-token-0123456789'
/** Beats every 250 ms; suspect after one missed beat, dead (and swept) after 1.5 s of silence. */
export const FAST_REGISTRY = { beatIntervalMs: 250, deadTimeoutMs: 1500, sweepPeriodMs: 200 }

export interface LanAdmin {
  headless: Headless<CoreParts>
  /** Base URL executors register with, e.g. http://127.0.0.1:PORT */
  url: string
  dataDir: string
  agents: RunningAgent[]
  /**
   * Starts an in-process LAN agent on a free loopback port, registered with this admin. It stops at
   * once (`finalLogPullGraceMs` 0): a real agent goes on answering for 4 s after its last callback so
   * the admin can take its final copy of the log, which every test's teardown would wait for. A test
   * of that wait passes `{ finalLogPullGraceMs: FINAL_LOG_PULL_GRACE_MS }`.
   */
  startAgent(appName: string, overrides?: Partial<AgentConfig>, deps?: AgentDeps): Promise<RunningAgent>
  /** Waits until the group of `appName` lists exactly `count` addresses. */
  groupAddresses(appName: string, count: number): Promise<string[]>
  addJob(appName: string, overrides?: Partial<JobInput>): Promise<number>
  finishedRuns(jobId: number, count: number): Promise<JobRun[]>
  stop(): Promise<void>
}

/** Command-line arguments for an agent process (spawnAgent) registering `appName` with `adminUrl` on loopback. */
export function lanAgentArgs(adminUrl: string, appName: string, logPath: string): string[] {
  return loopbackAgentArgs({
    admin: adminUrl,
    token: TEST_TOKEN,
    appName,
    beatIntervalMs: FAST_REGISTRY.beatIntervalMs,
    handlers: TEST_HANDLERS_DIR,
    logPath,
  })
}

/**
 * A JobDesk admin in headless mode on 127.0.0.1 with short registry timings (FAST_REGISTRY unless
 * given; agents started by lanAgentArgs beat at FAST_REGISTRY's interval), and no demo jobs.
 */
export async function startLanAdmin(
  options: {
    monitorTimings?: Record<string, number>
    registryTimings?: RegistryTimings
    enableScripts?: boolean
    artifactLimits?: ArtifactLimits
    secretReader?: SecretReader
  } = {},
): Promise<LanAdmin> {
  const dir = makeTempDir()
  const headless = await startHeadless(
    {
      dataDir: dir.path,
      host: '127.0.0.1',
      port: 0,
      logger: silentLogger,
      seedDemo: false,
      accessToken: TEST_TOKEN,
      registryTimings: options.registryTimings ?? FAST_REGISTRY,
      shutdownGraceMs: 500,
      monitorTimings: options.monitorTimings,
      enableScripts: options.enableScripts,
      artifactLimits: options.artifactLimits,
      executorOptions: { handlerDirs: [TEST_HANDLERS_DIR] },
      secretReader: options.secretReader,
    },
    assembleCore,
  )
  const url = `http://127.0.0.1:${headless.server.port}`
  const agents: RunningAgent[] = []
  const logDirs: ReturnType<typeof makeTempDir>[] = []
  const api = headless.core.api

  const admin: LanAdmin = {
    headless,
    url,
    dataDir: dir.path,
    agents,
    async startAgent(appName, overrides = {}, deps = {}) {
      const logs = makeTempDir('jobdesk-agent-')
      logDirs.push(logs)
      const parsed = parseAgentArgs(['--admin', url, '--token', TEST_TOKEN, '--app', appName, '--port', '0', '--host', '127.0.0.1'])
      const config = {
        ...(parsed as AgentConfig),
        logPath: logs.path,
        handlerDirs: [TEST_HANDLERS_DIR],
        beatIntervalMs: FAST_REGISTRY.beatIntervalMs,
        callbackRetryMs: 500,
        ...overrides,
      }
      const agent = await startAgent(config, { finalLogPullGraceMs: 0, ...deps })
      agents.push(agent)
      await agent.firstBeat
      return agent
    },
    async groupAddresses(appName, count) {
      return waitFor(`${count} addresses in group ${appName}`, async () => {
        const group = (await api.listGroups()).find((g) => g.appName === appName)
        const list = group?.addressList ? group.addressList.split(',') : []
        return list.length === count && list
      })
    },
    async addJob(appName, overrides = {}) {
      const group = (await api.listGroups()).find((g) => g.appName === appName)!
      return (await api.saveJob(jobInput(group.id, { scheduleType: 'NONE', scheduleConf: '', ...overrides }))).id
    },
    finishedRuns(jobId, count) {
      return waitFor(`${count} finished runs of job ${jobId}`, async () => {
        const { runs } = await api.listRuns({ jobId, limit: 1000 })
        const finished = runs.filter((r) => r.handleCode !== 0 || (r.triggerCode !== 0 && r.triggerCode !== 200))
        return finished.length >= count && finished.reverse()
      })
    },
    async stop() {
      await Promise.all(agents.map((a) => a.stop().catch(() => {})))
      await headless.stop()
      dir.remove()
      logDirs.forEach((d) => d.remove())
    },
  }
  return admin
}
