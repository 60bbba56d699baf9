/** How deep a result is walked: far deeper than any tool's answer, a bound for a value that loops. */
const MAX_DEPTH = 64

/**
 * A copy of a tool's result with `redact` applied to every text in it, however deep: the defence
 * behind the tools' own rule (they answer references, never values), so a secret value that slipped
 * into a handle message, a log line or a parameter is masked before it leaves the server.
 */
export function redactResult<T>(value: T, redact: (text: string) => string): T {
  return walk(value, redact, 0) as T
}

function walk(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return redact(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return null
  if (Array.isArray(value)) return value.map((item) => walk(item, redact, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[key] = walk(item, redact, depth + 1)
  return out
}
