import { createReadStream, statSync } from 'node:fs'
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
 * bridge WebSocket on the same host. Mantine injects style elements, hence 'unsafe-inline' for styles.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

/**
 * Serves the built renderer from `rootDir`. Unknown paths get index.html (the console routes in the
 * page); paths that try to leave the folder get 404. Returns false when the method isn't GET/HEAD.
 */
export function serveStatic(rootDir: string, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
  const candidate = normalize(join(rootDir, pathname))
  if (candidate !== rootDir && !candidate.startsWith(rootDir + sep)) {
    response.writeHead(404).end()
    return true
  }
  const file = isFile(candidate) ? candidate : join(rootDir, 'index.html')
  if (!isFile(file)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('The console is not built: run `npm run build` (or start with `npm run serve`, which builds it).\n')
    return true
  }
  const ext = extname(file)
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'content-security-policy': CONSOLE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Hashed asset names can be cached for good; index.html must be fresh to pick up a new build.
    'cache-control': ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
  })
  if (request.method === 'HEAD') response.end()
  else createReadStream(file).pipe(response)
  return true
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
