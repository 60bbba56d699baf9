import type {
  JobDeskApi,
  Overview,
  RunFilter,
  RunLogRequest,
  RunPage,
  SchedulePreview,
  SchedulePreviewRequest,
  TriggerRequest,
  TriggerResult,
} from '../../shared/api'
import { NotFoundError, ValidationError } from '../../shared/errors'
import { SCHEDULE_TYPES, TRIGGER_TYPES, type JobGroup, type JobInfo, type JobRun, type LogPage } from '../../shared/model'
import { previewFireTimes, validateSchedule } from '../schedule'
import type { Scheduler } from '../scheduler/scheduler'
import type { Store } from '../store/store'
import type { RegistryService } from '../registry/registry-service'
import {
  optionalId,
  optionalInteger,
  optionalOneOf,
  optionalString,
  requireId,
  requireObject,
} from './arguments'
import type { EventHub } from './events'
import type { JobService } from './job-service'
import type { RunLogs } from './run-logs'
import type { TriggerService } from './trigger-service'

const DAY_MS = 86_400_000
const RUN_STATUSES = ['pending', 'running', 'success', 'failed'] as const

export interface FacadeDeps {
  store: Store
  jobs: JobService
  triggers: TriggerService
  scheduler: Scheduler
  registry: RegistryService
  runLogs: RunLogs
  events: EventHub
  nowMs: () => number
}

/**
 * The implementation of src/shared/api.ts: argument checks for untrusted UI input, then one call into
 * a service. Emits `jobs-changed` after every change an operator makes.
 */
export function createFacade(deps: FacadeDeps): JobDeskApi {
  const { store, jobs, triggers, scheduler, events, nowMs } = deps
  const changed = (job: JobInfo): JobInfo => {
    events.emit({ type: 'jobs-changed', jobIds: [job.id] })
    return job
  }

  return {
    async getOverview(): Promise<Overview> {
      const counts = store.jobs.counts()
      const now = nowMs()
      return {
        jobCount: counts.total,
        activeJobCount: counts.active,
        runningCount: store.runs.countRunning(),
        failedLast24hCount: store.runs.countFailedSince(now - DAY_MS),
        executorsOnline: deps.registry.entries(now).filter((e) => e.health === 'online').length,
        scheduler: scheduler.status(),
      }
    },

    async listGroups(): Promise<JobGroup[]> {
      return store.groups.list()
    },

    async listJobs(): Promise<JobInfo[]> {
      return jobs.list()
    },

    async getJob(id: number): Promise<JobInfo> {
      return jobs.get(requireId(id, 'id'))
    },

    async saveJob(input): Promise<JobInfo> {
      return changed(jobs.save(requireObject(input, 'job')))
    },

    async deleteJob(id: number): Promise<void> {
      jobs.delete(requireId(id, 'id'))
      events.emit({ type: 'jobs-changed', jobIds: [id] })
    },

    async startJob(id: number): Promise<JobInfo> {
      return changed(jobs.start(requireId(id, 'id')))
    },

    async stopJob(id: number): Promise<JobInfo> {
      return changed(jobs.stop(requireId(id, 'id')))
    },

    async triggerJob(request: TriggerRequest): Promise<TriggerResult> {
      const body = requireObject(request, 'request')
      return triggers.trigger({
        jobId: requireId(body.jobId, 'jobId'),
        triggerType: 'MANUAL',
        executorParam: optionalString(body.executorParam, 'executorParam', 2048),
      })
    },

    async previewSchedule(request: SchedulePreviewRequest): Promise<SchedulePreview> {
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
        if (error instanceof ValidationError) return { ok: false, field: error.field, message: error.message }
        throw error
      }
      return { ok: true, timesMs: previewFireTimes(spec, fromMs, count) }
    },

    async listRuns(filter: RunFilter): Promise<RunPage> {
      const body = requireObject(filter ?? {}, 'filter')
      const limit = optionalInteger(body.limit, 'limit', 1, 1000) ?? 100
      const runs = store.runs.list({
        jobId: optionalId(body.jobId, 'jobId'),
        jobGroup: optionalId(body.jobGroup, 'jobGroup'),
        status: optionalOneOf(body.status, 'status', RUN_STATUSES),
        triggerType: optionalOneOf(body.triggerType, 'triggerType', TRIGGER_TYPES),
        sinceMs: optionalInteger(body.sinceMs, 'sinceMs', 0, Number.MAX_SAFE_INTEGER),
        untilMs: optionalInteger(body.untilMs, 'untilMs', 0, Number.MAX_SAFE_INTEGER),
        beforeId: optionalId(body.beforeId, 'beforeId'),
        limit,
      })
      return { runs, nextBeforeId: runs.length === limit ? runs[runs.length - 1].id : null }
    },

    async getRun(id: number): Promise<JobRun> {
      const run = store.runs.get(requireId(id, 'id'))
      if (!run) throw new NotFoundError(`run ${id} does not exist`)
      return run
    },

    async getRunLog(request: RunLogRequest): Promise<LogPage> {
      const body = requireObject(request, 'request')
      const logId = requireId(body.logId, 'logId')
      const fromLineNum = optionalInteger(body.fromLineNum, 'fromLineNum', 1, Number.MAX_SAFE_INTEGER) ?? 1
      return deps.runLogs.read(logId, fromLineNum)
    },

    async watchRunLog(logId: number): Promise<void> {
      deps.runLogs.watch(requireId(logId, 'logId'))
    },

    async unwatchRunLog(logId: number): Promise<void> {
      deps.runLogs.unwatch(requireId(logId, 'logId'))
    },
  }
}
