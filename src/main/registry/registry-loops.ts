import { EMBEDDED_APP_NAME, type ExecutorInfo } from '../../shared/model'
import { runPeriodically, type Clock } from '../kernel/clock'
import type { DeadAddress } from './health'
import type { Logger } from '../kernel/logger'
import type { RegistryTimings } from './health'
import type { RegistryService } from './registry-service'

export interface RegistryLoopOptions {
  registry: RegistryService
  clock: Clock
  timings: RegistryTimings
  logger: Logger
  /** This node's embedded executor, which beats in-process like a LAN executor would. */
  embedded: { address: string; info: () => ExecutorInfo | null } | null
  /**
   * Told of the addresses each sweep removed, with the sweep's time, within the sweep's step (the
   * alerts, and the runs left on them). Every node sweeps; concurrent sweeps may each see the same
   * death, so what this does must be idempotent (the alerts keep one per death, a run ends once).
   */
  onDead?: (dead: DeadAddress[], nowMs: number) => void | Promise<void>
}

/**
 * The registry's own loops: the dead sweep (every node sweeps: it is idempotent, and each node's
 * console shows the addresses it saw die) and the embedded executor's beat, so health and lost-run
 * detection treat it like any LAN executor. Resolves `stop` once both loops have ended.
 */
export function startRegistryLoops(options: RegistryLoopOptions): { stop(): Promise<void> } {
  const { registry, clock, timings, logger, embedded, onDead } = options
  const signal = new AbortController()
  const nowMs = () => clock.nowMs()
  const logError = (what: string) => (error: unknown) => logger.error(what, { error: (error as Error).message })
  const loops = [
    runPeriodically(
      clock,
      timings.sweepPeriodMs,
      signal.signal,
      async () => {
        const sweptAtMs = nowMs()
        const dead = await registry.sweep(sweptAtMs)
        if (dead.length > 0) await onDead?.(dead, sweptAtMs)
      },
      logError('registry sweep failed'),
    ),
  ]
  if (embedded) {
    const beat = async () => void (await registry.beat(EMBEDDED_APP_NAME, embedded.address, nowMs(), embedded.info()))
    loops.push(runPeriodically(clock, timings.beatIntervalMs, signal.signal, beat, logError('embedded beat failed')))
  }
  return {
    async stop() {
      signal.abort()
      await Promise.all(loops)
    },
  }
}
