import type { Flow } from '../../../shared/flow-types'
import { JOB_PAGE_MAX, type JobCursor, type JobPage, type JobQuery } from '../../../shared/job-query'
import type { JobGroup, JobInfo } from '../../../shared/model'
import { CliError } from '../cli-error'
import type { ServerClient } from '../server-client'

/** The server's jobs with their groups' app names, as `get jobs` and `trigger` read them. */
export async function jobsWithGroups(client: ServerClient): Promise<{ jobs: JobInfo[]; appNameOf: (job: JobInfo) => string }> {
  const [jobs, groups] = await Promise.all([client.call<JobInfo[]>('listJobs'), client.call<Omit<JobGroup, 'accessToken'>[]>('listGroups')])
  const names = new Map(groups.map((g) => [g.id, g.appName]))
  return { jobs, appNameOf: (job) => names.get(job.jobGroup) ?? String(job.jobGroup) }
}

/** Pages one name search may read: 100,000 jobs whose names all hold it. */
const SEARCH_PAGES_MAX = 200

/** Every job the server answers for `query`, page by page, with the groups' app names. */
async function jobsFor(client: ServerClient, query: JobQuery): Promise<{ jobs: JobInfo[]; appNameOf: (job: JobInfo) => string }> {
  const groups = await client.call<Omit<JobGroup, 'accessToken'>[]>('listGroups')
  const names = new Map(groups.map((g) => [g.id, g.appName]))
  const jobs: JobInfo[] = []
  let after: JobCursor | undefined
  for (let pages = 0; pages < SEARCH_PAGES_MAX; pages++) {
    const page = await client.call<JobPage>('listJobPage', { ...query, limit: JOB_PAGE_MAX, ...(after ? { after } : {}) })
    jobs.push(...page.jobs)
    if (!page.next) break
    after = page.next
  }
  return { jobs, appNameOf: (job) => names.get(job.jobGroup) ?? String(job.jobGroup) }
}

/** The jobs of these ids that exist (at most a page's worth), with their groups' app names. */
export function jobsByIds(client: ServerClient, ids: readonly number[]): Promise<{ jobs: JobInfo[]; appNameOf: (job: JobInfo) => string }> {
  if (ids.length === 0) return Promise.resolve({ jobs: [], appNameOf: (job) => String(job.jobGroup) })
  return jobsFor(client, { ids: ids.slice(0, JOB_PAGE_MAX) })
}

/**
 * A job named by id, by `app/name`, or by a name only one job has. Asks the server for the jobs
 * whose name holds the name, not for every job (a server may hold 100,000). @throws CliError naming what is wrong.
 */
export async function findJob(client: ServerClient, ref: string): Promise<JobInfo> {
  if (/^\d+$/.test(ref)) {
    const { jobs } = await jobsFor(client, { ids: [Number(ref)] })
    if (jobs.length === 0) throw new CliError(`job ${ref}: no job has that id`)
    return jobs[0]
  }
  const slash = ref.indexOf('/')
  const name = slash > 0 ? ref.slice(slash + 1) : ref
  // The server's text search matches parts of names; only whole names count here. An `app/name` may also be a name with a slash.
  const [byName, whole] = await Promise.all([jobsFor(client, { text: name }), slash > 0 ? jobsFor(client, { text: ref }) : null])
  const candidates = [...byName.jobs, ...(whole?.jobs ?? [])]
  const unique = [...new Map(candidates.map((j) => [j.id, j])).values()]
  const matches = unique.filter((j) => `${byName.appNameOf(j)}/${j.name}` === ref || j.name === ref)
  if (matches.length === 0) throw new CliError(`job '${ref}': no such job (name it by id, app/name or name; jobdesk get jobs lists them)`)
  if (matches.length > 1) {
    throw new CliError(
      `job '${ref}': ${matches.length} jobs have that name (${matches.map((j) => `${byName.appNameOf(j)}/${j.name}`).join(', ')}); name it as app/name or by id`,
    )
  }
  return matches[0]
}

/** A flow named by id or name. */
export async function findFlow(client: ServerClient, ref: string): Promise<Flow> {
  const flows = await client.call<Flow[]>('listFlows')
  const flow = flows.find((f) => (/^\d+$/.test(ref) && f.id === Number(ref)) || f.name === ref)
  if (!flow) throw new CliError(`flow '${ref}': no such flow (jobdesk get flows lists them)`)
  return flow
}

/** A run id as given on the command line. */
export function runId(ref: string): number {
  if (!/^[1-9]\d{0,15}$/.test(ref)) throw new CliError(`run '${ref}': a run is named by its id (a positive whole number)`)
  return Number(ref)
}
