import type { AuditFilter } from '../../../../shared/auth'
import type { AuditState } from './initialState'

export interface AuditActions {
  /**
   * Reads the newest page for `filter` (replacing the list). Rejects with the core's error for the page;
   * an answer for a filter since replaced by a newer read is dropped, its failure too.
   */
  fetchAudit(filter: AuditFilter): Promise<void>
  /** Appends the next older page for `filter`; nothing when the oldest is loaded. Rejects with the core's error. */
  fetchOlderAudit(filter: AuditFilter): Promise<void>
}

export type AuditSlice = AuditState & AuditActions
