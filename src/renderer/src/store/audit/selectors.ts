import type { JobDeskState } from '../state'

export const selectAuditEntries = (s: JobDeskState) => s.auditEntries
export const selectAuditNextBeforeId = (s: JobDeskState) => s.auditNextBeforeId
