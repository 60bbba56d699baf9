import type { Flow } from '../../../shared/flow-types'
import { runStatus, type JobInfo, type JobRun, type RegistryEntry } from '../../../shared/model'
import type { RunPage } from '../../../shared/run-api-types'
import { runBadgesOf } from '../../../shared/deadline-terms'
import { CliError } from '../cli-error'
import { outputFormat, printRows, timeText, type Column, type Out } from '../output'
import type { ServerClient } from '../server-client'
import { findFlow, findJob, jobsByIds, jobsWithGroups } from './lookup'
import { getWindows } from './get-windows'
import { getQueue } from './get-queue'
import { getAlarms } from './get-alarms'
import { getSecrets } from './secrets'
import type { BackfillSummary } from '../../../shared/backfill'
import { BACKFILL_COLUMNS } from './backfill'

export const GET_KINDS = ['jobs', 'runs', 'flows', 'executors', 'windows', 'backfills', 'queue', 'alarms', 'secrets'] as const

export interface GetOptions {
  output?: string
  group?: string
  name?: string
  job?: string
  status?: string
  limit?: string
  flow?: string
  pool?: string
}

/** `jobdesk get jobs|runs|flows|executors|windows|backfills|queue|alarms|secrets`: the server's objects as a table, or as JSON / YAML for scripts. */
export async function getCommand(client: ServerClient, out: Out, kind: string, options: GetOptions): Promise<number> {
  const format = outputFormat(options.output)
  if (kind === 'jobs') {
    const { jobs, appNameOf } = await jobsWithGroups(client)
    const rows = jobs.filter(
      (j) => (options.group === undefined || appNameOf(j) === options.group) && (options.name === undefined || j.name.includes(options.name)),
    )
    printRows(out, rows, jobColumns(appNameOf), format)
  } else if (kind === 'runs') {
    const limit = limitOf(options.limit)
    const jobId = options.job === undefined ? undefined : (await findJob(client, options.job)).id
    const page = await client.call<RunPage>('listRuns', { jobId, status: options.status, limit })
    // The runs name their jobs by id: one look-up of those jobs (at most a page's) gives their names.
    const { jobs, appNameOf } = await jobsByIds(client, [...new Set(page.runs.map((r) => r.jobId))])
    const jobById = new Map(jobs.map((j) => [j.id, j]))
    printRows(out, page.runs, runColumns(jobById, appNameOf), format)
  } else if (kind === 'flows') {
    const flows = (await client.call<Flow[]>('listFlows')).filter((f) => options.name === undefined || f.name.includes(options.name))
    printRows(out, flows, FLOW_COLUMNS, format)
  } else if (kind === 'executors') {
    const entries = (await client.call<RegistryEntry[]>('listRegistry')).filter((e) => options.group === undefined || e.appName === options.group)
    printRows(out, entries, EXECUTOR_COLUMNS, format)
  } else if (kind === 'windows') {
    await getWindows(client, out, format)
  } else if (kind === 'backfills') {
    const jobId = options.job === undefined ? undefined : (await findJob(client, options.job)).id
    const flowId = options.flow === undefined ? undefined : (await findFlow(client, options.flow)).id
    const backfills = await client.call<BackfillSummary[]>('listBackfills', { jobId, flowId, state: options.status, limit: limitOf(options.limit) })
    printRows(out, backfills, BACKFILL_COLUMNS, format)
  } else if (kind === 'queue') {
    await getQueue(client, out, format, options.pool)
  } else if (kind === 'secrets') {
    await getSecrets(client, out, format, options.group)
  } else if (kind === 'alarms') {
    await getAlarms(client, out, format, { job: options.job, status: options.status, limit: limitOf(options.limit) }, Date.now())
  } else {
    throw new CliError(`get: '${kind}' is not one of ${GET_KINDS.join(', ')}`)
  }
  return 0
}

