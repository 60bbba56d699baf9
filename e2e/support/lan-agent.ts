import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loopbackAgentArgs } from '../../test/support/agent-args'
import type { HeadlessServer } from '../../test/support/headless-process'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const AGENT_ENTRY = join(REPO, 'out', 'main', 'executor-agent.js')
export const E2E_HANDLERS = join(REPO, 'e2e', 'handlers')
const START_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 15_000

export interface LanAgent {
  /** The address it registered (`http://127.0.0.1:<port>/`). */
  address: string
  output(): string
  /** SIGTERM: removes its registration and stops gracefully. */
  stop(): Promise<void>
  /** SIGKILL: a crash; the admin only notices the missing beats. */
  kill(): Promise<void>
}

/** The access token given to `serve --token` in tests that start agents (not XXL-JOB's public default). */
export const E2E_ACCESS_TOKEN = 'e2e-access-token-7f3c9a'

/**
 * Starts a LAN executor agent on 127.0.0.1 (port 0) registering with the headless server as `appName`,
 * beating every `beatIntervalMs`, with the e2e handlers; resolves once it printed its address.
 */
export async function startLanAgent(server: HeadlessServer, appName: string, beatIntervalMs = 300): Promise<LanAgent> {
  const logPath = await mkdtemp(join(tmpdir(), 'jobdesk-e2e-agent-'))
  const child = spawn(
    process.execPath,
    [AGENT_ENTRY, ...loopbackAgentArgs({ admin: server.origin, token: E2E_ACCESS_TOKEN, appName, beatIntervalMs, logPath, handlers: E2E_HANDLERS })],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const address = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the agent printed no address within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /registering \S+ as (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)
      if (match) {
        clearTimeout(timer)
        done(match[1])
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then(() => {
      clearTimeout(timer)
      fail(new Error(`the agent exited before registering:\n${output}`))
    })
  })
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    }
    await rm(logPath, { recursive: true, force: true })
  }
  return { address, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') }
}

export async function stopAll(agents: readonly LanAgent[]): Promise<void> {
  await Promise.allSettled(agents.map((agent) => agent.stop()))
}
