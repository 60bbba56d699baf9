import type { UserInput, UserView } from '../../../../shared/auth'
import { client } from '../../api/client'
import { upsertById } from '../../lib/upsert-by-id'
import type { SliceCreator } from '../state'
import { initialUsersState, type UsersState } from './initialState'

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

export const createUsersSlice: SliceCreator<UsersSlice> = (set, get) => ({
  ...initialUsersState,

  async fetchUsers() {
    set({ users: await client().listUsers() })
  },

  async saveUser(input) {
    const user = await client().saveUser(input)
    set({ users: upsertById(get().users, user) })
    return user
  },

  async resetUserPassword(id) {
    // The user's row changes too (a password to change), but the answer does not say how: the page re-reads the list.
    return (await client().resetUserPassword(id)).password
  },

  async deleteUser(id) {
    await client().deleteUser(id)
    set({ users: get().users.filter((user) => user.id !== id) })
  },
})
