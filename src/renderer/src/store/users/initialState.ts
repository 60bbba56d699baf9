import type { UserView } from '../../../../shared/auth'

export interface UsersState {
  /** Admins: the users of this server as last read or changed here; empty before the Users page reads them. */
  users: UserView[]
}

export const initialUsersState: UsersState = { users: [] }
