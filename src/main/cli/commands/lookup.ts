import type { Flow } from '../../../shared/flow-types'
import type { JobGroup, JobInfo } from '../../../shared/model'
import { CliError } from '../cli-error'
import type { ServerClient } from '../server-client'

/** The server's jobs with their groups' app names, as `get jobs` and `trigger` read them. */
export async function jobsWithGroups(client: ServerClient): Promise<{ jobs: JobInfo[]; appNameOf: (job: JobInfo) => string }> {
  const [jobs, groups] = await Promise.all([client.call<JobInfo[]>('listJobs'), client.call<Omit<JobGroup, 'accessToken'>[]>('listGroups')])
  const names = new Map(groups.map((g) => [g.id, g.appName]))
  return { jobs, appNameOf: (job) => names.get(job.jobGroup) ?? String(job.jobGroup) }
}

/** A job named by id, by `app/name`, or by a name only one job has. @throws CliError naming what is wrong. */
export async function findJob(client: ServerClient, ref: string): Promise<JobInfo> {
  const { jobs, appNameOf } = await jobsWithGroups(client)
  if (/^\d+$/.test(ref)) {
    const job = jobs.find((j) => j.id === Number(ref))
    if (!job) throw new CliError(`job ${ref}: no job has that id`)
    return job
  }
  const matches = jobs.filter((j) => `${appNameOf(j)}/${j.name}` === ref || j.name === ref)
  if (matches.length === 0) throw new CliError(`job '${ref}': no such job (name it by id, app/name or name; jobdesk get jobs lists them)`)
  if (matches.length > 1) {
    throw new CliError(
      `job '${ref}': ${matches.length} jobs have that name (${matches.map((j) => `${appNameOf(j)}/${j.name}`).join(', ')}); name it as app/name or by id`,
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