function limitOf(text: string | undefined): number {
  const limit = text === undefined ? 20 : Number(text)
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError(`--limit: '${text}' is not a whole number from 1 to 500`)
  return limit
}

function schedule(item: { scheduleType: string; scheduleConf: string }): string {
  if (item.scheduleType === 'CRON') return item.scheduleConf
  if (item.scheduleType === 'FIX_RATE') return `every ${item.scheduleConf} s`
  return 'by hand'
}

function jobColumns(appNameOf: (job: JobInfo) => string): Column<JobInfo>[] {
  return [
    { header: 'ID', value: (j) => String(j.id) },
    { header: 'GROUP', value: appNameOf },
    { header: 'NAME', value: (j) => j.name },
    { header: 'SCHEDULE', value: schedule },
    { header: 'STATUS', value: (j) => (j.triggerStatus === 1 ? 'RUNNING' : 'STOPPED') },
    { header: 'NEXT FIRE', value: (j) => timeText(j.triggerNextTimeMs) },
    { header: 'HANDLER', value: (j) => (j.glueType === 'BEAN' ? j.executorHandler : j.glueType), wide: true },
    { header: 'ROUTING', value: (j) => j.executorRouteStrategy, wide: true },
    { header: 'RETRIES', value: (j) => String(j.executorFailRetryCount), wide: true },
  ]
}

/** A run's job by its name (a job removed since: its id), its id and group in the wide table. */
function runColumns(jobById: ReadonlyMap<number, JobInfo>, appNameOf: (job: JobInfo) => string): Column<JobRun>[] {
  const job = (r: JobRun) => jobById.get(r.jobId)
  return [
    { header: 'ID', value: (r) => String(r.id) },
    { header: 'JOB', value: (r) => job(r)?.name ?? `#${r.jobId} (removed)` },
    { header: 'JOB ID', value: (r) => String(r.jobId), wide: true },
    { header: 'GROUP', value: (r) => (job(r) ? appNameOf(job(r)!) : '-'), wide: true },
    ...RUN_STATE_COLUMNS,
  ]
}

const RUN_STATE_COLUMNS: Column<JobRun>[] = [
  { header: 'TRIGGERED', value: (r) => timeText(r.triggerTimeMs) },
  { header: 'TYPE', value: (r) => r.triggerType },
  { header: 'STATUS', value: (r) => runStatus(r).toUpperCase() },
  // The promises it broke (docs/deadlines.md): late, slow, or both.
  { header: 'MARKS', value: (r) => runBadgesOf(r.deadlineMarks ?? 0).join(',') || '-' },
  { header: 'ADDRESS', value: (r) => r.executorAddress || '-' },
  { header: 'ENDED', value: (r) => timeText(r.handleTimeMs), wide: true },
  { header: 'MESSAGE', value: (r) => r.handleMsg.slice(0, 80), wide: true },
]

const FLOW_COLUMNS: Column<Flow>[] = [
  { header: 'ID', value: (f) => String(f.id) },
  { header: 'NAME', value: (f) => f.name },
  { header: 'SCHEDULE', value: schedule },
  { header: 'ACTIVE', value: (f) => (f.triggerStatus === 1 ? 'yes' : 'no') },
  { header: 'NODES', value: (f) => String(f.nodes.length) },
  { header: 'NEXT FIRE', value: (f) => timeText(f.triggerNextTimeMs) },
  { header: 'DESCRIPTION', value: (f) => f.description.slice(0, 80), wide: true },
]

const EXECUTOR_COLUMNS: Column<RegistryEntry>[] = [
  { header: 'GROUP', value: (e) => e.appName },
  { header: 'ADDRESS', value: (e) => e.address },
  { header: 'HEALTH', value: (e) => e.health.toUpperCase() },
  { header: 'LAST BEAT', value: (e) => timeText(e.updateTimeMs) },
  { header: 'KIND', value: (e) => (e.executor ? `${e.executor.kind} ${e.executor.version}` : 'xxl-job-core'), wide: true },
]
