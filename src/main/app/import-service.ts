import type { ImportReport } from '../../shared/api'
import { coded, englishMessage } from '../../shared/messages'
import type { JobGroup } from '../../shared/model'
import { buildExport, planImport, type ExportDocument, type ImportPlan } from './import-export'
import type { JobService } from './job-service'
import type { Store } from '../store/store'


/**
 * Import and export of job definitions. An import is validated completely first (planImport) and
 * then applied in one transaction: either every change lands or none does.
 */
export class ImportService {
  constructor(
    private readonly store: Store,
    private readonly jobs: JobService,
    private readonly nowMs: () => number,
  ) {}

  exportJobs(jobIds?: number[]): ExportDocument {
    return buildExport({
      groups: this.store.groups.list(),
      jobs: this.store.jobs.list(),
      links: this.store.links.all(),
      jobIds,
      nowMs: this.nowMs(),
    })
  }

  importJobs(doc: unknown, onConflict: 'update' | 'skip'): ImportReport {
    const nowMs = this.nowMs()
    return this.store.transaction(() => {
      const plan = planImport(
        doc,
        { groups: this.store.groups.list(), jobs: this.store.jobs.list(), links: this.store.links.all() },
        { nowMs, onConflict },
      )
      return this.apply(plan, nowMs)
    })
  }

  private apply(plan: ImportPlan, nowMs: number): ImportReport {
    const groupIds = new Map<string, number>()
    for (const group of plan.groupsToCreate) {
      groupIds.set(
        group.appName,
        this.store.groups.insert({
          appName: group.appName,
          name: group.name,
          addressType: group.addressType,
          addressList: group.addressList,
          accessToken: '',
          protocolGeneration: null,
          autoCreated: false,
          scriptsAllowed: false,
          updateTimeMs: nowMs,
        }),
      )
    }
    for (const update of plan.groupsToUpdate) {
      const existing = this.store.groups.get(update.id) as JobGroup
      this.store.groups.update({
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
      const saved = this.jobs.save({ ...job.fields, jobGroup })
      newJobIds.set(job.key, saved.id)
      if (job.enabled) this.jobs.start(saved.id)
    }
    for (const job of plan.jobsToUpdate) {
      this.jobs.save({ ...job.fields, id: job.id, jobGroup: job.groupId })
      const current = this.jobs.get(job.id)
      if (job.enabled && current.triggerStatus === 0) this.jobs.start(job.id)
      if (!job.enabled && current.triggerStatus === 1) this.jobs.stop(job.id)
    }
    for (const link of plan.linksToSet) {
      const resolve = (ref: (typeof link)['parent']) => ('jobId' in ref ? ref.jobId : newJobIds.get(ref.key)!)
      this.store.links.set({ parentJobId: resolve(link.parent), childJobId: resolve(link.child), condition: link.condition })
    }

    return {
      ...plan.summary,
      groupsCreated: plan.groupsToCreate.map((g) => g.appName),
      ...importNotes(plan),
    }
  }
}

/** What the report says of skipped jobs and links: English lines and the same as coded messages. */
function importNotes(plan: ImportPlan): Pick<ImportReport, 'notes' | 'noteMessages'> {
  const noteMessages = [
    ...plan.jobsSkipped.map((j) => coded('import.jobSkipped', { name: j.name, appName: j.appName, id: j.id })),
    ...plan.linksSkipped.map((l) => coded('import.linkSkipped', { parentKey: l.parentKey, childKey: l.childKey, id: l.parentJobId })),
  ]
  return { notes: noteMessages.map((note) => englishMessage(note.code, note.params)), noteMessages }
}
