import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

export interface ReceivedMail {
  /** Envelope MAIL FROM. */
  from: string
  /** Envelope RCPT TO, in order. */
  to: string[]
  /** The login the client used, if any. */
  user?: string
  /** The message as transmitted (headers and MIME body). */
  raw: string
}

export interface MailSink {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 with an ephemeral port and no TLS, keeping every message it
 * accepts. `options` override the handlers, e.g. to reject recipients or require a login.
 */
export async function startMailSink(options: Partial<SMTPServerOptions> = {}): Promise<MailSink> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
    ...options,
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface ParsedMail {
  headers: Map<string, string>
  subject: string
  text: string
  html: string
}

/**
 * Just enough MIME to read what nodemailer writes: unfolded headers, RFC 2047 subjects, and the
 * text/plain and text/html parts of a multipart/alternative body in quoted-printable, base64 or 7bit.
 */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw)
  const parsed: ParsedMail = { headers, subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' }
  const parts = multipartParts(headers, body) ?? [raw]
  for (const part of parts) {
    const entity = splitEntity(part)
    const type = entity.headers.get('content-type') ?? 'text/plain'
    const content = decodeTransfer(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit')
    if (type.startsWith('text/plain')) parsed.text = content
    if (type.startsWith('text/html')) parsed.html = content
  }
  return parsed
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function multipartParts(headers: Map<string, string>, body: string): string[] | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1]
  if (!boundary) return null
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => part.replace(/^\r\n/, ''))
}

function decodeTransfer(body: string, encoding: string): string {
  const trimmed = body.replace(/\r\n$/, '')
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return decodeQuotedPrintable(trimmed.replace(/=\r\n/g, '')).replace(/\r\n/g, '\n')
    default:
      return trimmed.replace(/\r\n/g, '\n')
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words; whitespace between two adjacent words disappears. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}
