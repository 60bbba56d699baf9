import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtAfterSources } from '../../src/main/kernel/spawn-worker'
import { makeTempDir } from './temp-dir'
import { waitFor } from './wait-for'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const SERVE_ENTRY = join(REPO, 'out', 'main', 'serve.js')
const START_TIMEOUT_MS = 30_000
/** Registry loops that never run during a test: the database changes only by what a test sends. */
export const QUIET_REGISTRY_ARGS = ['--registry-beat-ms', '3600000', '--registry-dead-ms', '3600000', '--registry-sweep-ms', '3600000']

/**
 * Headless mode as its own process (`node out/main/serve.js`), for tests whose input may crash it:
 * an in-process crash would take the test runner down with it.
 */
export interface HeadlessChild {
  origin: string
  port: number
  consoleToken: string
  /** The executor access token it printed. */
  accessToken: string
  dataDir: string
  child: ChildProcess
  alive(): boolean
  /** Everything it printed, for failure messages. */
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM and wait; SIGKILL after 15 s. The data folder stays. */
  stop(): Promise<void>
  kill(): Promise<void>
  /** Stops it and removes the data folder it was given a fresh one. */
  dispose(): Promise<void>
}

/**
 * Builds the app when out/main/serve.js is missing or older than any source file (`npm test` builds
 * first, so this only acts when a test file is run alone). One build at a time across test workers.
 */
export async function ensureBuilt(): Promise<void> {
  if (builtIsCurrent()) return
  // Outside out/, which the build empties.
  const lock = join(tmpdir(), `jobdesk-build-lock-${createHash('sha256').update(REPO).digest('hex').slice(0, 12)}`)
  // A lock older than any build is left over from a killed run.
  if (existsSync(lock) && statSync(lock).mtimeMs < Date.now() - 300_000) rmSync(lock, { recursive: true, force: true })
  await waitFor(
    'the build lock',
    () => {
      try {
        mkdirSync(lock)
        return true
      } catch {
        return false
      }
    },
    180_000,
  )
  try {
    if (!builtIsCurrent()) execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: REPO, stdio: 'inherit' })
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Whether out/main holds a build of today's sources (`npm test` builds before any test). */
export function builtIsCurrent(): boolean {
  return builtAfterSources(SERVE_ENTRY)
}

export interface HeadlessChildOptions {
  /** Reuse a data folder (a restart); default: a fresh one, removed by `dispose`. */
  dataDir?: string
  extraArgs?: string[]
  /** Added to its environment (a preloaded library that shifts its clock, say). */
  env?: Record<string, string>
}

export async function startHeadlessChild(options: HeadlessChildOptions = {}): Promise<HeadlessChild> {
  await ensureBuilt()
  const fresh = options.dataDir === undefined ? makeTempDir('jobdesk-child-') : null
  const dataDir = options.dataDir ?? join(fresh!.path, 'data')
  // Tokens come from the data folder; inherited ones would override them.
  const { JOBDESK_CONSOLE_TOKEN: _c, JOBDESK_ACCESS_TOKEN: _a, JOBDESK_API_TOKEN: _p, ...env } = process.env
  const child = spawn(process.execPath, [SERVE_ENTRY, '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--no-demo', ...(options.extraArgs ?? [])], {
    cwd: REPO,
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let exitedAlready = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exitedAlready = true
      resolve({ code, signal })
    }),
  )
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let started: string
  try {
    started = await Promise.race([
      waitFor('headless mode to print its addresses', () => /Executors register at/.test(output) && output, START_TIMEOUT_MS),
      exited.then(({ code, signal }) => {
        throw new Error(`headless mode exited (${code ?? signal}) before it was ready:\n${output}`)
      }),
    ])
  } catch (error) {
    if (!exitedAlready) child.kill('SIGKILL')
    fresh?.remove()
    throw error
  }
  const consoleUrl = new URL(/Console: (\S+)/.exec(started)![1])
  const accessToken = /with access token (\S+)/.exec(started)?.[1] ?? ''
  const stop = async (signal: NodeJS.Signals) => {
    if (exitedAlready) return
    child.kill(signal)
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(force)
  }
  return {
    origin: consoleUrl.origin,
    port: Number(consoleUrl.port),
    consoleToken: new URLSearchParams(consoleUrl.hash.slice(1)).get('token') ?? '',
    accessToken,
    dataDir,
    child,
    alive: () => !exitedAlready,
    output: () => output,
    exited,
    stop: () => stop('SIGTERM'),
    kill: () => stop('SIGKILL'),
    async dispose() {
      await stop('SIGTERM')
      fresh?.remove()
    },
  }
}
