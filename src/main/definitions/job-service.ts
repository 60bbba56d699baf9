import { invalidField, notFound } from '../../shared/messages/coded-errors'
import type { JobInfo, JobInput } from '../../shared/model'
import { ScheduleBook } from '../calendars/schedule-book'
import { nextFireTimeMs } from '../schedule'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import { storedJobOf } from '../store/job-repo'
import type { RepoAccess, Repos } from '../store/store'
import { refuseGroovyOnJobDesk, validateJobInput } from './job-validation'

export type JobRepos = Pick<Repos, 'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'pools'>

/**
 * Job definitions: create, update, start, stop, delete. Start and a schedule change compute the next
 * fire time from now + PRE_READ_MS, so the first fire lands outside the window the scan may already
 * have read (XXL-JOB does the same); a stop or schedule change cancels the job's pending ring fires.
 * Each public method is one transaction; the `…In` forms run inside a caller's transaction.
 */
export class JobService {
  constructor(
    private readonly store: RepoAccess<'jobs' | 'groups' | 'ring' | 'links' | 'glue' | 'routes' | 'registry' | 'calendars' | 'pools'>,
    private readonly nowMs: () => number,
    /** Whether every executor of a group is JobDesk's own (GLUE_GROOVY cannot run there); reads through `tx`. */
    private readonly runsOnlyOnJobDesk: (tx: JobRepos, groupId: number) => Promise<boolean> = async () => false,
    /** The IM channels configured now: a job's alarm list may name only these (`#name`). */
    private readonly imChannelNames: () => readonly string[] = () => [],
  ) {}

  get(id: number): Promise<JobInfo> {
    return this.getIn(this.store, id)
  }

  async getIn(tx: Pick<Repos, 'jobs'>, id: number): Promise<JobInfo> {
    const job = await tx.jobs.get(id)
    if (!job) throw notFound('job.notFound', { id })
    return job
  }

  list(): Promise<JobInfo[]> {
    return this.store.jobs.list()
  }

  save(raw: unknown): Promise<JobInfo> {
    return this.store.transaction((tx) => this.saveIn(tx, raw))
  }

  async saveIn(tx: JobRepos, raw: unknown): Promise<JobInfo> {
    const nowMs = this.nowMs()
    const groupIds = new Set((await tx.groups.list()).map((g) => g.id))
    const channels = new Set(this.imChannelNames())
    const book = await ScheduleBook.readFor(tx, [calendarNamedIn(raw)])
    const input = validateJobInput(raw, {
      groupExists: (id) => groupIds.has(id),
      nowMs,
      imChannelExists: (name) => channels.has(name),
      calendarDays: (name) => book.daysOf(name),
    })
    if (input.glueType === 'GLUE_GROOVY') refuseGroovyOnJobDesk(input, await this.runsOnlyOnJobDesk(tx, input.jobGroup))
    // A pool is the server's: a job names only pools that exist (a removal is refused while one does).
    const known = await tx.pools.sizes((input.pools ?? []).map((p) => p.name))
    const missing = (input.pools ?? []).find((p) => !known.has(p.name))
    if (missing) throw invalidField('pools', 'pool.unknown', { name: missing.name })
    return input.id === undefined ? this.create(tx, input, nowMs) : this.update(tx, input as JobInput & { id: number }, nowMs, book)
  }

  /**
   * Saves a job and then, when given, lets `setChildren` set its links — in one transaction, so a
   * refused link (a cycle, a missing job) leaves neither the new job nor the rename behind.
   */
  saveWithSuccessChildren(raw: unknown, setChildren?: (tx: JobRepos, jobId: number) => Promise<void>): Promise<JobInfo> {
    return this.store.transaction(async (tx) => {
      const job = await this.saveIn(tx, raw)
      if (!setChildren) return job
      await setChildren(tx, job.id)
      return this.getIn(tx, job.id)
    })
  }

  start(id: number): Promise<JobInfo> {
    return this.store.transaction((tx) => this.startIn(tx, id))
  }

  async startIn(tx: JobRepos, id: number): Promise<JobInfo> {
    const nowMs = this.nowMs()
    const job = await this.getIn(tx, id)
    if (job.scheduleType === 'NONE') {
      throw invalidField('scheduleType', 'job.noneCannotStart')
    }
    const next = nextFireTimeMs((await ScheduleBook.readFor(tx, [job.calendar])).specOf(job), nowMs + PRE_READ_MS)
    if (next === null) throw invalidField('scheduleConf', 'job.noFireAfterNow', { expression: job.scheduleConf })
    await tx.ring.deleteForJob(id)
    await tx.jobs.setTrigger(id, 1, 0, next, nowMs)
    return this.getIn(tx, id)
  }

