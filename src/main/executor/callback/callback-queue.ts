import type { Logger } from '../../kernel/logger'
import { CallbackRefusedError, type CallbackSink, type HandleCallback } from '../executor-api'
import type { CallbackSpool } from './callback-spool'

/** Most callbacks per sink call (XXL-JOB 3.x). */
export const CALLBACK_BATCH_MAX = 50

export interface CallbackQueueOptions {
  sink: CallbackSink
  spool: CallbackSpool
  logger: Logger
  /** Batches handed to the sink at once; more wait. Default 4. */
  maxInFlight?: number
  /** Most callbacks per sink call. Default CALLBACK_BATCH_MAX. */
  batchMax?: number
  /** The sink accepted these (write "callback finish" to their run logs). */
  onDelivered(batch: readonly HandleCallback[]): void
  /** The sink failed these: spooled for a retry, or dropped when refused for good (write "callback fail" to their run logs). */
  onFailed(batch: readonly HandleCallback[], reason: string): void
}

/**
 * Finished runs waiting to be reported. A first item is sent on the next event-loop turn with
 * whatever else has accumulated by then (no fixed 3-s poll); while the sink is busy, items gather
 * into batches of up to `batchMax`. A batch not delivered is spooled to disk for the retry loop;
 * one the admin refused for good (CallbackRefusedError) is not: it would be refused again.
 */
export class CallbackQueue {
  /** Waiting items from `head` on (taking a batch off the front must not move the rest). */
  private items: HandleCallback[] = []
  private head = 0
  private inFlight = 0
  private scheduled = false
  private idleWaiters: Array<() => void> = []
  private readonly maxInFlight: number
  private readonly batchMax: number

  constructor(private readonly options: CallbackQueueOptions) {
    this.maxInFlight = options.maxInFlight ?? 4
    this.batchMax = Math.max(1, Math.floor(options.batchMax ?? CALLBACK_BATCH_MAX))
  }

  push(callback: HandleCallback): void {
    this.items.push(callback)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => {
        this.scheduled = false
        this.pump()
      })
    }
  }

  get pendingCount(): number {
    return this.waiting + this.inFlight
  }

  private get waiting(): number {
    return this.items.length - this.head
  }

  /** Resolves once every pushed callback was delivered or spooled. */
  drain(): Promise<void> {
    if (this.waiting === 0 && this.inFlight === 0 && !this.scheduled) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private pump(): void {
    while (this.waiting > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.items.slice(this.head, this.head + this.batchMax)
      this.head += batch.length
      if (this.head === this.items.length) {
        this.items = []
        this.head = 0
      } else if (this.head > 4096 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head)
        this.head = 0
      }
      this.inFlight++
      void this.send(batch).finally(() => {
        this.inFlight--
        this.pump()
        this.notifyIdle()
      })
    }
    this.notifyIdle()
  }

  private async send(batch: HandleCallback[]): Promise<void> {
    try {
      await this.options.sink(batch)
      this.options.onDelivered(batch)
      return
    } catch (error) {
      const reason = (error as Error)?.message ?? String(error)
      if (error instanceof CallbackRefusedError) {
        this.options.logger.warn('callback refused by the admin for good; not sent again', { logIds: batch.map((item) => item.logId), reason })
        this.options.onFailed(batch, reason)
        return
      }
      this.options.logger.warn('callback delivery failed, spooling the batch', { count: batch.length, reason })
      try {
        await this.options.spool.write(batch)
      } catch (spoolError) {
        this.options.logger.error('callback spool write failed: these results are lost', {
          logIds: batch.map((item) => item.logId),
          error: (spoolError as Error).message,
        })
      }
      this.options.onFailed(batch, reason)
    }
  }

  private notifyIdle(): void {
    if (this.waiting > 0 || this.inFlight > 0 || this.scheduled) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const resolve of waiters) resolve()
  }
}
