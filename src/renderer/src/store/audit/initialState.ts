import type { AuditEntry } from '../../../../shared/auth'

export interface AuditState {
  /** Admins: the loaded pages of the audit trail for the Audit page's filter, newest first. */
  auditEntries: AuditEntry[]
  /** Where the next older page starts; null when the oldest entry is loaded. */
  auditNextBeforeId: number | null
}

export const initialAuditState: AuditState = { auditEntries: [], auditNextBeforeId: null }
