import type { JobInput } from '../../../../../shared/model'

export type SetField = <K extends keyof JobInput>(key: K, value: JobInput[K]) => void

/** What each editor section gets: the draft, a setter, and errors by field name. */
export interface SectionProps {
  draft: JobInput
  setField: SetField
  errors: Readonly<Record<string, string>>
}
