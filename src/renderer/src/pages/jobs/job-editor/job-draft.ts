import { ValidationError } from '../../../../../shared/errors'
import type { JobInfo, JobInput } from '../../../../../shared/model'

/** A new job as the editor starts it: runs on the given group every minute, in the local zone. */
export function newJobInput(jobGroup: number, timezone: string): JobInput {
  return {
    jobGroup,
    name: '',
    author: '',
    alarmEmail: '',
    scheduleType: 'CRON',
    scheduleConf: '0 * * * * ?',
    timezone,
    misfireStrategy: 'DO_NOTHING',
    executorRouteStrategy: 'FIRST',
    executorHandler: '',
    executorParam: '',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeoutSec: 0,
    executorFailRetryCount: 0,
    retryBackoff: 'NONE',
    retryIntervalSec: 0,
    retryMaxIntervalSec: 0,
    alarmOnEveryFailure: false,
    glueType: 'BEAN',
    glueSource: '',
    glueRemark: '',
  }
}

/** The editable fields of a stored job (bookkeeping fields are the store's). */
export function jobToInput(job: JobInfo): JobInput {
  const {
    childJobIds: _children,
    triggerStatus: _status,
    triggerLastTimeMs: _last,
    triggerNextTimeMs: _next,
    addTimeMs: _added,
    updateTimeMs: _updated,
    glueUpdatetimeMs: _glueUpdated,
    ...input
  } = job
  return input
}

/** A copy of a job as a new one: every field but the id, under a new name (links are copied by the editor). */
export function copyJobInput(job: JobInfo, name: string): JobInput {
  const { id: _id, ...input } = jobToInput(job)
  return { ...input, name }
}

/** Where a save error belongs: the field it names when the editor shows that field, else the form. */
export function placeSaveError(error: unknown, fields: ReadonlySet<string>): { field: string | null; message: string } {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof ValidationError && fields.has(error.field)) return { field: error.field, message }
  return { field: null, message }
}
