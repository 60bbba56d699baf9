import type { RegistryEntry } from '../../../../shared/model'
import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialExecutorsState, type ExecutorsState } from './initialState'

export interface ExecutorsActions {
  fetchRegistry(): Promise<void>
  /** From `registry-changed`: the core sends the whole current list. */
  applyRegistryChanged(entries: RegistryEntry[]): void
}

export type ExecutorsSlice = ExecutorsState & ExecutorsActions

export const createExecutorsSlice: SliceCreator<ExecutorsSlice> = (set) => ({
  ...initialExecutorsState,

  async fetchRegistry() {
    set({ registry: await client().listRegistry(), registryLoaded: true })
  },

  applyRegistryChanged(entries) {
    set({ registry: entries, registryLoaded: true })
  },
})
