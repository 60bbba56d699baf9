import type { UserInput, UserView } from '../../../../shared/auth'
import type { UsersState } from './initialState'

export interface UsersActions {
  /** Rejects with the core's error; the page shows it beside the list it had. */
  fetchUsers(): Promise<void>
  /** Creates or updates a user; rejects with the core's error (a ValidationError names the field) for the editor. */
  saveUser(input: UserInput): Promise<UserView>
  /** Resolves with the new one-time password, which is shown once and so never kept in the store. */
  resetUserPassword(id: number): Promise<string>
  deleteUser(id: number): Promise<void>
}

export type UsersSlice = UsersState & UsersActions
