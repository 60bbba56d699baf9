import { spawn, type ChildProcess } from 'node:child_process'
import { constants } from 'node:os'

export interface ScriptExit {
  /** The exit value, 128 + signal number when a signal ended it (as a shell reports it). */
  exitCode: number
  /** Set when the interpreter could not be started (ENOENT when it is not on PATH). */
  startError?: NodeJS.ErrnoException
}

export interface ScriptProcess {
  readonly pid: number | undefined
  readonly exited: Promise<ScriptExit>
  /** Ends the whole process tree: SIGTERM to the group, SIGKILL after `graceMs` (Windows: taskkill /T /F). */
  killTree(graceMs: number): void
}

/**
 * Starts `command file ...args` in its own process group (its own session on Linux/macOS), so a kill
 * reaches everything the script started, not only the interpreter. Output arrives line by line;
 * a last unterminated line is delivered when its stream ends.
 */
export function startScriptProcess(
  command: string,
  args: readonly string[],
  onLine: (line: string) => void,
  extraEnv: Record<string, string> = {},
): ScriptProcess {
  const windows = process.platform === 'win32'
  const env = Object.keys(extraEnv).length > 0 ? { ...process.env, ...extraEnv } : process.env
  const child = spawn(command, args, { detached: !windows, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, env })
  forwardLines(child.stdout!, onLine)
  forwardLines(child.stderr!, onLine)
  const exited = new Promise<ScriptExit>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) resolve({ exitCode: -1, startError: error })
    })
    // 'close' waits for the output pipes too, which a leftover grandchild can hold open; 'exit' is
    // the script's own end, so settle on whichever comes first after the process ended.
    child.once('exit', (code, signal) => resolve({ exitCode: code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0) }))
  })
  let killed = false
  return {
    pid: child.pid,
    exited,
    killTree(graceMs: number) {
      if (killed || child.pid === undefined) return
      killed = true
      if (windows) return killWindowsTree(child)
      signalGroup(child.pid, 'SIGTERM')
      const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), graceMs)
      timer.unref()
    },
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: the whole group is gone already.
  }
}

function killWindowsTree(child: ChildProcess): void {
  const killer = spawn('taskkill', ['/T', '/F', '/PID', String(child.pid)], { stdio: 'ignore', windowsHide: true })
  killer.on('error', () => child.kill('SIGKILL'))
}

function forwardLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    const text = rest + chunk
    const lastBreak = text.lastIndexOf('\n')
    if (lastBreak < 0) {
      rest = text
      return
    }
    rest = text.slice(lastBreak + 1)
    for (const line of text.slice(0, lastBreak).split('\n')) onLine(line.endsWith('\r') ? line.slice(0, -1) : line)
  })
  stream.on('end', () => {
    if (rest !== '') onLine(rest)
    rest = ''
  })
}
