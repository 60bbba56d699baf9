import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

/**
 * The console's CSP for browsers (headless mode): only this origin's scripts and styles, and the
 * bridge WebSocket on the same host. Mantine injects style elements, hence 'unsafe-inline' for styles;
 * blob: images are a run artifact's preview, made by the page from a file it fetched.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

/** Files up to this size are kept in memory, up to this much in all (the built console is under 4 MB). */
export const STATIC_CACHE_LIMITS = { fileBytes: 8 * 1024 * 1024, totalBytes: 64 * 1024 * 1024 }

interface CachedFile {
  mtimeMs: number
  size: number
  body: Buffer
}

/** Bodies by absolute path, oldest read first; `cachedBytes` is their sum. */
const cache = new Map<string, CachedFile>()
let cachedBytes = 0

/** The console is one page (it routes in the URL's hash): `/`, and `/index.html` by name. */
function isPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html'
}

/**
 * Serves the built renderer from `rootDir`: its files, and index.html for `/`; anything else, and
 * paths that try to leave the folder, get 404. Returns false when the method isn't GET/HEAD.
 *
 * Each file is read once, synchronously, and then answered from memory for as long as its mtime
 * and size stay the same: an fs stream would wait for libuv's thread pool, which a burst of scrypt
 * sign-ins (../auth/password.ts) can keep busy for seconds. Only a file over
 * STATIC_CACHE_LIMITS.fileBytes is streamed.
 */
export function serveStatic(rootDir: string, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
  const candidate = normalize(join(rootDir, pathname))
  if (candidate !== rootDir && !candidate.startsWith(rootDir + sep)) {
    response.writeHead(404).end()
    return true
  }
  let file = candidate
  let stats = fileStats(candidate)
  if (!stats && !isPage(pathname)) {
    // A missing asset, an API path asked for with GET, a typo: not found, not the console's page
    // (which would answer a script with HTML, and a probe with 200).
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
    response.end(request.method === 'HEAD' ? undefined : `Not found: ${pathname.slice(0, 200)}\n`)
    return true
  }
  if (!stats) {
    file = join(rootDir, 'index.html')
    stats = fileStats(file)
  }
  if (!stats) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('The console is not built: run `npm run build` (or start with `npm run serve`, which builds it).\n')
    return true
  }
  const body = stats.size <= STATIC_CACHE_LIMITS.fileBytes ? cachedBody(file, stats) : null
  const ext = extname(file)
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    ...(body ? { 'content-length': body.length } : {}),
    'content-security-policy': CONSOLE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Hashed asset names can be cached for good; index.html must be fresh to pick up a new build.
    'cache-control': ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
  })
  if (request.method === 'HEAD') response.end()
  else if (body) response.end(body)
  else createReadStream(file).pipe(response)
  return true
}

function cachedBody(file: string, stats: Stats): Buffer {
  const hit = cache.get(file)
  if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit.body
  if (hit) forget(file, hit)
  const body = readFileSync(file)
  while (cache.size > 0 && cachedBytes + body.length > STATIC_CACHE_LIMITS.totalBytes) {
    const [oldest, entry] = cache.entries().next().value!
    forget(oldest, entry)
  }
  // A file rewritten between the stat and the read is read again next time (its size or mtime differ).
  cache.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, body })
  cachedBytes += body.length
  return body
}

function forget(file: string, entry: CachedFile): void {
  cache.delete(file)
  cachedBytes -= entry.body.length
}

function fileStats(path: string): Stats | null {
  try {
    const stats = statSync(path)
    return stats.isFile() ? stats : null
  } catch {
    return null
  }
}
