import { useEffect, useMemo, useState } from 'react'
import { JOB_PAGE_MAX, type JobCursor } from '../../../../shared/job-query'
import type { JobInfo } from '../../../../shared/model'
import { listJobPage } from '../../services/jobs'
import { useJobDesk } from '../../store'
import { selectLinks } from '../../store/dag/selectors'
import { selectJobsById } from '../../store/jobs/selectors'

/**
 * Up to this many jobs the graph draws every job, linked or not (a workstation's jobs, dragged
 * into chains); beyond it, the jobs of the chains and the jobs the operator finds, so a server of
 * 100,000 jobs shows its chains rather than a wall of unlinked boxes.
 */
export const DAG_ALL_JOBS_MAX = 1_000

/** Pages of every job (null once there are more than DAG_ALL_JOBS_MAX), and how many there are. */
async function readEveryJob(): Promise<{ jobs: JobInfo[] | null; total: number }> {
  const jobs: JobInfo[] = []
  let after: JobCursor | undefined
  for (let pages = 0; pages * JOB_PAGE_MAX <= DAG_ALL_JOBS_MAX; pages++) {
    const page = await listJobPage({ limit: JOB_PAGE_MAX, ...(after ? { after } : {}) })
    if (page.total > DAG_ALL_JOBS_MAX) return { jobs: null, total: page.total }
    jobs.push(...page.jobs)
    if (!page.next) break
    after = page.next
  }
  return { jobs, total: jobs.length }
}

/**
 * The jobs the graph draws: every job of a small installation, else the ends of every link and the
 * `pinned` jobs (found with the search). Reads what it lacks, and the last runs that colour them.
 */
export function useDagJobs(pinned: readonly number[]): {
  jobs: JobInfo[]
  ready: boolean
  everyJob: boolean
  /** How many jobs the installation had when the page opened (the graph may draw fewer). */
  totalJobs: number
} {
  const links = useJobDesk(selectLinks)
  const linksLoaded = useJobDesk((s) => s.linksLoaded)
  const jobsById = useJobDesk(selectJobsById)
  const noteJobs = useJobDesk((s) => s.noteJobs)
  const ensureJobs = useJobDesk((s) => s.ensureJobs)
  const fetchLastRuns = useJobDesk((s) => s.fetchLastRuns)
  /** Undefined while the first read is on its way; null: too many jobs to draw them all. */
  const [everyJob, setEveryJob] = useState<boolean | undefined>(undefined)
  const [totalJobs, setTotalJobs] = useState(0)

  useEffect(() => {
    let current = true
    readEveryJob().then(
      ({ jobs, total }) => {
        if (!current) return
        if (jobs) {
          noteJobs(jobs)
          void fetchLastRuns(jobs.map((job) => job.id)).catch(() => {})
        }
        setTotalJobs(total)
        setEveryJob(jobs !== null)
      },
      () => current && setEveryJob(false),
    )
    return () => {
      current = false
    }
  }, [noteJobs, fetchLastRuns])

  const ids = useMemo(() => {
    const wanted = new Set(pinned)
    for (const link of links) {
      wanted.add(link.parentJobId)
      wanted.add(link.childJobId)
    }
    return [...wanted].sort((a, b) => a - b)
  }, [links, pinned])
  const idsKey = ids.join(',')

  useEffect(() => {
    if (everyJob !== false || idsKey === '') return
    const wanted = idsKey.split(',').map(Number)
    void ensureJobs(wanted).catch(() => {})
    void fetchLastRuns(wanted).catch(() => {})
  }, [everyJob, idsKey, ensureJobs, fetchLastRuns])

  const jobs = useMemo(() => {
    // Every job read, for a small installation: jobs saved or removed since are in the cache too.
    if (everyJob) return [...jobsById.values()]
    return ids.map((id) => jobsById.get(id)).filter((job): job is JobInfo => job !== undefined)
  }, [everyJob, ids, jobsById])
  return { jobs, ready: linksLoaded && everyJob !== undefined, everyJob: everyJob === true, totalJobs }
}
