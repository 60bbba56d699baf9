import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import type { CallbackSink, HandleCallback } from '../executor-api'
import type { CallbackSpool } from './callback-spool'

/**
 * Re-sends every spool file once; a file is deleted only after the sink accepted it, so a crash
 * between the two at worst sends a batch twice (the admin ignores repeats). Returns how many files
 * were delivered.
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
