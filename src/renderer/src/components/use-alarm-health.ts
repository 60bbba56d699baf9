import { useEffect, useState } from 'react'
import type { AlarmHealth } from '../../../shared/api'
import { getAlarmHealth } from '../services/alarms'

/**
 * The alarm channels' health from the core, read on mount and, with `refreshMs`, again that often
 * (nothing pushes it). null until the first answer, and while the core cannot be asked.
 */
export function useAlarmHealth(refreshMs?: number): AlarmHealth | null {
  const [health, setHealth] = useState<AlarmHealth | null>(null)
  useEffect(() => {
    let alive = true
    const read = () =>
      void getAlarmHealth().then(
        (answer) => alive && setHealth(answer),
        () => undefined,
      )
    read()
    const timer = refreshMs === undefined ? undefined : setInterval(read, refreshMs)
    return () => {
      alive = false
      clearInterval(timer)
    }
  }, [refreshMs])
  return health
}
