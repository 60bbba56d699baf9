import type { DefinitionKind } from './definition-origin'
import type { DefinitionFieldChange } from './definition-values'

/** One document of a definition file as `jobdesk apply` sends it: the file it came from, and the document. */
export interface DefinitionSource {
  /** The file's name as the caller gave it (shown in plans, problems and the console's badge). */
  file: string
  document: unknown
}

/** What apply does to the objects the files do not name (docs/definitions-as-code.md#prune). */
export const PRUNE_MODES = ['none', 'files', 'all'] as const
export type PruneMode = (typeof PRUNE_MODES)[number]

export interface ApplyDefinitionsRequest {
  sources: DefinitionSource[]
  /** Plan only: nothing is written. */
  dryRun: boolean
  /** `files`: delete what earlier applies wrote and the files no longer name; `all`: also what the console made, in the groups the files name. */
  prune: PruneMode
}

/** One change of a plan. */
export interface DefinitionChange {
  action: 'create' | 'update' | 'delete'
  kind: DefinitionKind
  /** The object's portable key: a group's app name, `<appName>/<job name>`, a flow's or a calendar's name. */
  key: string
  /** The file that defines it ('' for a deletion of what no file names). */
  file: string
  /** For an update, the fields that change, as the files name them (`schedule.cron`, `children`). */
  fields: string[]
  /** For an update, each changed field with its value before and after, as safe one-line text (shared/definition-values.ts). */
  values?: DefinitionFieldChange[]
}

export interface DefinitionPlan {
  /** Creations first (calendars, groups, jobs, flows), then updates (calendars first), then deletions (flows, jobs, groups, calendars): the order they are applied in. */
  changes: DefinitionChange[]
  /** Objects the files name that are already as the files say. */
  unchanged: number
  /** Whether the changes were written (false for a dry run, and when there was nothing to do). */
  applied: boolean
}
