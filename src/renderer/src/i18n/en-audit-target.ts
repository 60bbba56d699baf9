import type { PrincipalKind } from '../../../shared/auth'

/** English words of the audit trail's "Who" and "On" columns (see lib/audit-target.ts). */
export const enAuditTarget = {
  'auditTarget.kind.job': 'Job',
  'auditTarget.kind.run': 'Run',
  'auditTarget.kind.group': 'Executor group',
  'auditTarget.kind.user': 'User',
  'auditTarget.kind.token': 'API token',
  'auditTarget.kind.flow': 'Flow',
  'auditTarget.kind.flowRun': 'Flow run',
  'auditTarget.byId': '{kind} #{id}',
  'auditTarget.named': '{kind} {name} (#{id})',
  'auditTarget.name': '{kind} {name}',
  'auditTarget.newJob': 'New job',
  'auditTarget.newGroup': 'New executor group',
  'auditTarget.newFlow': 'New flow',
  'auditTarget.link': 'Link {parent} → {child}',
  'auditTarget.method': 'API call {method}',
} as const

export const enAuditActors: Record<`auditActor.${PrincipalKind | 'anonymous'}`, string> = {
  'auditActor.desktop': 'desktop',
  'auditActor.console-token': 'console token',
  'auditActor.user': 'user',
  'auditActor.api-token': 'API token',
  'auditActor.group-token': 'group token',
  'auditActor.personal-token': 'personal token',
  'auditActor.executor-token': 'executor token',
  'auditActor.anonymous': 'anonymous',
}
