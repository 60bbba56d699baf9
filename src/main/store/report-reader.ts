import type { Worker } from 'node:worker_threads'
import type { RunFilter } from '../../shared/api'
import type { JobRun } from '../../shared/model'
import type { Logger } from '../kernel/logger'
import type { SpawnWorker } from '../kernel/spawn-worker'
import type { ReportReads } from './report-reads'

export interface ReportReaderSettings {
  file: string
  nativeBinding?: string
}

/**
 * What the core asks the reader thread: an aggregate of ReportReads, or `runIds`, the ids of a page
 * of the runs list (the core reads those rows by id itself: it knows how their trails are written).
 */
export interface ReportRequest {
  id: number
  method: 'rankings' | 'countFailedSince' | 'runIds'
  args: unknown[]
}

export type ReportReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string }

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  /** The same read on the core's own connection, should the thread be gone. */
  direct: () => Promise<unknown>
}

/**
 * SQLite's ReportReads from a thread with its own read-only connection (report-reader-worker.ts):
 * in WAL mode it reads the last committed state beside the core's writes, and the core's thread
 * only passes messages. Started at the first read, not with the core. Should the
 * thread fail to start or die, its reads and every later one run on the core's connection, as they
 * did before there was a thread: slower for the other callers, never unanswered.
 */
export class ReportReader implements ReportReads {
  private worker: Worker | null = null
  private gone = false
  private closed = false
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  constructor(
    private readonly settings: ReportReaderSettings,
    private readonly spawnWorker: SpawnWorker,
    /** The store's own answers (storeReportReads). */
    private readonly direct: ReportReads,
    /** Runs by id, in any order (RunRepo.getMany). */
    private readonly runsById: (ids: readonly number[]) => Promise<JobRun[]>,
    private readonly logger: Logger,
  ) {}

  async listRuns(filter: RunFilter): Promise<JobRun[]> {
    const ids = await this.call<number[] | null>('runIds', [filter], async () => null)
    if (ids === null) return this.direct.listRuns(filter)
    // A run removed between the two reads (retention) is left out.
    const byId = new Map((await this.runsById(ids)).map((run) => [run.id, run]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  rankings(sinceMs: number, groupIds: readonly number[] | null): ReturnType<ReportReads['rankings']> {
    return this.call('rankings', [sinceMs, groupIds], () => this.direct.rankings(sinceMs, groupIds))
  }

  countFailedSince(sinceMs: number): ReturnType<ReportReads['countFailedSince']> {
    return this.call('countFailedSince', [sinceMs], () => this.direct.countFailedSince(sinceMs))
  }

  /** Ends the thread; reads still under way fail (the store is closing behind them). */
  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker
    this.worker = null
    this.failPending(new Error('the core is stopping'))
    if (worker) await worker.terminate()
  }

  private call<T>(method: ReportRequest['method'], args: unknown[], direct: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the core is stopping'))
    const worker = this.started()
    if (!worker) return direct()
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, direct })
      worker.postMessage({ id, method, args } satisfies ReportRequest)
    })
  }

  private started(): Worker | null {
    if (this.worker || this.gone) return this.worker
    let worker: Worker
    try {
      worker = this.spawnWorker('report-reader', { workerData: this.settings })
    } catch (error) {
      this.lost(`it did not start: ${(error as Error).message}`)
      return null
    }
    // Idle, it holds nothing the process waits for.
    worker.unref()
    worker.on('message', (reply: ReportReply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.pending.delete(reply.id)
      if (reply.ok) waiting.resolve(reply.value)
      else waiting.reject(new Error(reply.message))
    })
    worker.on('error', (error) => this.lost(error.message))
    worker.on('exit', (code) => {
      if (this.worker === worker) this.lost(`it exited (code ${code})`)
    })
    this.worker = worker
    return worker
  }

  /** The thread is gone: its reads, and every later one, on the core's connection. */
  private lost(why: string): void {
    if (this.gone || this.closed) return
    this.gone = true
    this.worker = null
    this.logger.warn('the report reader thread is gone; the dashboard and the runs list read on the core thread', { why })
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id)
      waiting.direct().then(waiting.resolve, waiting.reject)
    }
  }

  private failPending(error: Error): void {
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id)
      waiting.reject(error)
    }
  }
}
