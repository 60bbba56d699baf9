import type { AuditAction, AuditDetail } from '../../shared/auth'
import { urlHostOnly } from '../../shared/redact-url'
import { maskSecretFields, secretFieldsOf, type FoundSecret } from '../../shared/settings-secrets'
import type { KnownSecrets } from '../kernel/known-secrets'

/** Keys whose values never reach the audit trail (passwords, tokens, SMTP passwords). */
const SECRET_KEY = /password|token|^pass$|secret/i
/** Longer texts (a GLUE source, an import document) are kept to this many characters. */
export const AUDIT_TEXT_MAX_CHARS = 20_000
const MAX_DEPTH = 8
const MAX_ITEMS = 500
const MASK = '***'
/** The actions whose details hold the settings (a token's regeneration answers with them all). */
const SETTINGS_ACTIONS: ReadonlySet<AuditAction> = new Set(['settings.save', 'settings.accessToken', 'settings.apiToken'])

/** A copy of `value` fit for the audit trail: secrets masked (by their keys unless `byKey` is false), long texts and lists cut. */
export function redact(value: unknown, depth = 0, byKey = true): unknown {
  if (typeof value === 'string') return value.length > AUDIT_TEXT_MAX_CHARS ? `${value.slice(0, AUDIT_TEXT_MAX_CHARS)}… (${value.length} characters)` : value
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '…'
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1, byKey))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = byKey && SECRET_KEY.test(key) && item !== '' && item !== null && item !== undefined ? MASK : redact(item, depth + 1, byKey)
  }
  return out
}

/**
 * A detail as the audit trail keeps it. The settings' secret fields (shared/settings-secrets.ts)
 * are masked where a detail holds the settings: a save records which of them it sets or changes,
 * never their values; a channel test keeps its URL's origin. Any other detail has the values of
 * secret-named keys masked. Then every text still holding a secret this process knows — a token
 * pasted into a job's parameter, say — is redacted.
 */
export function redactDetail(detail: AuditDetail, action: AuditAction, secrets?: KnownSecrets): AuditDetail {
  let kept: AuditDetail
  if (SETTINGS_ACTIONS.has(action)) kept = redact(settingsDetail(detail), 0, false) as AuditDetail
  else kept = redact(action === 'settings.testChannel' ? testedChannelDetail(detail) : detail) as AuditDetail
  return secrets ? secrets.redactDeep(kept) : kept
}

/**
 * `params` (what the caller asked to save) with each secret field's value replaced by whether the
 * save sets it, changes it or leaves it as it was (`"alarms.webhooks[0].headers.Authorization"` →
 * "changed"); `before` and `after` with secret URLs cut to their origin and other secrets masked.
 */
function settingsDetail(detail: AuditDetail): AuditDetail {
  const stored = detail.before === undefined ? null : new Map(secretFieldsOf(detail.before).map((field) => [field.path, field.value]))
  const change = (field: FoundSecret): string => {
    if (stored === null) return 'given'
    const was = stored.get(field.path)
    return was === undefined ? 'set' : was === field.value ? 'unchanged' : 'changed'
  }
  const hidden = (field: FoundSecret): string => (field.kind === 'url' ? urlHostOnly(field.value) : MASK)
  return {
    ...detail,
    ...(detail.params !== undefined && { params: maskSecretFields(detail.params, change) }),
    ...(detail.before !== undefined && { before: maskSecretFields(detail.before, hidden) }),
    ...(detail.after !== undefined && { after: maskSecretFields(detail.after, hidden) }),
  }
}

/** A channel test's URL may be one not saved yet, with a token no list knows: it is kept as its origin, as a saved one is. */
function testedChannelDetail(detail: AuditDetail): AuditDetail {
  const params = detail.params as { url?: unknown } | undefined
  return typeof params?.url === 'string' ? { ...detail, params: { ...params, url: urlHostOnly(params.url) } } : detail
}
