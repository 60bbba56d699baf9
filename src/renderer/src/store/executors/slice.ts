import type { GroupInput } from '../../../../shared/api'
import type { HandlerCatalog, JobGroup, RegistryEntry } from '../../../../shared/model'
import type { ExecutorsState } from './initialState'

export interface ExecutorsActions {
  fetchRegistry(): Promise<void>
  /** From `registry-changed`: the whole current list; groups may have been created by a registration. */
  applyRegistryChanged(entries: RegistryEntry[]): void
  fetchRunningByAddress(): Promise<void>
  /** Rejects with the core's error (a ValidationError names the field) for the group editor. */
  saveGroup(input: GroupInput): Promise<JobGroup>
  deleteGroup(id: number): Promise<void>
  /** The handlers a group's executors offer, for the job editor's suggestions (kept per group). */
  fetchHandlerCatalog(groupId: number): Promise<HandlerCatalog>
}

export type ExecutorsSlice = ExecutorsState & ExecutorsActions
