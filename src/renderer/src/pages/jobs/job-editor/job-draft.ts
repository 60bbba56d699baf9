import { ValidationError } from '../../../../../shared/errors'
import { defaultJobInput, jobInputOf } from '../../../../../shared/job-defaults'
import type { JobInfo, JobInput } from '../../../../../shared/model'
import type { Language } from '../../../i18n/dictionary'
import { errorText } from '../../../i18n/server-text'

/** A new job as the editor starts it: runs on the given group every minute, in the local zone. */
export function newJobInput(jobGroup: number, timezone: string): JobInput {
  return defaultJobInput(jobGroup, timezone, { scheduleType: 'CRON', scheduleConf: '0 * * * * ?' })
}

/** The editable fields of a stored job (bookkeeping fields are the store's). */
export const jobToInput = jobInputOf

/** A copy of a job as a new one: every field but the id, under a new name (links are copied by the editor). */
export function copyJobInput(job: JobInfo, name: string): JobInput {
  const { id: _id, ...input } = jobToInput(job)
  return { ...input, name }
}

/** Where a save error belongs — the field it names when the editor shows that field, else the form — and its text in `language`. */
export function placeSaveError(error: unknown, fields: ReadonlySet<string>, language: Language): { field: string | null; message: string } {
  const message = errorText(language, error)
  if (error instanceof ValidationError && fields.has(error.field)) return { field: error.field, message }
  return { field: null, message }
}
