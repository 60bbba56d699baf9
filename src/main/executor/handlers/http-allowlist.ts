import { ValidationError } from '../../../shared/errors'

/**
 * Which URLs httpJobHandler may call. An entry is an origin (scheme, host, port) and a path prefix
 * that ends on a segment boundary, compared on parsed URLs: `http://10.0.0.5` admits
 * `http://10.0.0.5/x` but neither `http://10.0.0.5.evil.com/` (another host) nor
 * `http://10.0.0.5@evil.com/` (10.0.0.5 is a user name there; the host is evil.com); `http://h/api`
 * admits `/api` and `/api/v1`, not `/apis`. A raw `startsWith` admitted all of those.
 */
export interface AllowEntry {
  /** The entry as the operator wrote it, for messages. */
  text: string
  protocol: 'http:' | 'https:'
  hostname: string
  /** The effective port: the scheme's default when the entry names none. */
  port: string
  /** Normalized path without a trailing slash ('' for the whole origin). */
  pathPrefix: string
}

export type HttpAllowList = readonly AllowEntry[] | 'any'

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/** Parses one allowlist entry; a string is the reason it is not one. */
export function parseAllowEntry(text: string): AllowEntry | string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'is not a URL (expected http(s)://host[:port][/path])'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://'
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password (user@host)'
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?) or fragment (#): an entry is an origin and a path prefix'
  if (url.hostname === '') return 'names no host'
  return {
    text,
    protocol: url.protocol,
    hostname: url.hostname,
    port: effectivePort(url),
    pathPrefix: url.pathname.replace(/\/+$/, ''),
  }
}

/** Parses every entry, or throws an Error naming the first bad one (for start-up checks). */
export function parseAllowList(entries: readonly string[] | 'any', what = 'httpAllowPrefixes'): HttpAllowList {
  if (entries === 'any') return 'any'
  return entries.map((text) => {
    const entry = parseAllowEntry(text)
    if (typeof entry === 'string') throw new ValidationError(what, `'${cut(text)}' ${entry}`)
    return entry
  })
}

/** True when `url` is inside one of the entries (same scheme, host and port; path on a segment boundary). */
export function isAllowed(url: URL, allow: HttpAllowList): boolean {
  if (allow === 'any') return true
  const port = effectivePort(url)
  return allow.some(
    (entry) =>
      entry.protocol === url.protocol &&
      entry.hostname === url.hostname &&
      entry.port === port &&
      (entry.pathPrefix === '' || url.pathname === entry.pathPrefix || url.pathname.startsWith(`${entry.pathPrefix}/`)),
  )
}

function effectivePort(url: URL): string {
  return url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? '') : url.port
}

function cut(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text
}
