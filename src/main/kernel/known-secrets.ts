import type { LogLevel, Logger } from './logger'

/** What a secret's value is replaced with in a log line or a result text. */
export const REDACTED = '[redacted]'
/**
 * Values shorter than this are not looked for: "root" or "1234" would cut ordinary words out of
 * every line, and a credential that short protects nothing anyway. Every token JobDesk makes has 43.
 */
export const SECRET_MIN_CHARS = 6
/** Nested fields of a log line deeper than this are left as they are (log fields are flat in practice). */
const MAX_DEPTH = 6

/**
 * The secret values this process holds now — its tokens, the alarm channels' credentials, the
 * groups' tokens, the trigger URLs' secrets, the cluster secret — and the one redaction that takes
 * them out of a text. Each source (settings, groups, hooks…) replaces its own values whenever they
 * change; the set is compiled into one regular expression on the first redaction after a change.
 * With nothing known a redaction is a length check; otherwise one regex scan of the text, a few
 * microseconds for a log line.
 */
export class KnownSecrets {
  private readonly sources = new Map<string, readonly string[]>()
  private pattern: RegExp | null = null
  private stale = false

  /** Replaces what `source` knows with `values` (short and empty ones are dropped). */
  set(source: string, values: Iterable<string>): void {
    const kept = new Set<string>()
    for (const value of values) {
      if (value.length < SECRET_MIN_CHARS) continue
      kept.add(value)
      // A secret in a URL or a form body is written percent-encoded.
      const encoded = encodeURIComponent(value)
      if (encoded !== value) kept.add(encoded)
    }
    this.sources.set(source, [...kept])
    this.stale = true
  }

  /** `text` with every known secret in it replaced by REDACTED. */
  redact(text: string): string {
    const pattern = this.compiled()
    if (pattern === null || text.length < SECRET_MIN_CHARS) return text
    return text.replace(pattern, REDACTED)
  }

  /** A copy of `value` with every text in it redacted: strings, and the items and fields of lists and plain objects. */
  redactDeep<T>(value: T): T {
    if (this.compiled() === null) return value
    return this.deep(value, 0) as T
  }

  private deep(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.redact(value)
    if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value
    if (Array.isArray(value)) return value.map((item) => this.deep(item, depth + 1))
    if (value instanceof Error) return this.redact(value.message)
    if (Object.getPrototypeOf(value) !== Object.prototype) return value
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = this.deep(item, depth + 1)
    return out
  }

  private compiled(): RegExp | null {
    if (!this.stale) return this.pattern
    this.stale = false
    // Longest first: a secret that contains another is replaced whole.
    const values = [...new Set([...this.sources.values()].flat())].sort((a, b) => b.length - a.length)
    this.pattern = values.length === 0 ? null : new RegExp(values.map(escapeRegExp).join('|'), 'g')
    return this.pattern
  }
}

/** Every line `logger` writes, its message and its fields, first passed through `secrets`' redaction. */
export function redactingLogger(logger: Logger, secrets: KnownSecrets): Logger {
  const write =
    (level: LogLevel) =>
    (msg: string, fields?: Record<string, unknown>): void =>
      logger[level](secrets.redact(msg), fields && secrets.redactDeep(fields))
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
