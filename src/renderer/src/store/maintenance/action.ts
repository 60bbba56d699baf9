import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialMaintenanceState } from './initialState'
import type { MaintenanceSlice } from './slice'

export const createMaintenanceSlice: SliceCreator<MaintenanceSlice> = (set) => ({
  ...initialMaintenanceState,

  async fetchMaintenance() {
    set({ maintenance: await client().getMaintenance() })
  },

  applyMaintenance(state) {
    set({ maintenance: state })
  },

  async setMaintenance(on, reason) {
    // The answer is shown at once; the event that follows says the same.
    set({ maintenance: await client().setMaintenance({ on, reason }) })
  },

  applyWindowsChanged() {
    set((s) => ({ windowsVersion: s.windowsVersion + 1 }))
  },

  applySilencesChanged() {
    set((s) => ({ silencesVersion: s.silencesVersion + 1 }))
  },
})
