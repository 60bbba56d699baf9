import type { JobDeskState } from '../state'

export const selectUsers = (s: JobDeskState) => s.users
