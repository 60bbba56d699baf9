import type { ConsoleLanguage } from '../../shared/api'
import type { RegistryEntry } from '../../shared/model'
import { fleetSummary, shellText } from './shell-text'

export type FleetColor = 'green' | 'amber' | 'red'

export interface FleetStatus {
  color: FleetColor
  /** One line for the tray tooltip, e.g. "3 executors online, 1 suspect · 2 failed runs in 24 h". */
  summary: string
}

/**
 * The tray's traffic light: red when an executor died or runs are failing now, amber when one is
 * suspect (a beat missed) or runs failed earlier in the day, green otherwise. Pure; the summary is
 * in `language` (English by default).
 */
export function fleetStatus(
  entries: readonly RegistryEntry[],
  failedLast24h: number,
  failedLastHour: number,
  language: ConsoleLanguage | null = 'en',
): FleetStatus {
  const count = (health: RegistryEntry['health']) => entries.filter((e) => e.health === health).length
  const [online, suspect, dead] = [count('online'), count('suspect'), count('dead')]
  const color: FleetColor = dead > 0 || failedLastHour > 0 ? 'red' : suspect > 0 || failedLast24h > 0 ? 'amber' : 'green'
  return { color, summary: fleetSummary(shellText(language), { online, suspect, dead, failedLast24h }) }
}
