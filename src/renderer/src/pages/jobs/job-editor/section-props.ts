import { JOB_INPUT_FIELDS } from '../../../../../shared/job-defaults'
import type { JobInput } from '../../../../../shared/model'

export type SetField = <K extends keyof JobInput>(key: K, value: JobInput[K]) => void

/** What each editor section gets: the draft, a setter, and errors by field name. */
export interface SectionProps {
  draft: JobInput
  setField: SetField
  errors: Readonly<Record<string, string>>
}

/** The fields the editor shows: a save error naming one of these lands on it. */
export const EDITOR_FIELDS: ReadonlySet<string> = new Set<string>(JOB_INPUT_FIELDS)
