import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import type { JobInfo } from '../../../../shared/model'
import type { DefinitionsState } from './initialState'

export interface DefinitionsActions {
  /**
   * Reads which objects came from definition files. Never rejects: a failed read keeps the marks
   * read before, since they are a hint beside the editors and must not fail the console's load.
   */
  fetchDefinitionOrigins(): Promise<void>
  /** After `jobs-changed` or `flows-changed` (an apply sends both): re-read the origins, once per burst. */
  applyOriginsChanged(): void
  /** Reads the origins of jobs just read (a page of the list) that were not asked about yet. */
  fetchOriginsOf(jobs: readonly JobInfo[]): Promise<void>
  /** Where a job was applied from, by its group's app name and its name; undefined when not from a file. */
  originOfJob(appName: string, name: string): DefinitionOrigin | undefined
  originOfFlow(name: string): DefinitionOrigin | undefined
}

export type DefinitionsSlice = DefinitionsState & DefinitionsActions
