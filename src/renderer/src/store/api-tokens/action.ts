import type { ApiTokenInput } from '../../../../shared/auth'
import { client } from '../../api/client'
import { upsertById } from '../../lib/upsert-by-id'
import type { SliceCreator } from '../state'
import { initialApiTokensState, type ApiTokensState } from './initialState'

export interface ApiTokensActions {
  /** Rejects with the core's error; the page shows it beside the list it had. */
  fetchApiTokens(): Promise<void>
  /** Resolves with the new token's secret, which is shown once and so never kept in the store; rejects with the core's error. */
  createApiToken(input: ApiTokenInput): Promise<string>
  revokeApiToken(id: number): Promise<void>
}

export type ApiTokensSlice = ApiTokensState & ApiTokensActions

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
