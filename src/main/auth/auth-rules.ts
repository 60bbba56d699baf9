import type { UserInput } from '../../shared/auth'
import { admin, anyone } from './common-rules'
import type { AuthMethod, MethodRule } from './method-rule-types'
import { tokenAboveCreator } from './api-token-service'
import { refuse, requireAdmin } from './refusal'

/** The rules of the user, token and audit methods (the services check ownership of tokens themselves). */
export const AUTH_RULES = {
  whoAmI: anyone,
  changePassword: {
    action: 'user.changePassword',
    allow: async (ctx) => ({ target: `user ${ctx.principal.userId ?? ctx.principal.name}` }),
    after: () => undefined,
  },
  listUsers: admin(),
  saveUser: {
    async allow(ctx, [input]: [UserInput]) {
      requireAdmin(ctx.principal, ctx.method)
      const before = input.id === undefined ? undefined : (await ctx.auth.listUsers()).find((u) => u.id === input.id)
      return {
        action: input.id === undefined ? 'user.create' : 'user.update',
        target: input.id === undefined ? `user '${input.name}'` : `user ${input.id}`,
        before,
        params: input,
      }
    },
  },
  deleteUser: {
    action: 'user.delete',
    async allow(ctx, [id]: [number]) {
      requireAdmin(ctx.principal, ctx.method)
      return { target: `user ${id}`, before: (await ctx.auth.listUsers()).find((u) => u.id === id) }
    },
  },
  resetUserPassword: { ...admin('user.resetPassword', ([id]) => ({ target: `user ${id}` })), after: () => undefined },
  listApiTokens: anyone,
  createApiToken: {
    action: 'token.create',
    // A token above the creator's own rights is a refusal (audited), not a typing mistake.
    async allow(ctx, [input]) {
      const aboveRights = tokenAboveCreator(ctx.principal, input)
      if (aboveRights) refuse(aboveRights)
      return { params: input, target: `token '${input.name}'` }
    },
    after: (created: { info: unknown }) => created.info,
  },
  revokeApiToken: { action: 'token.revoke', allow: async (_ctx, [id]) => ({ target: `token ${id}` }) },
  listAudit: admin(),
  exportAudit: admin(),
} satisfies Record<AuthMethod, MethodRule>
