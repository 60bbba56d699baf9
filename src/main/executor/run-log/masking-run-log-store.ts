import type { LogPage } from '../../../shared/model'
import type { RunLog, RunLogStore } from './run-log-store'
import type { HandleCallback } from '../executor-api'
import { StreamMasker, type Masker } from '../../secrets/mask'

/**
 * A run-log store whose writes pass through the secrets' masker before they reach the disk, so no
 * log file, page or tail ever holds a value. Each open run has its own stream (a value printed in
 * two writes is masked whole); its held end is written when the run's result is in or its log
 * closes. With no secrets (`none`) a write goes straight through: one property read per line.
 */
export class MaskingRunLogStore implements RunLogStore {
  private readonly streams = new Map<RunLog, StreamMasker>()

  constructor(
    private readonly inner: RunLogStore,
    /** The masker of a run's log, by its logId. */
    private readonly masker: (logId: number) => Masker,
  ) {}

  open(logId: number, logDateTimeMs: number): RunLog {
    return this.inner.open(logId, logDateTimeMs)
  }

  append(log: RunLog, text: string): void {
    let stream = this.streams.get(log)
    if (!stream) {
      const masker = this.masker(log.logId)
      if (masker.none) return this.inner.append(log, text)
      this.streams.set(log, (stream = new StreamMasker(masker)))
    }
    const out = stream.write(text)
    if (out !== '') this.inner.append(log, out)
  }

  markEnded(log: RunLog): void {
    this.flush(log)
    this.inner.markEnded(log)
  }

  close(log: RunLog): void {
    this.flush(log)
    this.inner.close(log)
  }

  read(logId: number, logDateTimeMs: number, fromLineNum: number): Promise<LogPage | null> {
    return this.inner.read(logId, logDateTimeMs, fromLineNum)
  }

  forgetDays(days: readonly string[]): void {
    this.inner.forgetDays(days)
  }

  drain(): Promise<void> {
    for (const log of [...this.streams.keys()]) this.flush(log)
    return this.inner.drain()
  }

  private flush(log: RunLog): void {
    const stream = this.streams.get(log)
    if (!stream) return
    this.streams.delete(log)
    const rest = stream.end()
    if (rest !== '') this.inner.append(log, rest)
  }
}

/** A run's callback with its handle message masked (the message is the run's own text: it may print a secret). */
export function maskedCallback(callback: HandleCallback, masker: Masker): HandleCallback {
  if (masker.none || !callback.handleMsg) return callback
  const handleMsg = masker.mask(callback.handleMsg)
  return handleMsg === callback.handleMsg ? callback : { ...callback, handleMsg }
}
