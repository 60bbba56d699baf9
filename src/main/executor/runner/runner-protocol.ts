/**
 * Messages between the executor host and a runner worker thread (src/main/executor/runner/runner-worker.ts).
 * A worker executes one run at a time; `requestId` names that run on both sides.
 */

/** Given to every runner worker as `workerData`. */
export interface RunnerConfig {
  handlerDirs: string[]
  httpAllowPrefixes: string[] | 'any'
}

export interface RunRequest {
  jobId: number
  logId: number
  handler: string
  param: string
  shardIndex: number
  shardTotal: number
}

/** An error as it crosses the thread boundary. */
export interface ThreadError {
  name: string
  message: string
  stack?: string
}

export type HostToRunner =
  | { type: 'run'; requestId: number; run: RunRequest }
  /** Aborts the run's AbortSignal; the host terminates the thread if the run does not end soon. */
  | { type: 'abort'; requestId: number }

export type RunnerToHost =
  /** Sent once, after the handler directories are loaded. */
  | { type: 'ready'; handlerNames: string[]; problems: string[] }
  | { type: 'log'; requestId: number; where: string; line: number; text: string }
  | { type: 'result'; requestId: number; code: number; msg: string | null }
  | { type: 'error'; requestId: number; error: ThreadError }

export function toThreadError(error: unknown): ThreadError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack }
  return { name: 'Error', message: String(error) }
}
