import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
/** The headless entry; JOBDESK_E2E_SERVE points the tests at another build (e.g. an integration checkout). */
export const SERVE_ENTRY = process.env.JOBDESK_E2E_SERVE ?? join(REPO, 'out', 'main', 'serve.js')
/** How long headless mode may take to print its console address (a loaded 2-core machine). */
export const START_TIMEOUT_MS = 30_000
/** How long it may take to drain and exit after SIGTERM before it is killed. */
export const STOP_TIMEOUT_MS = 15_000

export interface HeadlessServer {
  /** The console address with the token fragment, as printed. */
  url: string
  origin: string
  token: string
  dataDir: string
  /** Everything the server wrote, for failure messages. */
  output(): string
  /** SIGTERM, wait for the exit; the data directory is removed unless `keepDataDir`. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>
}

export interface HeadlessOptions {
  /** Reuse a data directory (a restart); default: a fresh temporary one. */
  dataDir?: string
  /** Default 0: the kernel picks a free port. */
  port?: number
  extraArgs?: string[]
}

/**
 * Starts `node out/main/serve.js --port 0` on 127.0.0.1 with a fresh data directory and waits for
 * the `Console: http://127.0.0.1:<port>/#token=<token>` line (port 0: the kernel picks the port).
 */
export async function startHeadlessServer(options: HeadlessOptions = {}): Promise<HeadlessServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'jobdesk-e2e-')))
  const extraArgs = options.extraArgs ?? []
  // The token is generated per data dir; an inherited JOBDESK_CONSOLE_TOKEN would override it.
  const { JOBDESK_CONSOLE_TOKEN: _inherited, ...env } = process.env
  const child = spawn(process.execPath, [SERVE_ENTRY, '--port', String(options.port ?? 0), '--host', '127.0.0.1', '--data-dir', dataDir, ...extraArgs], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let output = ''
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`headless mode printed no console address within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Console: (http:\/\/127\.0\.0\.1:\d+\/(?:#token=\S+)?)\s/.exec(output)
      if (match) {
        clearTimeout(timer)
        done(match[1])
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`headless mode exited (code ${code}) before printing its console address:\n${output}`))
    })
  })

  const parsed = new URL(url)
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    dataDir,
    output: () => output,
    stop: (stopOptions) => stopChild(child, exited, stopOptions?.keepDataDir ? null : dataDir),
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, dataDir: string | null): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await exited
    clearTimeout(timer)
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
