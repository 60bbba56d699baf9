import type { PasswordChange } from '../../../../shared/auth'
import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialSessionState, type SessionState } from './initialState'

export interface SessionActions {
  fetchSession(): Promise<void>
  /** Rejects with the core's error (wrong current password, too short) for the form. */
  changePassword(change: PasswordChange): Promise<void>
}

export type SessionSlice = SessionState & SessionActions

export const createSessionSlice: SliceCreator<SessionSlice> = (set) => ({
  ...initialSessionState,

  async fetchSession() {
    set({ session: await client().whoAmI() })
  },

  async changePassword(change) {
    set({ session: await client().changePassword(change) })
  },
})
