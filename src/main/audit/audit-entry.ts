import type { AuditAction, AuditDetail, AuditOutcome } from '../../shared/auth'
import type { Principal } from '../../shared/principal'

/** Who did it, when no principal is known yet (a failed sign-in). */
export interface AuditActor {
  actor: string
  actorKind: Principal['kind'] | 'anonymous'
  source: string
}

export interface AuditRecord {
  action: AuditAction
  outcome: AuditOutcome
  groupId?: number | null
  target?: string
  detail?: AuditDetail
}

export function actorOf(principal: Principal): AuditActor {
  return { actor: principal.name, actorKind: principal.kind, source: principal.source }
}
