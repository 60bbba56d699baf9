/**
 * A child process a benchmark starts and must stop: its stdout/stderr lines with arrival times, a
 * wait for a line that says it is ready, and a stop that escalates to SIGKILL so no run hangs.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface Line {
  text: string
  /** performance.now() of this process when the line arrived. */
  atMs: number
  stream: 'stdout' | 'stderr'
}

export interface Child {
  readonly child: ChildProcess
  readonly pid: number
  /** performance.now() just before spawn(). */
  readonly spawnedAtMs: number
  readonly lines: Line[]
  output(): string
  /** Resolves with the first line (already seen or to come) matching `pattern`; rejects on exit or timeout. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>
  /** Sends `signal` (default SIGTERM), SIGKILL after `graceMs`; resolves when it has exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>
}

export function startChild(command: string, args: readonly string[], options: SpawnOptions = {}, name = command): Child {
  const spawnedAtMs = performance.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
  const lines: Line[] = []
  const waiters = new Set<() => void>()
  const onLine = (stream: Line['stream']) => (text: string) => {
    lines.push({ text, atMs: performance.now(), stream })
    for (const wake of waiters) wake()
  }
  createInterface({ input: child.stdout! }).on('line', onLine('stdout'))
  createInterface({ input: child.stderr! }).on('line', onLine('stderr'))
  let exitCode: number | null | undefined
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code
      for (const wake of waiters) wake()
      resolve(code)
    })
    child.once('error', (error) => {
      lines.push({ text: `spawn failed: ${error.message}`, atMs: performance.now(), stream: 'stderr' })
      exitCode = -1
      for (const wake of waiters) wake()
      resolve(-1)
    })
  })
  const output = () => lines.map((l) => l.text).join('\n')

  return {
    child,
    pid: child.pid ?? -1,
    spawnedAtMs,
    lines,
    output,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        let scanned = 0
        const check = () => {
          for (; scanned < lines.length; scanned++) {
            const match = pattern.exec(lines[scanned].text)
            if (match) return finish(() => resolve(match))
          }
          if (exitCode !== undefined) finish(() => reject(new Error(`${name} exited (code ${exitCode}) before printing ${pattern}:\n${tail(output())}`)))
        }
        const timer = setTimeout(() => finish(() => reject(new Error(`${name} printed no ${pattern} within ${timeoutMs} ms:\n${tail(output())}`))), timeoutMs)
        const finish = (settle: () => void) => {
          clearTimeout(timer)
          waiters.delete(check)
          settle()
        }
        waiters.add(check)
        check()
      })
    },
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (exitCode !== undefined) return
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

function tail(text: string): string {
  return text.split('\n').slice(-15).join('\n')
}
