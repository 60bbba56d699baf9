import { useEffect, useRef } from 'react'
import type { JobInfo } from '../../../../shared/model'
import { useNow } from '../../components/use-now'
import { useJobDesk } from '../../store'
import { NEXT_FIRE_STALE_MS, staleNextFires } from './stale-next-fires'

/**
 * Re-reads the rows in view whose next fire time has gone by, so a 2-second job's "Next fire" moves
 * on while the operator watches; at most once per stale interval, and only the rows on screen.
 */
export function useStaleNextFires(inView: readonly (JobInfo | undefined)[]): void {
  const now = useNow()
  const refetchJobs = useJobDesk((s) => s.refetchJobs)
  const lastReadAt = useRef(0)
  const stale = staleNextFires(inView, now)
  const key = stale.join(',')
  useEffect(() => {
    if (key === '' || now - lastReadAt.current < NEXT_FIRE_STALE_MS) return
    lastReadAt.current = now
    void refetchJobs(key.split(',').map(Number)).catch(() => {})
  }, [key, now, refetchJobs])
}
