import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import { CallbackRefusedError, type CallbackSink, type HandleCallback } from '../executor-api'
import type { CallbackSpool } from './callback-spool'

/**
 * Re-sends every spool file once; a file is deleted only after the sink accepted it or refused it
 * for good, so a crash between the two at worst sends a batch twice. Returns how many files were
 * delivered.
 */
export async function retrySpooledCallbacks(
  spool: CallbackSpool,
  sink: CallbackSink,
  logger: Logger,
  onDelivered: (batch: readonly HandleCallback[]) => void,
): Promise<number> {
  let delivered = 0
  for (const path of await spool.list()) {
    let batch: HandleCallback[]
    try {
      batch = await spool.read(path)
    } catch (error) {
      logger.error('unreadable callback spool file set aside', { path, error: (error as Error).message })
      await spool.quarantine(path).catch(() => undefined)
      continue
    }
    try {
      await sink(batch)
    } catch (error) {
      if (error instanceof CallbackRefusedError) {
        // Refused for good: every later pass would be refused the same way (and audited each time).
        logger.warn('spooled callback refused by the admin for good; dropped', { path, logIds: batch.map((item) => item.logId), error: error.message })
        await spool.remove(path)
        continue
      }
      logger.warn('callback retry failed; kept for the next pass', { path, error: (error as Error)?.message })
      continue
    }
    await spool.remove(path)
    onDelivered(batch)
    delivered++
  }
  return delivered
}

/** Retries at start, then every `intervalMs` of the injected clock, until `signal` aborts. */
export async function runCallbackRetryLoop(options: {
  spool: CallbackSpool
  sink: CallbackSink
  clock: Clock
  intervalMs: number
  logger: Logger
  signal: AbortSignal
  onDelivered(batch: readonly HandleCallback[]): void
}): Promise<void> {
  const { clock, signal } = options
  while (!signal.aborted) {
    try {
      await retrySpooledCallbacks(options.spool, options.sink, options.logger, options.onDelivered)
    } catch (error) {
      options.logger.error('callback retry pass failed', { error: (error as Error).message })
    }
    // clock.sleep caps single sleeps; loop until the whole interval has passed.
    const wakeAtMs = clock.nowMs() + options.intervalMs
    while (!signal.aborted && clock.nowMs() < wakeAtMs) await clock.sleep(wakeAtMs - clock.nowMs(), signal)
  }
}
