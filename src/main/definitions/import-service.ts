import type { ImportReport } from '../../shared/api'
import { coded, englishMessage } from '../../shared/messages'
import type { JobGroup } from '../../shared/model'
import { buildExport, planImport, type ExportDocument, type ImportPlan } from './import-export'
import { applyImportedFlows } from './import-flows-apply'
import type { JobRepos, JobService } from './job-service'
import { newGroup } from '../store/group-repo'
import type { RepoAccess, Repos } from '../store/store'
import { ScheduleBook } from '../calendars/schedule-book'

/** The repositories an import writes: the jobs' and the flows'. */
export type ImportRepos = JobRepos & Pick<Repos, 'flows'>

/** What an applied plan left behind: its report, and the JobDesk id of each job it created or updated (by document key). */
export interface AppliedImport {
  report: ImportReport
  jobIdsByKey: Map<string, number>
}

/**
 * Import and export of job definitions and flows. An import is validated completely first
 * (planImport) and then applied in one transaction: either every change lands or none does.
 */
export class ImportService {
  constructor(
    private readonly store: RepoAccess<'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'flows' | 'pools'>,
    private readonly jobs: JobService,
    private readonly nowMs: () => number,
  ) {}

  async exportJobs(jobIds?: number[]): Promise<ExportDocument> {
    return buildExport({
      groups: await this.store.groups.list(),
      jobs: await this.store.jobs.list(),
      links: await this.store.links.all(),
      flows: await this.store.flows.all(),
      jobIds,
      nowMs: this.nowMs(),
    })
  }

  importJobs(doc: unknown, onConflict: 'update' | 'skip'): Promise<ImportReport> {
    const nowMs = this.nowMs()
    return this.store.transaction(async (tx) => {
      const book = await ScheduleBook.read(tx)
      const current = {
        groups: await tx.groups.list(),
        jobs: await tx.jobs.list(),
        links: await tx.links.all(),
        flows: await tx.flows.all(),
        calendarDays: (name: string) => book.daysOf(name),
      }
      const plan = planImport(doc, current, { nowMs, onConflict })
      return (await this.applyIn(tx, plan, nowMs)).report
    })
  }

  /** Applies a plan inside the caller's transaction (made with planImport against that transaction's state). */
  async applyIn(tx: ImportRepos, plan: ImportPlan, nowMs: number): Promise<AppliedImport> {
    const groupIds = new Map<string, number>()
    for (const group of plan.groupsToCreate) {
      groupIds.set(
        group.appName,
        await tx.groups.insert(newGroup(group.appName, group.name, nowMs, { addressType: group.addressType, addressList: group.addressList })),
      )
    }
    for (const update of plan.groupsToUpdate) {
      const existing = (await tx.groups.get(update.id)) as JobGroup
      await tx.groups.update({
        ...existing,
        name: update.name,
        addressType: update.addressType,
        addressList: update.addressType === 1 ? update.addressList : existing.addressList,
        updateTimeMs: nowMs,
      })
    }

    const newJobIds = new Map<string, number>()
    for (const job of plan.jobsToCreate) {
      const jobGroup = job.groupId ?? groupIds.get(job.appName)!
      const saved = await this.jobs.saveIn(tx, { ...job.fields, jobGroup })
      newJobIds.set(job.key, saved.id)
      if (job.enabled) await this.jobs.startIn(tx, saved.id)
    }
    const jobIdsByKey = new Map(newJobIds)
    for (const job of plan.jobsToUpdate) {
      jobIdsByKey.set(job.key, job.id)
      const current = await this.jobs.saveIn(tx, { ...job.fields, id: job.id, jobGroup: job.groupId })
      if (job.enabled && current.triggerStatus === 0) await this.jobs.startIn(tx, job.id)
      if (!job.enabled && current.triggerStatus === 1) await this.jobs.stopIn(tx, job.id)
    }
    for (const link of plan.linksToSet) {
      const resolve = (ref: (typeof link)['parent']) => ('jobId' in ref ? ref.jobId : newJobIds.get(ref.key)!)
      await tx.links.set({ parentJobId: resolve(link.parent), childJobId: resolve(link.child), condition: link.condition }, nowMs)
    }
    await applyImportedFlows(tx, plan, newJobIds, nowMs)

    const report: ImportReport = {
      ...plan.summary,
      groupsCreated: plan.groupsToCreate.map((g) => g.appName),
      flows: plan.flowSummary,
      ...importNotes(plan),
    }
    return { report, jobIdsByKey }
  }
}

/** What the report says of skipped jobs, links and flows: English lines and the same as coded messages. */
function importNotes(plan: ImportPlan): Pick<ImportReport, 'notes' | 'noteMessages'> {
  const noteMessages = [
    ...plan.jobsSkipped.map((j) => coded('import.jobSkipped', { name: j.name, appName: j.appName, id: j.id })),
    ...plan.linksSkipped.map((l) => coded('import.linkSkipped', { parentKey: l.parentKey, childKey: l.childKey, id: l.parentJobId })),
    ...plan.flowsSkipped.map((f) => coded('import.flowSkipped', { name: f.name, id: f.id })),
  ]
  return { notes: noteMessages.map((note) => englishMessage(note.code, note.params)), noteMessages }
}
