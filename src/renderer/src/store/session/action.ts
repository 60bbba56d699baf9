import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialSessionState } from './initialState'
import type { SessionSlice } from './slice'

export const createSessionSlice: SliceCreator<SessionSlice> = (set) => ({
  ...initialSessionState,

  async fetchSession() {
    set({ session: await client().whoAmI() })
  },

  async changePassword(change) {
    set({ session: await client().changePassword(change) })
  },
})
