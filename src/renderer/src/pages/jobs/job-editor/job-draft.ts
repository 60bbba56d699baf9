import { ValidationError } from '../../../../../shared/errors'
import { defaultJobInput, JOB_INPUT_FIELDS, jobInputOf } from '../../../../../shared/job-defaults'
import type { GlueType, JobInfo, JobInput } from '../../../../../shared/model'
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

/** Fields a BEAN job does not show, and a script job's: an error naming one goes on the form, where it is seen. */
// `env` (a script's secrets, by reference) is a script job's: a BEAN job's handler reads no environment.
const BEAN_HIDES: ReadonlySet<string> = new Set(['glueSource', 'glueRemark', 'env'])
const SCRIPT_HIDES: ReadonlySet<string> = new Set(['executorHandler'])

/** The fields the editor shows for a job of `glueType`: a save error naming one of these lands on it. */
export function shownFields(glueType: GlueType): ReadonlySet<string> {
  const hidden = glueType === 'BEAN' ? BEAN_HIDES : SCRIPT_HIDES
  return new Set<string>(JOB_INPUT_FIELDS.filter((field) => !hidden.has(field)))
}
