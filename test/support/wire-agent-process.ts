import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { appEntryArgs } from './app-entry'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** A LAN agent in its own process, as an operator starts one (see appEntryArgs). */
export interface AgentProcess {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves with the exit code (and when it happened) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>
  /** Resolves with the first stdout match of `pattern`; rejects on exit or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  kill(): void
}

export function spawnAgent(args: string[], env: NodeJS.ProcessEnv = {}): AgentProcess {
  const child = spawn(process.execPath, [...appEntryArgs('executor-agent'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  const listeners = new Set<() => void>()
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8')
    for (const listener of listeners) listener()
  })
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, atMs: Date.now() })),
  )
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(out)
          if (!match) return
          cleanup()
          resolve(match)
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`agent printed no ${pattern} within ${timeoutMs} ms; stdout: ${out}; stderr: ${err}`))
        }, timeoutMs)
        const cleanup = (): void => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        void exited.then(() => {
          if (!listeners.has(check)) return
          cleanup()
          reject(new Error(`agent exited before printing ${pattern}; stdout: ${out}; stderr: ${err}`))
        })
        check()
      })
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}
