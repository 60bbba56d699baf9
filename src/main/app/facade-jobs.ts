import type { JobDeskApi, RunTriggerOutcome, SchedulePreview } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import type { JobInfo } from '../../shared/model'
import { previewFireTimes, validateSchedule } from '../schedule'
import type { TriggerOutcome } from '../domain/runs'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import type { OneOffTrigger } from '../trigger/prepare-runs'
import type { FacadeDeps } from './facade-deps'
import { removeDemoJobs } from '../definitions/seed-demo'
import { ScheduleBook } from '../calendars/schedule-book'
import { checkTriggerFields } from '../trigger/typed-run-params'

type JobsApi = Pick<
  JobDeskApi,
  | 'listJobs'
  | 'listJobPage'
  | 'listLastRuns'
  | 'getJob'
  | 'saveJob'
  | 'deleteJob'
  | 'startJob'
  | 'stopJob'
  | 'triggerJob'
  | 'rerunRun'
  | 'previewSchedule'
  | 'listLinks'
  | 'saveLink'
  | 'deleteLink'
  | 'listGlueVersions'
  | 'saveGlue'
  | 'exportJobs'
  | 'importJobs'
  | 'removeDemoJobs'
>

export function jobsApi(
  deps: Pick<FacadeDeps, 'jobs' | 'triggers' | 'triggerOutcomes' | 'links' | 'imports' | 'store' | 'events' | 'nowMs' | 'flows' | 'hooks'>,
): JobsApi {
  const { jobs, triggers, triggerOutcomes, links, imports, store, events, nowMs } = deps
  const changed = (job: JobInfo): JobInfo => {
    events.emit({ type: 'jobs-changed', jobIds: [job.id] })
    return job
  }
  const linksChanged = () => events.emit({ type: 'links-changed' })
  /** Triggers and waits a little for the executor's answer, to show it with the run ids. */
  const triggerAndWait = async (request: OneOffTrigger) => {
    let waiting: Promise<(TriggerOutcome | null)[]> = Promise.resolve([])
    // Before the runs reach the pool, so no outcome can be noted before the wait began.
    const { logIds } = await triggers.trigger(request, (ids) => {
      waiting = triggerOutcomes.wait(ids, MANUAL_TRIGGER_WAIT_MS)
    })
    const outcomes = await waiting
    return { logIds, outcomes: outcomes.map((outcome, i) => describeOutcome(logIds[i], outcome)) }
  }

  // Arguments arrive parsed (checked-api.ts); a job's own fields are the job service's to check.
  return {
    async listJobPage(query) {
      return store.jobs.page(query)
    },
    async listJobs() {
      return jobs.list()
    },
    async listLastRuns(request) {
      return store.runs.lastRuns(request?.jobIds ?? (await store.jobs.ids()))
    },
    async getJob(id) {
      return jobs.get(id)
    },
    async saveJob(input) {
      return changed(await jobs.save(input))
    },
    async deleteJob(id) {
      const inFlows = await deps.flows.service.flowsUsing(id)
      if (inFlows.length > 0) throw conflict('flow.jobInFlows', { id, flows: inFlows.join(', ') })
      await jobs.delete(id)
      await deps.hooks.removeFor({ kind: 'job', targetId: id })
      events.emit({ type: 'jobs-changed', jobIds: [id] })
      linksChanged()
    },
    async startJob(id) {
      return changed(await jobs.start(id))
    },
    async stopJob(id) {
      return changed(await jobs.stop(id))
    },
    async triggerJob(request) {
      const triggerType = request.triggerType ?? 'MANUAL'
      const job = await store.jobs.get(request.jobId)
      if (job) checkTriggerFields(job, request)
      const { jobId, executorParam, params, addressList } = request
      return triggerAndWait({ jobId, triggerType, executorParam, ...(params !== undefined ? { params } : {}), addressList })
    },
    async rerunRun(logId) {
      const run = await store.runs.get(logId)
      if (!run) throw notFound('run.notFound', { id: logId })
      return triggerAndWait({ jobId: run.jobId, triggerType: 'MANUAL', executorParam: run.executorParam, parentLogId: run.id })
    },
    async previewSchedule(request) {
      const fromMs = request.fromMs ?? nowMs()
      const named = {
        scheduleType: request.scheduleType,
        scheduleConf: request.scheduleConf,
        timezone: request.timezone,
        calendar: request.calendar ?? null,
        calendarRule: request.calendarRule ?? 'BUSINESS_DAYS',
        calendarRoll: request.calendarRoll ?? 'SKIP',
      }
      // The preview honours the calendar as the scan will: the same book turns its name into days.
      const book = named.calendar === null ? null : await ScheduleBook.read(store)
      const spec = book === null ? named : book.specOf(named)
      try {
        if (book !== null && book.daysOf(named.calendar!) === undefined) throw invalidField('calendar', 'calendar.notFound', { name: named.calendar! })
        validateSchedule(spec, fromMs)
      } catch (error) {
        if (error instanceof ValidationError)
          return { ok: false, field: error.field, message: error.message, code: error.code, params: error.params } satisfies SchedulePreview
        throw error
      }
      return { ok: true, timesMs: previewFireTimes(spec, fromMs, request.count ?? 5) }
    },
    async listLinks() {
      return links.list()
    },
    async saveLink(link) {
      const saved = await links.save(link)
      linksChanged()
      events.emit({ type: 'jobs-changed', jobIds: [saved.parentJobId] })
      return saved
    },
    async deleteLink({ parentJobId, childJobId }) {
      await links.delete(parentJobId, childJobId)
      linksChanged()
      events.emit({ type: 'jobs-changed', jobIds: [parentJobId] })
    },
    async listGlueVersions(jobId) {
      return store.glue.list(jobId)
    },
    async saveGlue({ jobId, glueSource, glueRemark }) {
      return changed(await jobs.saveGlue(jobId, glueSource, glueRemark))
    },
    async exportJobs(request) {
      return imports.exportJobs(request?.jobIds)
    },
    async removeDemoJobs() {
      const removed = await removeDemoJobs(store, jobs)
      if (removed.length > 0) {
        events.emit({ type: 'jobs-changed', jobIds: removed })
        linksChanged()
      }
      return removed
    },
    async importJobs({ document, onConflict }) {
      const report = await imports.importJobs(document, onConflict)
      events.emit({ type: 'jobs-changed', jobIds: [] })
      linksChanged()
      // The Flows page re-reads its list when a document brought flows.
      if (report.flows.created + report.flows.updated > 0) events.emit({ type: 'flows-changed' })
      return report
    },
  }
}

/**
 * How long a manual trigger waits for the executor's answer: longer than one executor call (3 s)
 * plus a FAILOVER probe or two; a slower answer is reported as pending and follows as a run update.
 */
export const MANUAL_TRIGGER_WAIT_MS = 10_000

function describeOutcome(logId: number, outcome: TriggerOutcome | null): RunTriggerOutcome {
  if (!outcome) return { logId, state: 'pending', executorAddress: '', triggerMsg: '', triggerTrail: null }
  const state = outcome.triggerCode === 200 ? 'accepted' : 'refused'
  return { logId, state, executorAddress: outcome.executorAddress, triggerMsg: outcome.triggerMsg, triggerTrail: outcome.triggerTrail ?? null }
}
