import type { ApiTokenInput } from '../../../../shared/auth'
import type { ApiTokensState } from './initialState'

export interface ApiTokensActions {
  /** Rejects with the core's error; the page shows it beside the list it had. */
  fetchApiTokens(): Promise<void>
  /** Resolves with the new token's secret, which is shown once and so never kept in the store; rejects with the core's error. */
  createApiToken(input: ApiTokenInput): Promise<string>
  revokeApiToken(id: number): Promise<void>
}

export type ApiTokensSlice = ApiTokensState & ApiTokensActions
