import { XXL_RUN_CAP, type XxlImportProgress, type XxlImportReport, type XxlImportRequest } from '../../shared/xxl-import'
import type { ImportRepos, ImportService } from '../definitions/import-service'
import type { JobRepos } from '../definitions/job-service'
import type { RepoAccess, Repos } from '../store/store'
import { mapXxlSnapshot } from './map-xxl'
import { planXxlImport, type XxlPlan } from './plan-xxl-import'
import { applyGlueHistories, planGlueHistories } from './xxl-glue-apply'
import { readXxlDatabase, type XxlReadOptions } from './xxl-reader'
import { buildXxlReport, type XxlReportInput } from './xxl-report'
import type { XxlSnapshot } from './xxl-rows'
import { planXxlRuns, writeXxlRuns } from './xxl-runs-apply'
import { parseXxlSource, type XxlSource } from './xxl-source-url'

const DAY_MS = 86_400_000

export type XxlRepos = ImportRepos & Pick<Repos, 'runs'>

export interface XxlImportDeps {
  store: RepoAccess<'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'flows' | 'runs' | 'pools'>
  imports: ImportService
  nowMs: () => number
  /** The zone XXL-JOB's schedules and times are read in when the request names none: this JobDesk's. */
  localZone: string
  /** Whether every executor of a JobDesk group is JobDesk's own (GLUE_GROOVY cannot run there). */
  runsOnlyOnJobDesk: (tx: JobRepos, groupId: number) => Promise<boolean>
  /** Reads the XXL-JOB database (the MySQL reader; a test may hand in a snapshot). */
  read?: (source: XxlSource, options: XxlReadOptions) => Promise<XxlSnapshot>
}

/**
 * Moving in from XXL-JOB: reads its database (outside any JobDesk transaction: that is network I/O),
 * maps and plans against JobDesk's state, and — unless it is a dry run — applies groups, jobs,
 * links, GLUE histories and runs in one transaction, planned again inside it so nothing that
 * changed meanwhile is overwritten unseen. A failure anywhere leaves JobDesk as it was.
 * The request is schema-checked by the caller (src/shared/schema/api-args.ts or the CLI).
 */
export class XxlImportService {
  constructor(private readonly deps: XxlImportDeps) {}

  async run(request: XxlImportRequest, progress: (p: XxlImportProgress) => void = () => undefined): Promise<XxlImportReport> {
    const source = parseXxlSource(request.url)
    const timezone = request.timezone ?? this.deps.localZone
    const nowMs = this.deps.nowMs()
    progress({ phase: 'reading', done: 0, total: 0 })
    const read = this.deps.read ?? readXxlDatabase
    const days = request.withRunsDays ?? null
    const snapshot = await read(source, { timezone, runsSinceMs: days === null ? null : nowMs - days * DAY_MS, runCap: XXL_RUN_CAP })
    const mapped = mapXxlSnapshot(snapshot, timezone)
    progress({ phase: 'planning', done: 0, total: mapped.jobs.length })

    const plan = async (tx: XxlRepos): Promise<XxlPlan> => {
      const current = { groups: await tx.groups.list(), jobs: await tx.jobs.list(), links: await tx.links.all() }
      const jobDeskOnlyGroupIds = new Set<number>()
      for (const group of current.groups) if (await this.deps.runsOnlyOnJobDesk(tx, group.id)) jobDeskOnlyGroupIds.add(group.id)
      return planXxlImport(mapped, { current, nowMs, onConflict: request.onConflict, jobDeskOnlyGroupIds })
    }
    const base = { source: source.location, snapshot, timezone, days }

    if (request.dryRun) {
      const planned = await plan(this.deps.store)
      const glue = await planGlueHistories(this.deps.store, planned, new Map(), nowMs)
      const runs = snapshot.runs === null ? null : await planXxlRuns(this.deps.store, planned, snapshot.runs, new Map())
      return buildXxlReport({
        ...base,
        dryRun: true,
        plan: planned,
        jobIds: new Map(),
        glueVersions: glue.versions,
        runs: runs && { ...runs.counts, beyondCap: snapshot.runsBeyondCap },
      })
    }

    return this.deps.store.transaction(async (tx) => {
      const planned = await plan(tx)
      const total = planned.importPlan.jobsToCreate.length + planned.importPlan.jobsToUpdate.length
      progress({ phase: 'jobs', done: 0, total })
      const applied = await this.deps.imports.applyIn(tx, planned.importPlan, nowMs)
      const jobIds = new Map<number, number>()
      for (const job of planned.jobs) {
        const id = applied.jobIdsByKey.get(String(job.mapped.xxlId)) ?? (job.action === 'skip' ? job.jobId : null)
        if (id !== null && id !== undefined) jobIds.set(job.mapped.xxlId, id)
      }
      progress({ phase: 'glue', done: 0, total: planned.jobs.filter((j) => j.mapped.glueHistory.length > 0).length })
      const glue = await planGlueHistories(tx, planned, jobIds, nowMs)
      await applyGlueHistories(tx, glue.histories)
      let runs: XxlReportInput['runs'] = null
      if (snapshot.runs !== null) {
        const runPlan = await planXxlRuns(tx, planned, snapshot.runs, jobIds)
        await writeXxlRuns(tx, runPlan.toWrite, (done) => progress({ phase: 'runs', done, total: runPlan.toWrite.length }))
        runs = { ...runPlan.counts, beyondCap: snapshot.runsBeyondCap }
      }
      progress({ phase: 'done', done: total, total })
      return buildXxlReport({ ...base, dryRun: false, plan: planned, jobIds, glueVersions: glue.versions, runs })
    })
  }
}
