import type { SessionInfo } from '../../../../shared/auth'

export interface SessionState {
  /** Who this console acts as (null until the core said): the UI hides what the core would refuse. */
  session: SessionInfo | null
}

export const initialSessionState: SessionState = { session: null }
