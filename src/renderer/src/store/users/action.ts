import { client } from '../../api/client'
import { upsertById } from '../../lib/data/upsert-by-id'
import type { SliceCreator } from '../state'
import { initialUsersState } from './initialState'
import type { UsersSlice } from './slice'

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
