import { invalidField, notFound } from '../../shared/messages/coded-errors'
import type { JobInfo, JobInput } from '../../shared/model'
import { nextFireTimeMs } from '../schedule'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import { storedJobOf } from '../store/job-repo'
import type { Store } from '../store/store'
import { validateJobInput } from './job-validation'

/**
 * Job definitions: create, update, start, stop, delete. Start and a schedule change compute the next
 * fire time from now + PRE_READ_MS, so the first fire lands outside the window the scan may already
 * have read (XXL-JOB does the same); a stop or schedule change cancels the job's pending ring fires.
 */
export class JobService {
  constructor(
    private readonly store: Store,
    private readonly nowMs: () => number,
    /** Whether every executor of a group is JobDesk's own (GLUE_GROOVY cannot run there). */
    private readonly runsOnlyOnJobDesk: (groupId: number) => boolean = () => false,
  ) {}

  get(id: number): JobInfo {
    const job = this.store.jobs.get(id)
    if (!job) throw notFound('job.notFound', { id })
    return job
  }

  list(): JobInfo[] {
    return this.store.jobs.list()
  }

  save(raw: unknown): JobInfo {
    const nowMs = this.nowMs()
    const input = validateJobInput(raw, { groupExists: (id) => this.store.groups.get(id) !== undefined, runsOnlyOnJobDesk: this.runsOnlyOnJobDesk, nowMs })
    return input.id === undefined ? this.create(input, nowMs) : this.update(input as JobInput & { id: number }, nowMs)
  }

  /**
   * Saves a job and then, when given, lets `setChildren` set its links — in one transaction, so a
   * refused link (a cycle, a missing job) leaves neither the new job nor the rename behind.
   */
  saveWithSuccessChildren(raw: unknown, setChildren?: (jobId: number) => void): JobInfo {
    return this.store.transaction(() => {
      const job = this.save(raw)
      if (!setChildren) return job
      setChildren(job.id)
      return this.get(job.id)
    })
  }

  start(id: number): JobInfo {
    const nowMs = this.nowMs()
    return this.store.transaction(() => {
      const job = this.get(id)
      if (job.scheduleType === 'NONE') {
        throw invalidField('scheduleType', 'job.noneCannotStart')
      }
      const next = nextFireTimeMs(job, nowMs + PRE_READ_MS)
      if (next === null) throw invalidField('scheduleConf', 'job.noFireAfterNow', { expression: job.scheduleConf })
      this.store.ring.deleteForJob(id)
      this.store.jobs.setTrigger(id, 1, 0, next, nowMs)
      return this.get(id)
    })
  }

  stop(id: number): JobInfo {
    const nowMs = this.nowMs()
    return this.store.transaction(() => {
      this.get(id)
      this.store.ring.deleteForJob(id)
      this.store.jobs.setTrigger(id, 0, 0, 0, nowMs)
      return this.get(id)
    })
  }

  delete(id: number): void {
    this.store.transaction(() => {
      this.get(id)
      this.store.ring.deleteForJob(id)
      this.store.links.deleteForJob(id)
      this.store.glue.deleteForJob(id)
      this.store.jobs.delete(id)
    })
  }

  /**
   * Saves a new GLUE source (XXL-JOB's GLUE editor): the job gets the source and a new version stamp
   * (so executors replace the job's runner), and the version joins the job's history.
   */
  saveGlue(id: number, glueSource: string, glueRemark: string): JobInfo {
    const nowMs = this.nowMs()
    if (glueRemark.trim() === '') throw invalidField('glueRemark', 'glue.remarkRequired')
    return this.store.transaction(() => {
      const job = this.get(id)
      if (job.glueType === 'BEAN') throw invalidField('glueType', 'glue.beanHasNoSource')
      this.store.jobs.update({ ...job, glueSource, glueRemark: glueRemark.trim(), glueUpdatetimeMs: nowMs, updateTimeMs: nowMs })
      this.store.glue.add(id, job.glueType, glueSource, glueRemark.trim(), nowMs)
      return this.get(id)
    })
  }

  /** A script job's source joins its GLUE history whenever it is set, by the editor or a job save. */
  private keepGlueVersion(id: number, input: JobInput, nowMs: number): void {
    if (input.glueType === 'BEAN') return
    this.store.glue.add(id, input.glueType, input.glueSource, input.glueRemark || 'saved with the job', nowMs)
  }

  private create(input: JobInput, nowMs: number): JobInfo {
    return this.store.transaction(() => {
      const id = this.store.jobs.insert(storedJobOf(input, nowMs))
      this.keepGlueVersion(id, input, nowMs)
      return this.get(id)
    })
  }

  private update(input: JobInput & { id: number }, nowMs: number): JobInfo {
    return this.store.transaction(() => {
      const old = this.get(input.id)
      const scheduleChanged =
        old.scheduleType !== input.scheduleType || old.scheduleConf !== input.scheduleConf || old.timezone !== input.timezone
      const glueChanged = old.glueType !== input.glueType || old.glueSource !== input.glueSource
      let { triggerStatus, triggerNextTimeMs } = old
      if (scheduleChanged && triggerStatus === 1) {
        this.store.ring.deleteForJob(old.id)
        const next = input.scheduleType === 'NONE' ? null : nextFireTimeMs(input, nowMs + PRE_READ_MS)
        if (next === null) {
          triggerStatus = 0
          triggerNextTimeMs = 0
        } else triggerNextTimeMs = next
      }
      this.store.jobs.update({
        ...old,
        ...input,
        triggerStatus,
        triggerNextTimeMs,
        glueUpdatetimeMs: glueChanged ? nowMs : old.glueUpdatetimeMs,
        updateTimeMs: nowMs,
      })
      if (glueChanged) this.keepGlueVersion(old.id, input, nowMs)
      return this.get(old.id)
    })
  }
}
