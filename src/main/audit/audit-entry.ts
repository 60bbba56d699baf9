import type { AuditAction, AuditDetail, AuditOutcome, AuditVia } from '../../shared/auth'
import type { Principal } from '../../shared/principal'

/** Who did it, when no principal is known yet (a failed sign-in). */
export interface AuditActor {
  actor: string
  actorKind: Principal['kind'] | 'anonymous'
  source: string
  /** How the call came (absent: ''): 'mcp' for an agent through an MCP token. */
  via?: AuditVia
}

export interface AuditRecord {
  action: AuditAction
  outcome: AuditOutcome
  groupId?: number | null
  target?: string
  detail?: AuditDetail
}

export function actorOf(principal: Principal): AuditActor {
  return { actor: principal.name, actorKind: principal.kind, source: principal.source, ...(principal.via && { via: principal.via }) }
}
