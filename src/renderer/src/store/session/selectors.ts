import type { SessionInfo } from '../../../../shared/auth'
import type { JobDeskState } from '../state'

export const selectSession = (s: JobDeskState) => s.session

/** Admins manage users, settings, groups and read the audit trail. */
export function isAdmin(session: SessionInfo | null): boolean {
  return session?.role === 'admin'
}

/** Whether the session may change jobs and runs of `groupId` (the core's rule, mirrored to hide buttons). */
export function operatesGroup(session: SessionInfo | null, groupId: number): boolean {
  if (!session || session.role === 'viewer') return false
  return session.groupIds === null || session.groupIds.includes(groupId)
}

export const selectIsAdmin = (s: JobDeskState) => isAdmin(s.session)
/** May change something somewhere (shows "New job", import…). */
export const selectOperatesAny = (s: JobDeskState) =>
  s.session !== null && s.session.role !== 'viewer' && (s.session.groupIds === null || s.session.groupIds.length > 0)
