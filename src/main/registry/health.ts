import type { AddressHealth } from '../../shared/model'

/** Registry timings (docs/protocol.md#registry-monitor, docs/design.md#registry-health): executors beat every 30 s and are dead after 90 s of silence. */
export interface RegistryTimings {
  beatIntervalMs: number
  deadTimeoutMs: number
  sweepPeriodMs: number
}

export const DEFAULT_REGISTRY_TIMINGS: RegistryTimings = {
  beatIntervalMs: 30_000,
  deadTimeoutMs: 90_000,
  sweepPeriodMs: 30_000,
}

/**
 * An address's health from the age of its last beat: online while beats arrive on time, suspect once
 * one beat is missed (a little slack over one interval, for clock skew and network delay), dead at
 * the dead timeout (the sweep then removes it).
 */
export function addressHealth(lastBeatMs: number, nowMs: number, timings: RegistryTimings): AddressHealth {
  const ageMs = nowMs - lastBeatMs
  if (ageMs >= timings.deadTimeoutMs) return 'dead'
  if (ageMs > timings.beatIntervalMs * 1.5) return 'suspect'
  return 'online'
}

/** An address the dead sweep removed: what the alert for it says. */
export interface DeadAddress {
  appName: string
  address: string
  /** Its last heartbeat: the same on every node that sweeps it, so it keys the event. */
  lastBeatMs: number
}
