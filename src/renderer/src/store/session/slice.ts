import type { PasswordChange } from '../../../../shared/auth'
import type { SessionState } from './initialState'

export interface SessionActions {
  fetchSession(): Promise<void>
  /** Rejects with the core's error (wrong current password, too short) for the form. */
  changePassword(change: PasswordChange): Promise<void>
}

export type SessionSlice = SessionState & SessionActions
