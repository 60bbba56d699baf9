import type { Clock } from '../kernel/clock'
import { silentLogger, type Logger } from '../kernel/logger'
import type { AdminClient } from './admin-client'
import type { RegistryParam } from './wire/bodies'

/**
 * The executor's registry heartbeat (docs/protocol.md#executor-timing): register at start, then on every multiple of
 * the beat interval since the epoch (…:00 and …:30 for 30 s, as 3.x executors do — harmless for older
 * admins), and registryRemove on stop. The admin drops an address after 90 s without a beat.
 */
export interface RegistryBeatOptions {
  adminClient: Pick<AdminClient, 'registry' | 'registryRemove'>
  appName: string
  /** The address admins call us at, e.g. `http://10.0.0.5:9999/`. */
  address: string
  clock: Clock
  /** Default 30 000. */
  beatIntervalMs?: number
  logger?: Logger
  /** Told after every beat which admin accepted it, or why none did. */
  onBeat?: (outcome: BeatOutcome) => void
  /**
   * What a JobDesk agent says of itself with every registration (version, handlers, scripts), as an
   * extra `jobdesk` field of the body: XXL-JOB admins ignore it, JobDesk shows it.
   */
  describe?: () => NonNullable<RegistryParam['jobdesk']>
}

export type BeatOutcome = { ok: true; adminUrl: string; atMs: number } | { ok: false; error: string; atMs: number }

export interface RegistryBeat {
  /** The outcome of the registration at start. */
  readonly firstBeat: Promise<BeatOutcome>
  readonly lastOutcome: BeatOutcome | null
  /** Ends the loop (waiting for a beat in flight), then sends registryRemove; never rejects. */
  stop(): Promise<BeatOutcome>
}

export const DEFAULT_BEAT_INTERVAL_MS = 30_000

/** The next beat time strictly after `nowMs`, on a multiple of `intervalMs` since the epoch. */
export function nextBeatAtMs(nowMs: number, intervalMs: number): number {
  return (Math.floor(nowMs / intervalMs) + 1) * intervalMs
}

export function startRegistryBeat(options: RegistryBeatOptions): RegistryBeat {
  const intervalMs = options.beatIntervalMs ?? DEFAULT_BEAT_INTERVAL_MS
  if (!(intervalMs > 0)) throw new Error(`beatIntervalMs: must be > 0, got ${intervalMs}`)
  const { clock, adminClient } = options
  const logger = options.logger ?? silentLogger
  const param: RegistryParam = { registryGroup: 'EXECUTOR', registryKey: options.appName, registryValue: options.address }
  const stopSignal = new AbortController()
  let lastOutcome: BeatOutcome | null = null
  let resolveFirst!: (outcome: BeatOutcome) => void
  const firstBeat = new Promise<BeatOutcome>((resolve) => (resolveFirst = resolve))

  async function beat(): Promise<BeatOutcome> {
    const atMs = clock.nowMs()
    let outcome: BeatOutcome
    try {
      const body = options.describe ? { ...param, jobdesk: options.describe() } : param
      outcome = { ok: true, adminUrl: (await adminClient.registry(body)).adminUrl, atMs }
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error), atMs }
    }
    report(outcome)
    return outcome
  }

  function report(outcome: BeatOutcome): void {
    const previous = lastOutcome
    lastOutcome = outcome
    if (outcome.ok) {
      // Say so when the accepting admin changes (first beat, failover, recovery); stay quiet otherwise.
      if (!previous?.ok || previous.adminUrl !== outcome.adminUrl) {
        logger.info(`registered ${options.appName} at ${options.address} with admin ${outcome.adminUrl}`)
      }
    } else {
      logger.warn(`registry beat failed: ${outcome.error}`)
    }
    options.onBeat?.(outcome)
  }

  async function loop(): Promise<void> {
    resolveFirst(await beat())
    while (!stopSignal.signal.aborted) {
      const dueMs = nextBeatAtMs(clock.nowMs(), intervalMs)
      // The clock caps single sleeps (suspend drift), so wake, re-read it and sleep again until due.
      while (!stopSignal.signal.aborted && clock.nowMs() < dueMs) await clock.sleep(dueMs - clock.nowMs(), stopSignal.signal)
      if (stopSignal.signal.aborted) break
      await beat()
    }
  }

  const running = loop()
  let stopping: Promise<BeatOutcome> | null = null

  return {
    firstBeat,
    get lastOutcome() {
      return lastOutcome
    },
    stop() {
      stopping ??= (async () => {
        stopSignal.abort()
        await running
        const atMs = clock.nowMs()
        try {
          const { adminUrl } = await adminClient.registryRemove(param)
          logger.info(`removed ${options.appName} at ${options.address} from admin ${adminUrl}`)
          return { ok: true, adminUrl, atMs }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          logger.warn(`registryRemove failed: ${message}`)
          return { ok: false, error: message, atMs }
        }
      })()
      return stopping
    },
  }
}
