import { notFound } from '../../shared/messages/coded-errors'
import { seesGroup } from '../../shared/principal'
import type { SecretScope } from '../../shared/secrets-api'
import type { MethodRule, RuleContext } from './method-rule-types'
import { refuse, requireAdmin, requireOperates } from './refusal'

type SecretRef = SecretScope & { name: string }

/**
 * Secrets (docs/secrets.md): operators of a group write its secrets, admins the global ones; whoever
 * sees a group (its viewers too) reads its secrets' names, versions and authors — values never leave
 * the store by any method. An audit row names the secret and its scope; a refused set records the
 * request without its value (refusedParams), an allowed one too (params).
 */
function allowWrite(ctx: RuleContext, request: SecretRef) {
  const groupId = request.groupId ?? null
  if (groupId === null) requireAdmin(ctx.principal, ctx.method)
  else requireOperates(ctx.principal, groupId, ctx.method)
  return { groupId, target: groupId === null ? `global secret ${request.name}` : `secret ${request.name} of group ${groupId}`, params: refOf(request) }
}

function requireSeesScope(ctx: RuleContext, groupId: number | null | undefined): void {
  // A group the caller does not see answers as one that does not exist.
  if (typeof groupId === 'number' && !seesGroup(ctx.principal, groupId)) refuse(notFound('group.notFound', { id: groupId }))
}

/** A request's name and scope: what an audit row may show of it. */
function refOf(request: unknown): SecretRef | undefined {
  if (typeof request !== 'object' || request === null) return undefined
  const { name, groupId } = request as Partial<SecretRef>
  return { name: String(name).slice(0, 200), groupId: typeof groupId === 'number' ? groupId : null }
}

export const SECRET_RULES = {
  setSecret: {
    action: 'secret.set',
    refusedParams: (args) => refOf(args[0]),
    async allow(ctx, [request]: [SecretRef & { value: string }]) {
      return { ...allowWrite(ctx, request), args: [request, ctx.principal.name] }
    },
  },
  removeSecret: {
    action: 'secret.remove',
    async allow(ctx, [request]: [SecretRef]) {
      return allowWrite(ctx, request)
    },
  },
  listSecrets: {
    async allow(ctx, [filter]: [SecretScope | undefined]) {
      requireSeesScope(ctx, filter?.groupId)
      const granted = ctx.principal.groupIds
      return granted === null ? {} : { args: [filter ?? {}, [...granted]] }
    },
  },
  listSecretVersions: {
    async allow(ctx, [request]: [SecretRef]) {
      requireSeesScope(ctx, request.groupId)
      return {}
    },
  },
} satisfies Record<string, MethodRule>
