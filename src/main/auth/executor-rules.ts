import type { JobGroup } from '../../shared/model'
import { notPermitted } from '../../shared/messages/coded-errors'
import { seesGroup } from '../../shared/principal'
import { admin, anyone, requireEntitled } from './common-rules'
import type { MethodRule } from './method-rule-types'
import { refuse, requireAdmin, requireOperates, requireSees } from './refusal'

/**
 * Executor groups and their executors: admins make and remove groups; everyone reads the groups
 * they see (without another group's token), and an operator probes only the addresses their group owns.
 */
export const EXECUTOR_RULES = {
  listGroups: {
    ...anyone,
    async narrow(ctx, groups: JobGroup[]) {
      if (ctx.principal.role === 'admin') return groups
      return groups.filter((g) => seesGroup(ctx.principal, g.id)).map((g) => ({ ...g, accessToken: '' }))
    },
  },
  saveGroup: {
    action: 'group.save',
    async allow(ctx, [input]) {
      requireAdmin(ctx.principal, ctx.method)
      const id = typeof input?.id === 'number' ? input.id : undefined
      const before = id === undefined ? undefined : (await ctx.core.listGroups()).find((g) => g.id === id)
      return { groupId: id ?? null, target: id === undefined ? 'new group' : `group ${id}`, before }
    },
  },
  deleteGroup: admin('group.delete', ([id]) => ({ groupId: id, target: `group ${id}` })),
  listRegistry: {
    ...anyone,
    async narrow(ctx, entries: { appName: string }[]) {
      if (ctx.principal.groupIds === null) return entries
      const apps = new Set((await ctx.core.listGroups()).filter((g) => seesGroup(ctx.principal, g.id)).map((g) => g.appName))
      return entries.filter((e) => apps.has(e.appName))
    },
  },
  probeExecutor: {
    action: 'executor.probe',
    async allow(ctx, [request]) {
      if (ctx.principal.role !== 'admin') {
        if (request.groupId === undefined) refuse(notPermitted('auth.probeNeedsGroup', { method: ctx.method }))
        requireOperates(ctx.principal, request.groupId, ctx.method)
        await requireEntitled(ctx, request.groupId, [request.address])
      }
      return { groupId: request.groupId ?? null, target: request.address, params: request }
    },
  },
  listHandlers: {
    async allow(ctx, [groupId]) {
      requireSees(ctx.principal, groupId, { code: 'group.notFound', id: groupId })
      return { groupId }
    },
  },
} satisfies Record<string, MethodRule>
