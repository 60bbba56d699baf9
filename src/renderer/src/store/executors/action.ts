import type { GroupInput } from '../../../../shared/api'
import type { HandlerCatalog, JobGroup, RegistryEntry } from '../../../../shared/model'
import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import { runningByAddress } from '../../lib/executor-health'
import type { SliceCreator } from '../state'
import { initialExecutorsState, type ExecutorsState } from './initialState'

/** Running runs read for the per-address counts (more are shown as this many). */
const RUNNING_SAMPLE = 1000

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

export const createExecutorsSlice: SliceCreator<ExecutorsSlice> = (set, get) => ({
  ...initialExecutorsState,

  async fetchRegistry() {
    set({ registry: await client().listRegistry(), registryLoaded: true })
  },

  applyRegistryChanged(entries) {
    set({ registry: entries, registryLoaded: true })
    void get()
      .fetchGroups()
      .catch(() => {})
  },

  async fetchRunningByAddress() {
    const page = await client().listRuns({ status: 'running', limit: RUNNING_SAMPLE })
    set({ runningByAddress: runningByAddress(page.runs) })
  },

  async saveGroup(input) {
    const group = await client().saveGroup(input)
    await get().fetchGroups()
    notifySuccess(get().preferences.language, 'executors.saved', { name: group.name })
    return group
  },

  async deleteGroup(id) {
    try {
      await client().deleteGroup(id)
      await get().fetchGroups()
    } catch (error) {
      notifyError(get().preferences.language, 'common.error', error)
    }
  },

  async fetchHandlerCatalog(groupId) {
    const catalog = await client().listHandlers(groupId)
    set({ handlerCatalogs: { ...get().handlerCatalogs, [groupId]: catalog } })
    return catalog
  },
})
