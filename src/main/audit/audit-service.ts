import type { AuditExportRequest, AuditFilter, AuditPage } from '../../shared/auth'
import type { Clock } from '../kernel/clock'
import type { KnownSecrets } from '../kernel/known-secrets'
import type { Logger } from '../kernel/logger'
import type { AuditRepo } from '../store/audit-repo'
import type { AuditActor, AuditRecord } from './audit-entry'
import { redactDetail } from './audit-detail'
import { auditFoldKey } from './audit-fold'
import { auditCsv, auditJson } from './audit-export'

export const AUDIT_EXPORT_MAX_ROWS = 100_000
const DAY_MS = 86_400_000

/**
 * The audit trail: every change and manual action, with who, when, from where and what. Writing
 * an entry never fails the action it records (a full disk is logged instead): the change has been
 * made by then, and a refusal must stay a refusal.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** The secret values whose every occurrence in a detail is redacted (none: only the secret fields are masked). */
    private readonly secrets?: KnownSecrets,
  ) {}

  /** Writes one row, or (a refusal repeated within its minute: ./audit-fold.ts) counts one more on the row it repeats. */
  async record(who: AuditActor, entry: AuditRecord): Promise<void> {
    try {
      const nowMs = this.clock.nowMs()
      const row = {
        atMs: nowMs,
        ...who,
        via: who.via ?? '',
        action: entry.action,
        outcome: entry.outcome,
        groupId: entry.groupId ?? null,
        target: entry.target ?? '',
        detail: redactDetail(entry.detail ?? {}, entry.action, this.secrets),
      }
      const foldKey = auditFoldKey(who, entry, nowMs)
      if (foldKey === null) await this.repo.insert(row)
      else await this.repo.fold(row, foldKey)
    } catch (error) {
      this.logger.error('writing an audit entry failed', { action: entry.action, actor: who.actor, error: (error as Error).message })
    }
  }

  async list(filter: AuditFilter): Promise<AuditPage> {
    const limit = filter.limit ?? 100
    const entries = await this.repo.list(filter, limit + 1)
    const page = entries.slice(0, limit)
    return { entries: page, nextBeforeId: entries.length > limit ? page[page.length - 1].id : null }
  }

  async export(request: AuditExportRequest): Promise<string> {
    const entries = await this.repo.list(request.filter ?? {}, AUDIT_EXPORT_MAX_ROWS)
    return request.format === 'csv' ? auditCsv(entries) : auditJson(entries)
  }

  /** Drops entries older than `retentionDays` before `nowMs`; resolves with how many went. */
  async purge(nowMs: number, retentionDays: number): Promise<number> {
    return this.repo.deleteOlderThan(nowMs - retentionDays * DAY_MS)
  }
}
