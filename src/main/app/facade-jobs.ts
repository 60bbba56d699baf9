import type { JobDeskApi, RunTriggerOutcome, SchedulePreview } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import { SCHEDULE_TYPES, type JobInfo } from '../../shared/model'
import { previewFireTimes, validateSchedule } from '../schedule'
import { optionalInteger, optionalOneOf, optionalString, requireId, requireObject } from './arguments'
import type { TriggerOutcome } from '../store/run-repo'
import type { FacadeDeps } from './facade'
import { parseLink } from './link-service'
import { removeDemoJobs } from './seed-demo'

type JobsApi = Pick<
  JobDeskApi,
  | 'listJobs'
  | 'listLastRuns'
  | 'getJob'
  | 'saveJob'
  | 'deleteJob'
  | 'startJob'
  | 'stopJob'
  | 'triggerJob'
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

export function jobsApi(deps: FacadeDeps): JobsApi {
  const { jobs, triggers, triggerOutcomes, links, imports, store, events, nowMs } = deps
  const changed = (job: JobInfo): JobInfo => {
    events.emit({ type: 'jobs-changed', jobIds: [job.id] })
    return job
  }
  const linksChanged = () => events.emit({ type: 'links-changed' })

  return {
    async listJobs() {
      return jobs.list()
    },
    async listLastRuns() {
      return store.runs.lastRuns(store.jobs.list().map((j) => j.id))
    },
    async getJob(id) {
      return jobs.get(requireId(id, 'id'))
    },
    async saveJob(input) {
      return changed(jobs.save(requireObject(input, 'job')))
    },
    async deleteJob(id) {
      jobs.delete(requireId(id, 'id'))
      events.emit({ type: 'jobs-changed', jobIds: [id] })
      linksChanged()
    },
    async startJob(id) {
      return changed(jobs.start(requireId(id, 'id')))
    },
    async stopJob(id) {
      return changed(jobs.stop(requireId(id, 'id')))
    },
    async triggerJob(request) {
      const body = requireObject(request, 'request')
      const { logIds } = triggers.trigger({
        jobId: requireId(body.jobId, 'jobId'),
        triggerType: 'MANUAL',
        executorParam: optionalString(body.executorParam, 'executorParam', 2048),
        addressList: addressListOf(body.addressList),
      })
      // In the same tick as the trigger (see OutcomeWaiters.wait).
      const outcomes = await triggerOutcomes.wait(logIds, MANUAL_TRIGGER_WAIT_MS)
      return { logIds, outcomes: outcomes.map((outcome, i) => describeOutcome(logIds[i], outcome)) }
    },
    async previewSchedule(request) {
      const body = requireObject(request, 'request')
      const fromMs = optionalInteger(body.fromMs, 'fromMs', 0, Number.MAX_SAFE_INTEGER) ?? nowMs()
      const count = optionalInteger(body.count, 'count', 1, 50) ?? 5
      const spec = {
        scheduleType: optionalOneOf(body.scheduleType, 'scheduleType', SCHEDULE_TYPES) ?? 'NONE',
        scheduleConf: optionalString(body.scheduleConf, 'scheduleConf', 200) ?? '',
        timezone: optionalString(body.timezone, 'timezone', 64) ?? '',
      }
      try {
        validateSchedule(spec, fromMs)
      } catch (error) {
        if (error instanceof ValidationError) return { ok: false, field: error.field, message: error.message } satisfies SchedulePreview
        throw error
      }
      return { ok: true, timesMs: previewFireTimes(spec, fromMs, count) }
    },
    async listLinks() {
      return links.list()
    },
    async saveLink(link) {
      const saved = links.save(parseLink(link))
      linksChanged()
      events.emit({ type: 'jobs-changed', jobIds: [saved.parentJobId] })
      return saved
    },
    async deleteLink(request) {
      const body = requireObject(request, 'request')
      const parentJobId = requireId(body.parentJobId, 'parentJobId')
      links.delete(parentJobId, requireId(body.childJobId, 'childJobId'))
      linksChanged()
      events.emit({ type: 'jobs-changed', jobIds: [parentJobId] })
    },
    async listGlueVersions(jobId) {
      return store.glue.list(requireId(jobId, 'jobId'))
    },
    async saveGlue(request) {
      const body = requireObject(request, 'request')
      return changed(
        jobs.saveGlue(
          requireId(body.jobId, 'jobId'),
          optionalString(body.glueSource, 'glueSource', 1_000_000) ?? '',
          optionalString(body.glueRemark, 'glueRemark', 500) ?? '',
        ),
      )
    },
    async exportJobs(request) {
      const body = requireObject(request ?? {}, 'request')
      const ids = body.jobIds
      if (ids !== undefined && (!Array.isArray(ids) || ids.length > 100_000)) throw new ValidationError('jobIds', 'expected a list of job ids')
      return imports.exportJobs(ids?.map((id, i) => requireId(id, `jobIds[${i}]`)))
    },
    async removeDemoJobs() {
      const removed = removeDemoJobs(store, jobs)
      if (removed.length > 0) {
        events.emit({ type: 'jobs-changed', jobIds: removed })
        linksChanged()
      }
      return removed
    },
    async importJobs(request) {
      const body = requireObject(request, 'request')
      const onConflict = optionalOneOf(body.onConflict, 'onConflict', ['update', 'skip'] as const) ?? 'skip'
      const report = imports.importJobs(body.document, onConflict)
      events.emit({ type: 'jobs-changed', jobIds: [] })
      linksChanged()
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
  if (!outcome) return { logId, state: 'pending', executorAddress: '', triggerMsg: '' }
  return { logId, state: outcome.triggerCode === 200 ? 'accepted' : 'refused', executorAddress: outcome.executorAddress, triggerMsg: outcome.triggerMsg }
}

/** An address override: http(s) URLs (or the embedded executor's address), at most 100. */
export function addressListOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined
  const list = typeof value === 'string' ? value.split(',') : value
  if (!Array.isArray(list) || list.length > 100) throw new ValidationError('addressList', 'expected a list of at most 100 executor addresses')
  const addresses = list.map((a, i) => {
    if (typeof a !== 'string') throw new ValidationError('addressList', `item ${i} is not text`)
    return a.trim()
  }).filter((a) => a !== '')
  for (const address of addresses) {
    if (!/^(https?|jobdesk):\/\/[^\s,]+$/.test(address)) throw new ValidationError('addressList', `'${address}' is not an executor address (expected e.g. http://10.0.0.5:9999/)`)
  }
  return addresses.length > 0 ? addresses : undefined
}
