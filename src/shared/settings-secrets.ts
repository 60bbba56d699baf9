import { urlHostOnly } from './redact-url'

/**
 * How a secret field reads where its value may not go: a URL keeps its origin (a robot's token is
 * in its path or query, never in its host), any other value keeps nothing.
 */
export type SecretFieldKind = 'url' | 'value'

/**
 * Every field of the settings whose value is a credential — in `Settings` as read and in
 * `SettingsInput` as saved, which share the shape of `alarms`. A path's `*` stands for each item
 * of a list or each entry of a record. The non-admin view, the audit trail and the log redaction
 * all read this one list: a new secret setting is declared here and nowhere else.
 */
const SETTINGS_SECRET_FIELDS: readonly { path: string; kind: SecretFieldKind }[] = [
  { path: 'accessToken', kind: 'value' },
  { path: 'apiToken', kind: 'value' },
  { path: 'consoleToken', kind: 'value' },
  { path: 'alarms.smtp.pass', kind: 'value' },
  { path: 'alarms.webhooks.*.url', kind: 'url' },
  // Any header may carry a credential (Authorization, X-Api-Key, a robot's own header).
  { path: 'alarms.webhooks.*.headers.*', kind: 'value' },
  { path: 'alarms.imChannels.*.url', kind: 'url' },
  { path: 'alarms.imChannels.*.secret', kind: 'value' },
]

/** One secret field present in a settings object: where (`alarms.webhooks[0].headers.Authorization`), what kind, its value. */
export interface FoundSecret {
  path: string
  kind: SecretFieldKind
  value: string
}

/** The secret fields of `settings` (any object of the settings' shape) that hold a non-empty text. */
export function secretFieldsOf(settings: unknown): FoundSecret[] {
  const found: FoundSecret[] = []
  for (const field of SETTINGS_SECRET_FIELDS) {
    visit(settings, field.path.split('.'), '', (path, value) => {
      found.push({ path, kind: field.kind, value })
      return value
    })
  }
  return found
}

/** A copy of `settings` with each secret field's value replaced by `mask(field)`; the rest is shared, not copied. */
export function maskSecretFields<T>(settings: T, mask: (field: FoundSecret) => string): T {
  let out: unknown = settings
  for (const field of SETTINGS_SECRET_FIELDS) {
    out = visit(out, field.path.split('.'), '', (path, value) => mask({ path, kind: field.kind, value }))
  }
  return out as T
}

/** The settings as someone who may not read their secrets sees them: URLs as their origin, other secrets empty. */
export function withoutSettingsSecrets<T>(settings: T): T {
  return maskSecretFields(settings, (field) => (field.kind === 'url' ? urlHostOnly(field.value) : ''))
}

/**
 * Walks `segments` from `value`, calling `leaf` on every non-empty text at their end; returns the
 * value with each leaf replaced by what `leaf` answered, copying only the objects on the way to a
 * replaced leaf.
 */
function visit(value: unknown, segments: string[], path: string, leaf: (path: string, text: string) => string): unknown {
  if (segments.length === 0) return typeof value === 'string' && value !== '' ? leaf(path, value) : value
  const [head, ...rest] = segments
  if (Array.isArray(value)) {
    if (head !== '*') return value
    let copy: unknown[] | null = null
    value.forEach((item, index) => {
      const next = visit(item, rest, `${path}[${index}]`, leaf)
      if (next !== item) (copy ??= [...value])[index] = next
    })
    return copy ?? value
  }
  if (!isRecord(value)) return value
  const keys = head === '*' ? Object.keys(value) : head in value ? [head] : []
  let copy: Record<string, unknown> | null = null
  for (const key of keys) {
    const next = visit(value[key], rest, path === '' ? key : `${path}.${key}`, leaf)
    if (next !== value[key]) (copy ??= { ...value })[key] = next
  }
  return copy ?? value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
