import { client } from '../../api/client'
import { upsertById } from '../../lib/data/upsert-by-id'
import type { SliceCreator } from '../state'
import { initialApiTokensState } from './initialState'
import type { ApiTokensSlice } from './slice'

export const createApiTokensSlice: SliceCreator<ApiTokensSlice> = (set, get) => ({
  ...initialApiTokensState,

  async fetchApiTokens() {
    set({ apiTokens: await client().listApiTokens() })
  },

  async createApiToken(input) {
    const created = await client().createApiToken(input)
    set({ apiTokens: upsertById(get().apiTokens, created.info) })
    return created.token
  },

  async revokeApiToken(id) {
    set({ apiTokens: upsertById(get().apiTokens, await client().revokeApiToken(id)) })
  },
})
