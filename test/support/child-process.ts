import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export interface RunningChild {
  child: ChildProcess
  /** Everything the child printed on stdout so far. */
  output(): string
  /** Resolves with the first stdout line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>
}

/** Starts a TypeScript file of the repository in a new Node process (through tsx). */
export function startTsProcess(file: string, args: string[], env: NodeJS.ProcessEnv = {}): RunningChild {
  return startChild(['--import', 'tsx', join(ROOT, file)], args, env)
}

/** Starts a new Node process with `entryArgs` (an entry and what Node needs to run it) and `args`. */
export function startChild(entryArgs: string[], args: string[], env: NodeJS.ProcessEnv = {}): RunningChild {
  const child = spawn(process.execPath, [...entryArgs, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const lineWaiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = []
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    for (const waiter of [...lineWaiters]) {
      const match = stdout.match(waiter.pattern)
      if (match) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  return {
    child,
    output: () => stdout,
    exited,
    waitForLine(pattern, timeoutMs = 30_000) {
      const match = stdout.match(pattern)
      if (match) return Promise.resolve(match)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; stdout:\n${stdout}\nstderr:\n${stderr}`)),
          timeoutMs,
        )
        lineWaiters.push({
          pattern,
          resolve: (m) => {
            clearTimeout(timer)
            resolve(m)
          },
        })
        void exited.then((code) => {
          clearTimeout(timer)
          reject(new Error(`process exited (${code}) before printing ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`))
        })
      })
    },
  }
}
