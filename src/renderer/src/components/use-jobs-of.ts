import { useEffect, useState } from 'react'
import type { JobInfo } from '../../../shared/model'
import { useJobDesk } from '../store'
import { selectJobsById } from '../store/jobs/selectors'

/**
 * The jobs of `ids` (a flow's nodes, a page of runs, a chain), read from the server when the
 * console has not read them yet. `settled` once the read is done: a job still missing then is
 * gone, or in a group this user does not see.
 */
export function useJobsOf(ids: readonly number[]): { jobsById: ReadonlyMap<number, JobInfo>; settled: boolean } {
  const jobsById = useJobDesk(selectJobsById)
  const ensureJobs = useJobDesk((s) => s.ensureJobs)
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',')
  const [settledKey, setSettledKey] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    const wanted = key === '' ? [] : key.split(',').map(Number)
    void ensureJobs(wanted)
      .catch(() => {})
      .finally(() => current && setSettledKey(key))
    return () => {
      current = false
    }
  }, [key, ensureJobs])
  return { jobsById, settled: settledKey === key }
}
