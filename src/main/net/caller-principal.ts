import type { AdminCaller } from './admin-auth'
import type { Principal } from '../../shared/principal'

/**
 * The principal an OpenAPI credential acts as: the API token (or the executor token, where the
 * operator allows it) is an admin; a group's own token an operator of that group only; a personal
 * token what its row and its owner allow.
 */
export function principalOfCaller(caller: AdminCaller, source: string): Principal {
  const base = { userId: null, source, mustChangePassword: false }
  switch (caller.kind) {
    case 'personal':
      return { ...caller.principal, source }
    case 'group':
      return { ...base, kind: 'group-token', name: `group token ${caller.group.appName}`, role: 'operator', groupIds: [caller.group.id] }
    case 'api':
      return caller.viaExecutorToken
        ? { ...base, kind: 'executor-token', name: 'executor token', role: 'admin', groupIds: null }
        : { ...base, kind: 'api-token', name: 'API token', role: 'admin', groupIds: null }
    case 'executor':
      // Executors never reach the OpenAPI (admin-auth refuses the surface); read-only and group-less if one did.
      return { ...base, kind: 'executor-token', name: `executor ${caller.appName ?? ''}`.trim(), role: 'viewer', groupIds: [] }
  }
}
