import type { ApiTokenView } from '../../../../shared/auth'

export interface ApiTokensState {
  /** Personal API tokens (one's own; every one for admins) as last read or changed here; never their secrets. */
  apiTokens: ApiTokenView[]
}

export const initialApiTokensState: ApiTokensState = { apiTokens: [] }
