import type { RegistryEntry } from '../../shared/model'

export type FleetColor = 'green' | 'amber' | 'red'

export interface FleetStatus {
  color: FleetColor
  /** One line for the tray tooltip, e.g. "3 executors online, 1 suspect · 2 failed runs in 24 h". */
  summary: string
}

/**
 * The tray's traffic light: red when an executor died or runs are failing now, amber when one is
 * suspect (a beat missed) or runs failed earlier in the day, green otherwise. Pure.
 */
export function fleetStatus(entries: readonly RegistryEntry[], failedLast24h: number, failedLastHour: number): FleetStatus {
  const count = (health: RegistryEntry['health']) => entries.filter((e) => e.health === health).length
  const [online, suspect, dead] = [count('online'), count('suspect'), count('dead')]
  const color: FleetColor = dead > 0 || failedLastHour > 0 ? 'red' : suspect > 0 || failedLast24h > 0 ? 'amber' : 'green'
  const executors = [`${online} executor${online === 1 ? '' : 's'} online`]
  if (suspect > 0) executors.push(`${suspect} suspect`)
  if (dead > 0) executors.push(`${dead} dead`)
  const runs = failedLast24h === 0 ? 'no failed runs in 24 h' : `${failedLast24h} failed run${failedLast24h === 1 ? '' : 's'} in 24 h`
  return { color, summary: `${executors.join(', ')} · ${runs}` }
}
