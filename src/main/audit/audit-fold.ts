import { createHash } from 'node:crypto'
import type { AuditActor, AuditRecord } from './audit-entry'

/** Identical refusals within this window are one audit row with a count. */
const AUDIT_FOLD_WINDOW_MS = 60_000

/**
 * The key under which a refusal is folded (audit-repo's `fold`), or null for a row that is never
 * folded: an action that was done, or failed, is recorded each time. Identical means the same actor
 * of the same kind from the same address, the same action, group, target and reason (code and
 * text), in the same minute of the clock: a flood of one refused request is one row, and anything
 * that tells two refusals apart keeps them apart. A digest, so the key has one size on every engine.
 */
export function auditFoldKey(who: AuditActor, entry: AuditRecord, nowMs: number): string | null {
  if (entry.outcome !== 'refused') return null
  const minute = Math.floor(nowMs / AUDIT_FOLD_WINDOW_MS)
  const reason = entry.detail?.reason
  const identity = [
    minute,
    who.actor,
    who.actorKind,
    who.source,
    who.via ?? '',
    entry.action,
    entry.groupId ?? null,
    entry.target ?? '',
    reason?.code ?? '',
    reason?.message ?? '',
  ]
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url')
}
