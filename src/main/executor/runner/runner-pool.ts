import type { Worker } from 'node:worker_threads'
import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import type { SpawnWorker } from '../../kernel/spawn-worker'
import type { HostToRunner, RunnerConfig, RunnerToHost, RunRequest, ThreadError } from './runner-protocol'

/** What the pool reports about the run a worker is executing. */
export interface RunListener {
  onLog(where: string, line: number, text: string): void
  /** The worker is free again when this is called: start another run on it or `release` it. */
  onResult(code: number, msg: string | null): void
  onError(error: ThreadError): void
  /** The thread died on its own (crash, `process.exit` in a handler); the worker is gone. */
  onCrash(reason: string): void
}

export interface RunnerWorker {
  readonly id: number
  readonly thread: Worker
  /** The run in progress; null when idle or retiring. */
  current: { requestId: number; listener: RunListener } | null
  retiring: boolean
  terminating: boolean
  idleSinceMs: number
  lastError: string | null
}

export interface RunnerPoolOptions {
  spawnWorker: SpawnWorker
  config: RunnerConfig
  /** Most threads at once, retiring ones included; triggers beyond it wait for a free worker. */
  maxWorkers: number
  clock: Clock
  logger: Logger
  /**
   * Called with the handler names the first worker reports (built-ins plus handler directories), or
   * with null when a worker died before reporting (a later worker may still report).
   */
  onCatalog(names: string[] | null): void
}

/**
 * An elastic pool of runner worker threads. Each worker executes one run at a time, so terminating it
 * (kill, timeout, cover) ends that run and nothing else. Idle workers are reused most-recently-used
 * first, so the coldest ones reach the idle limit and exit.
 */
export class RunnerPool {
  private readonly workers = new Set<RunnerWorker>()
  private readonly idle: RunnerWorker[] = []
  private readonly waiters: Array<(worker: RunnerWorker) => void> = []
  private nextWorkerId = 1
  private nextRequestId = 1
  private catalogReported = false
  private closed = false

  constructor(private readonly options: RunnerPoolOptions) {}

  get size(): number {
    return this.workers.size
  }

  /** Starts one worker ahead of need, so the handler catalog is known early. */
  warmUp(): void {
    if (this.workers.size === 0) this.release(this.spawn())
  }

  /** Hands a worker to `use`, now when one is idle or can be started, else when one frees up. */
  acquire(use: (worker: RunnerWorker) => void): void {
    const worker = this.idle.pop() ?? (this.workers.size < this.options.maxWorkers ? this.spawn() : undefined)
    if (worker) use(worker)
    else this.waiters.push(use)
  }

  start(worker: RunnerWorker, run: RunRequest, listener: RunListener): number {
    const requestId = this.nextRequestId++
    worker.current = { requestId, listener }
    worker.thread.ref()
    this.post(worker, { type: 'run', requestId, run })
    return requestId
  }

  /** Returns a free worker to the pool (or straight to a waiting trigger). */
  release(worker: RunnerWorker): void {
    worker.current = null
    if (worker.terminating) return
    if (this.closed) return this.terminate(worker)
    const waiter = this.waiters.shift()
    if (waiter) return waiter(worker)
    worker.idleSinceMs = this.options.clock.nowMs()
    worker.thread.unref()
    this.idle.push(worker)
  }

  /**
   * Detaches a worker from its run: the run's AbortSignal fires, and the thread is terminated unless
   * the handler ends within `graceMs`, in which case the worker is reused. The run's listener hears
   * nothing more.
   */
  retire(worker: RunnerWorker, graceMs: number): void {
    const current = worker.current
    worker.current = null
    if (!current || worker.terminating) return this.terminate(worker)
    worker.retiring = true
    this.post(worker, { type: 'abort', requestId: current.requestId })
    const timer = setTimeout(() => this.terminate(worker), graceMs)
    worker.current = {
      requestId: current.requestId,
      listener: {
        onLog() {},
        onResult: () => {
          clearTimeout(timer)
          worker.retiring = false
          this.release(worker)
        },
        onError: () => {
          clearTimeout(timer)
          worker.retiring = false
          this.release(worker)
        },
        onCrash() {},
      },
    }
  }

  terminate(worker: RunnerWorker): void {
    if (worker.terminating) return
    worker.terminating = true
    worker.current = null
    this.removeIdle(worker)
    void worker.thread.terminate()
  }

  /** Terminates idle workers unused for `idleMs` (XXL-JOB's "excutor idle times over limit."). */
  sweepIdle(nowMs: number, idleMs: number): number {
    const expired = this.idle.filter((worker) => nowMs - worker.idleSinceMs >= idleMs)
    for (const worker of expired) this.terminate(worker)
    return expired.length
  }

  /** Terminates every worker and resolves once all threads have exited. */
  async close(): Promise<void> {
    this.closed = true
    this.waiters.length = 0
    const exits = [...this.workers].map((worker) => {
      this.terminate(worker)
      return new Promise<void>((resolve) => {
        if (!this.workers.has(worker)) return resolve()
        worker.thread.once('exit', () => resolve())
      })
    })
    await Promise.all(exits)
  }

  private spawn(): RunnerWorker {
    const thread = this.options.spawnWorker('job-runner', { workerData: this.options.config })
    const worker: RunnerWorker = {
      id: this.nextWorkerId++,
      thread,
      current: null,
      retiring: false,
      terminating: false,
      idleSinceMs: this.options.clock.nowMs(),
      lastError: null,
    }
    this.workers.add(worker)
    thread.on('message', (message: RunnerToHost) => this.onMessage(worker, message))
    thread.on('error', (error) => {
      worker.lastError = error.stack ?? error.message
    })
    thread.on('exit', (exitCode) => this.onExit(worker, exitCode))
    return worker
  }

  private onMessage(worker: RunnerWorker, message: RunnerToHost): void {
    switch (message.type) {
      case 'ready':
        for (const problem of message.problems) this.options.logger.warn(problem)
        if (!this.catalogReported) {
          this.catalogReported = true
          this.options.onCatalog(message.handlerNames)
        }
        return
      case 'log': {
        const current = worker.current
        if (current?.requestId === message.requestId) current.listener.onLog(message.where, message.line, message.text)
        return
      }
      case 'result':
      case 'error': {
        const current = worker.current
        if (current?.requestId !== message.requestId) return
        worker.current = null
        if (message.type === 'result') current.listener.onResult(message.code, message.msg)
        else current.listener.onError(message.error)
        return
      }
    }
  }

  private onExit(worker: RunnerWorker, exitCode: number): void {
    this.workers.delete(worker)
    this.removeIdle(worker)
    const current = worker.current
    worker.current = null
    if (!this.catalogReported) this.options.onCatalog(null)
    if (!worker.terminating) {
      const cause = worker.lastError ?? `thread exit code ${exitCode}`
      this.options.logger.warn(`runner worker ${worker.id} exited unexpectedly`, { cause })
      current?.listener.onCrash(`runner worker exited unexpectedly: ${cause}`)
    }
    // Capacity freed: a waiting trigger may start a fresh worker.
    if (!this.closed && this.waiters.length > 0 && this.workers.size < this.options.maxWorkers) {
      this.waiters.shift()!(this.spawn())
    }
  }

  private removeIdle(worker: RunnerWorker): void {
    const index = this.idle.indexOf(worker)
    if (index >= 0) this.idle.splice(index, 1)
  }

  private post(worker: RunnerWorker, message: HostToRunner): void {
    worker.thread.postMessage(message)
  }
}
