import type { AuditAction } from '../../shared/auth'
import { notPermitted } from '../../shared/messages/coded-errors'
import { seesGroup } from '../../shared/principal'
import type { Decision, MethodRule, RuleContext } from './method-rule-types'
import { refuse, requireAdmin } from './refusal'

/** The rules and checks that the rules of more than one area are made of. */

export const anyone: MethodRule = { allow: async () => ({}) }

export function admin(action?: AuditAction, describe: (args: any[]) => Decision = () => ({})): MethodRule {
  return {
    action,
    async allow(ctx, args) {
      requireAdmin(ctx.principal, ctx.method)
      return describe(args)
    },
  }
}

/**
 * Addresses a caller names for a job of `groupId` (an override, a preview, a probe): a non-admin
 * may name only the group's own executors — a secret goes only where it is held by right, and the
 * embedded executor is reached only by those granted its group. An admin may name any address;
 * JobDesk then calls it without the group's token.
 */
export async function requireEntitled(ctx: RuleContext, groupId: number, addresses: readonly string[] | undefined): Promise<void> {
  if (ctx.principal.role === 'admin' || !addresses || addresses.length === 0) return
  const entitled = await ctx.entitled(groupId)
  const stray = addresses.find((address) => !entitled.has(address))
  if (stray === undefined) return
  // The caller sees this group (its rule checked that first): it is named as the console names it.
  const appName = (await ctx.core.listGroups()).find((g) => g.id === groupId)?.appName
  const group = appName === undefined ? String(groupId) : `'${appName}' (${groupId})`
  refuse(notPermitted('auth.addressNotRegistered', { address: stray.slice(0, 200), group, method: ctx.method }))
}

/** The ids of the jobs the principal sees; null when it sees every group. */
export async function visibleJobIds(ctx: RuleContext): Promise<Set<number> | null> {
  if (ctx.principal.groupIds === null) return null
  return new Set((await ctx.core.listJobs()).filter((j) => seesGroup(ctx.principal, j.jobGroup)).map((j) => j.id))
}