  stop(id: number): Promise<JobInfo> {
    return this.store.transaction((tx) => this.stopIn(tx, id))
  }

  async stopIn(tx: JobRepos, id: number): Promise<JobInfo> {
    await this.getIn(tx, id)
    await tx.ring.deleteForJob(id)
    await tx.jobs.setTrigger(id, 0, 0, 0, this.nowMs())
    return this.getIn(tx, id)
  }

  delete(id: number): Promise<void> {
    return this.store.transaction((tx) => this.deleteIn(tx, id))
  }

  async deleteIn(tx: JobRepos, id: number): Promise<void> {
    await this.getIn(tx, id)
    await tx.ring.deleteForJob(id)
    await tx.links.deleteForJob(id)
    await tx.glue.deleteForJob(id)
    await tx.routes.deleteForJob(id)
    await tx.jobs.delete(id)
  }

  /**
   * Saves a new GLUE source (XXL-JOB's GLUE editor): the job gets the source and a new version stamp
   * (so executors replace the job's runner), and the version joins the job's history.
   */
  saveGlue(id: number, glueSource: string, glueRemark: string): Promise<JobInfo> {
    const nowMs = this.nowMs()
    if (glueRemark.trim() === '') {
      return Promise.reject(invalidField('glueRemark', 'glue.remarkRequired'))
    }
    return this.store.transaction(async (tx) => {
      const job = await this.getIn(tx, id)
      if (job.glueType === 'BEAN') throw invalidField('glueType', 'glue.beanHasNoSource')
      await tx.jobs.update({ ...job, glueSource, glueRemark: glueRemark.trim(), glueUpdatetimeMs: nowMs, updateTimeMs: nowMs })
      await tx.glue.add(id, job.glueType, glueSource, glueRemark.trim(), nowMs)
      return this.getIn(tx, id)
    })
  }

  /** A script job's source joins its GLUE history whenever it is set, by the editor or a job save. */
  private async keepGlueVersion(tx: JobRepos, id: number, input: JobInput, nowMs: number): Promise<void> {
    if (input.glueType === 'BEAN') return
    await tx.glue.add(id, input.glueType, input.glueSource, input.glueRemark || 'saved with the job', nowMs)
  }

  private async create(tx: JobRepos, input: JobInput, nowMs: number): Promise<JobInfo> {
    const id = await tx.jobs.insert(storedJobOf(input, nowMs))
    await this.keepGlueVersion(tx, id, input, nowMs)
    return this.getIn(tx, id)
  }

  private async update(tx: JobRepos, input: JobInput & { id: number }, nowMs: number, book: ScheduleBook): Promise<JobInfo> {
    const old = await this.getIn(tx, input.id)
    const scheduleChanged =
      old.scheduleType !== input.scheduleType ||
      old.scheduleConf !== input.scheduleConf ||
      old.timezone !== input.timezone ||
      old.calendar !== input.calendar ||
      old.calendarRule !== input.calendarRule ||
      old.calendarRoll !== input.calendarRoll
    const glueChanged = old.glueType !== input.glueType || old.glueSource !== input.glueSource
    let { triggerStatus, triggerNextTimeMs } = old
    if (scheduleChanged && triggerStatus === 1) {
      await tx.ring.deleteForJob(old.id)
      const next = input.scheduleType === 'NONE' ? null : nextFireTimeMs(book.specOf(input), nowMs + PRE_READ_MS)
      if (next === null) {
        triggerStatus = 0
        triggerNextTimeMs = 0
      } else triggerNextTimeMs = next
    }
    await tx.jobs.update({
      ...old,
      ...input,
      triggerStatus,
      triggerNextTimeMs,
      glueUpdatetimeMs: glueChanged ? nowMs : old.glueUpdatetimeMs,
      updateTimeMs: nowMs,
    })
    if (glueChanged) await this.keepGlueVersion(tx, old.id, input, nowMs)
    return this.getIn(tx, old.id)
  }
}

/** The calendar a job input names before its schema has read it: the schema refuses any other kind of value. */
function calendarNamedIn(raw: unknown): string | null {
  const calendar = raw !== null && typeof raw === 'object' ? (raw as { calendar?: unknown }).calendar : undefined
  return typeof calendar === 'string' ? calendar : null
}
