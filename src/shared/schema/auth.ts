import { AUDIT_ACTIONS, AUDIT_OUTCOMES, MCP_MODES, ROLES, TOKEN_SCOPES } from '../auth'
import { codedIssue } from '../messages/coded-errors'
import { epochMs, id, text } from './primitives'
import { z } from './z'
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../password-length'

/** 1-64 letters, digits, '.', '_', '-' or '@', starting with a letter or digit. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/

export const userName = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (!USER_NAME_PATTERN.test(value)) context.addIssue(codedIssue('user.nameRule'))
  })

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const newPassword = z.string().superRefine((value, context) => {
  if (value.length < PASSWORD_MIN_CHARS || value.length > PASSWORD_MAX_CHARS) {
    context.addIssue(codedIssue('user.passwordLength', { min: PASSWORD_MIN_CHARS, max: PASSWORD_MAX_CHARS }))
  }
})

const groupIds = z.array(id).max(10_000)

export const userInputSchema = z.strictObject({
  id: id.optional(),
  name: userName,
  role: z.enum(ROLES),
  groupIds: groupIds.default([]),
  disabled: z.boolean().default(false),
  password: newPassword.optional(),
})

export const passwordChangeSchema = z.strictObject({
  currentPassword: text(PASSWORD_MAX_CHARS),
  newPassword,
})

export const apiTokenInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    role: z.enum(ROLES),
    groupIds: groupIds.default([]),
    expiresAtMs: epochMs.default(0),
    scope: z.enum(TOKEN_SCOPES).default('openapi'),
    mode: z.enum(MCP_MODES).optional(),
  })
  .superRefine((input, context) => {
    if (input.scope !== 'mcp' && input.mode !== undefined) context.addIssue(codedIssue('token.modeNeedsMcp', {}, ['mode']))
  })
  .transform((input) => (input.scope === 'mcp' ? { ...input, mode: input.mode ?? 'read' } : input))

const auditFilterFields = {
  actor: text(100).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  groupId: id.optional(),
  sinceMs: epochMs.optional(),
  untilMs: epochMs.optional(),
  text: text(200).optional(),
}

export const auditFilterSchema = z.strictObject({ ...auditFilterFields, beforeId: id.optional(), limit: z.int().min(1).max(1000).optional() })

export const auditExportSchema = z.strictObject({ format: z.enum(['csv', 'json']), filter: z.strictObject(auditFilterFields).optional() })

/** `POST /auth/sign-in`. */
export const signInSchema = z.strictObject({ name: text(64), password: text(PASSWORD_MAX_CHARS) })
