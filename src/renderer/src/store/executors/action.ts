import { client } from '../../api/client'
import { notifyError, notifySuccess } from '../../kit/notify'
import { runningByAddress } from '../../lib/executors/executor-health'
import type { SliceCreator } from '../state'
import { initialExecutorsState } from './initialState'
import type { ExecutorsSlice } from './slice'

/** Running runs read for the per-address counts (more are shown as this many). */
const RUNNING_SAMPLE = 1000

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
