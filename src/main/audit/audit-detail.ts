import type { AuditDetail } from '../../shared/auth'

/** Keys whose values never reach the audit trail (passwords, tokens, SMTP passwords). */
const SECRET_KEY = /password|token|^pass$|secret/i
/** Longer texts (a GLUE source, an import document) are kept to this many characters. */
export const AUDIT_TEXT_MAX_CHARS = 20_000
const MAX_DEPTH = 8
const MAX_ITEMS = 500

/** A copy of `value` fit for the audit trail: secrets masked, long texts and lists cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > AUDIT_TEXT_MAX_CHARS ? `${value.slice(0, AUDIT_TEXT_MAX_CHARS)}… (${value.length} characters)` : value
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '…'
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== '' && item !== null && item !== undefined ? '***' : redact(item, depth + 1)
  }
  return out
}

export function redactDetail(detail: AuditDetail): AuditDetail {
  return redact(detail) as AuditDetail
}
