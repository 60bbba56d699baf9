import { XXL_RUN_CAP, type XxlImportReport, type XxlJobLine, type XxlNote } from '../../shared/xxl-import'
import type { XxlPlan } from './plan-xxl-import'
import { xxlNote } from './xxl-notes'
import type { XxlSnapshot } from './xxl-rows'

export interface XxlReportInput {
  source: string
  snapshot: XxlSnapshot
  timezone: string
  days: number | null
  dryRun: boolean
  plan: XxlPlan
  /** The JobDesk job of each XXL-JOB job id (after an apply). */
  jobIds: ReadonlyMap<number, number>
  glueVersions: number
  runs: Omit<NonNullable<XxlImportReport['runs']>, 'days'> | null
}

/** The report of a dry run or an applied import: counts per kind, and each job's and group's line with its notes. */
export function buildXxlReport(input: XxlReportInput): XxlImportReport {
  const { snapshot, plan } = input
  const { misfire: _misfire, ...schema } = snapshot.schema
  const jobs = plan.jobs.map((job): XxlJobLine => ({
    xxlId: job.mapped.xxlId,
    appName: job.mapped.appName,
    name: job.mapped.name,
    action: job.action,
    notes: job.notes,
    jobId: input.jobIds.get(job.mapped.xxlId) ?? job.jobId,
  }))
  const count = (action: XxlJobLine['action']) => jobs.filter((j) => j.action === action).length
  const notes: XxlNote[] = [...plan.notes]
  if (input.runs && input.runs.beyondCap > 0) notes.push(xxlNote('runsCapped', { cap: XXL_RUN_CAP, beyond: input.runs.beyondCap }))
  return {
    source: input.source,
    schema,
    dryRun: input.dryRun,
    timezone: input.timezone,
    read: { groups: snapshot.groups.length, jobs: snapshot.jobs.length, glueVersions: snapshot.glue.length, runs: snapshot.runs?.length ?? 0 },
    groups: plan.groups,
    jobs,
    links: {
      set: plan.links.set,
      dropped: plan.links.dropped.map((l) => ({ parentXxlId: l.parentXxlId, childXxlId: l.childXxlId, note: l.note })),
    },
    glueVersions: input.glueVersions,
    runs: input.runs && input.days !== null ? { days: input.days, ...input.runs } : null,
    summary: { created: count('create'), updated: count('update'), skipped: count('skip'), refused: count('refuse') },
    notes,
  }
}
