import { request } from 'node:http'
import { AUTH_PATHS } from '../../src/shared/auth'

export interface SignInReply {
  status: number
  code: string | null
  retryAfter: string | null
  cookie: boolean
}

/** The i-th of many loopback source addresses (127.0.1.1, 127.0.1.2, …): each a caller of its own to the server. */
export function loopbackAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`
}

/** POSTs one sign-in on a connection of its own from `localAddress`, as the console's page does (same Origin). */
export function postSignIn(port: number, name: string, password: string, localAddress: string): Promise<SignInReply> {
  const body = JSON.stringify({ name, password })
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        agent: false,
        method: 'POST',
        path: AUTH_PATHS.signIn,
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } }
          resolve({
            status: res.statusCode ?? 0,
            code: json.error?.code ?? null,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            cookie: res.headers['set-cookie'] !== undefined,
          })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** GETs `path` on a connection of its own; resolves with the status and how long the whole answer took. */
export function timedGet(port: number, path = '/'): Promise<{ status: number; ms: number; bytes: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** How many of each status (e.g. `{ 401: 5, 429: 295 }`). */
export function statusCounts(replies: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1
  return counts
}
