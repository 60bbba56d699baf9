import { connect, type Socket } from 'node:net'

/** What came back for raw request bytes: the first response, or how the connection ended without one. */
export type RawAnswer =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: 'closed'; received: Buffer }
  | { kind: 'timeout'; received: Buffer }
  | { kind: 'error'; message: string }

export interface RawRequestOptions {
  host?: string
  /** Source address on loopback (127.0.0.0/8), so one test can be several callers. */
  localAddress?: string
  timeoutMs?: number
  /** A HEAD request's response has headers only. */
  headOnly?: boolean
  /** Reads nothing until the last byte is written, as a busy client does: a reset meanwhile throws the answer away. */
  readAfterWrite?: boolean
}

/**
 * Writes `bytes` on a fresh TCP connection exactly as given (no client fixing anything up) and
 * reads the first HTTP response: Content-Length, chunked, or close-delimited.
 */
export function sendRaw(port: number, bytes: Buffer, options: RawRequestOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: options.host ?? '127.0.0.1', localAddress: options.localAddress })
    let received = Buffer.alloc(0)
    let settled = false
    const finish = (answer: RawAnswer): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(() => finish({ kind: 'timeout', received }), options.timeoutMs ?? 15_000)
    if (options.readAfterWrite) socket.pause()
    socket.on('connect', () => socket.write(bytes, (error) => !error && socket.resume()))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const response = parseResponse(received, false, options.headOnly ?? false)
      if (response) finish(response)
    })
    socket.on('end', () => finish(parseResponse(received, true, options.headOnly ?? false) ?? { kind: 'closed', received }))
    socket.on('close', () => finish(parseResponse(received, true, options.headOnly ?? false) ?? { kind: 'closed', received }))
    // A reset after the server answered and closed is normal when the request was not read in full.
    socket.on('error', (error) => finish(parseResponse(received, true, options.headOnly ?? false) ?? { kind: 'error', message: error.message }))
  })
}

/** The first complete response in `data`, or null while more is needed (`ended`: no more will come). */
export function parseResponse(data: Buffer, ended: boolean, headOnly: boolean): Extract<RawAnswer, { kind: 'response' }> | null {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd < 0) return null
  const lines = data.subarray(0, headEnd).toString('latin1').split('\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0])
  if (!status) return null
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const code = Number(status[1])
  const rest = data.subarray(headEnd + 4)
  if (headOnly || code === 204 || code === 304 || (code >= 100 && code < 200)) {
    // A 100 Continue is followed by the real response.
    if (code >= 100 && code < 200 && code !== 101) return parseResponse(rest, ended, headOnly)
    return { kind: 'response', status: code, headers, body: Buffer.alloc(0) }
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    if (rest.length < length) return ended ? { kind: 'response', status: code, headers, body: rest } : null
    return { kind: 'response', status: code, headers, body: rest.subarray(0, length) }
  }
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest)
    if (body) return { kind: 'response', status: code, headers, body }
    return ended ? { kind: 'response', status: code, headers, body: rest } : null
  }
  return ended ? { kind: 'response', status: code, headers, body: rest } : null
}

function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) return null
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
    if (!Number.isFinite(size)) return null
    if (size === 0) return Buffer.concat(parts)
    if (data.length < lineEnd + 2 + size + 2) return null
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

/** Request bytes from parts; the caller decides every header, Content-Length included. */
export function requestBytes(requestLine: string, headers: [string, string][], body: Buffer = Buffer.alloc(0)): Buffer {
  const head = [requestLine, ...headers.map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n')
  return Buffer.concat([Buffer.from(head, 'latin1'), body])
}

/** The body of a response as a JSON envelope, or null when it is not one. */
export function envelopeOf(answer: RawAnswer): { code: unknown; msg: unknown } | null {
  if (answer.kind !== 'response') return null
  try {
    const json: unknown = JSON.parse(answer.body.toString('utf8'))
    return typeof json === 'object' && json !== null && 'code' in json ? (json as { code: unknown; msg: unknown }) : null
  } catch {
    return null
  }
}

export interface EnvelopeReply {
  status: number
  code: number
  msg: string | null
  data: unknown
  /** The reply's size in bytes (a refusal must not echo a megabyte value). */
  bytes: number
}

/**
 * POSTs a JSON body (text as given) to a loopback server and reads its `{code,msg,data}` envelope;
 * throws when the answer is not one.
 */
export async function postEnvelope(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
  options: RawRequestOptions = {},
): Promise<EnvelopeReply> {
  const payload = Buffer.from(body, 'utf8')
  const head: [string, string][] = [
    ['Host', '127.0.0.1'],
    ['Content-Type', 'application/json'],
    ...Object.entries(headers),
    ['Content-Length', String(payload.length)],
  ]
  const answer = await sendRaw(port, requestBytes(`POST ${path} HTTP/1.1`, head, payload), options)
  const envelope = envelopeOf(answer) as { code: number; msg: string | null; data?: unknown } | null
  if (answer.kind !== 'response' || !envelope) {
    throw new Error(
      `no envelope from POST ${path}: ${answer.kind === 'response' ? `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}` : answer.kind}`,
    )
  }
  return { status: answer.status, code: envelope.code, msg: envelope.msg, data: envelope.data, bytes: answer.body.length }
}
