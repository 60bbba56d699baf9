import fc from 'fast-check'
import { describeHostile, jsonText, loopbackOnly, type Hostile } from './fuzz-values'
import { requestBytes } from './raw-http'

/**
 * A fuzzed HTTP request to one endpoint, as a small description (printable, shrinkable) that
 * `encodeRequest` turns into raw bytes: odd methods and URLs, every way to get the credentials
 * wrong, odd headers, and bodies from valid-but-mutated JSON to invalid UTF-8 and deep nesting.
 */
export interface FuzzRequest {
  method: string
  path: string
  auth: Auth
  contentType: string | null
  extraHeaders: [string, string][]
  body: BodyForm
  framing: 'length' | 'chunked' | 'short' | 'none'
}

export type Auth = 'token' | 'wrong' | 'missing' | 'empty' | 'padded' | 'twice' | 'huge' | 'group' | 'group-other-app' | 'app-only'

export type BodyForm =
  | { kind: 'json'; value: Hostile }
  | { kind: 'truncated'; value: Hostile; keep: number }
  | { kind: 'bad-utf8'; value: Hostile; at: number; bytes: number[] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'empty' }

/** The credentials a request may present, by role. */
export interface Credentials {
  token: string
  groupToken: string
  groupApp: string
}

const INVALID_UTF8 = [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc0, 0xaf]]
const JSONISH = ['NaN', 'Infinity', "{'a':1}", '{"a":1,}', '\ufeff{}', '{"a":1}garbage', '{"a":1}{"a":2}', '[', '"', '{"a"', '1e999', '-', 'nul', ' \n ']
const ODD_HEADERS: [string, string][] = [
  ['Expect', '100-continue'],
  ['Connection', 'close'],
  ['Connection', 'Upgrade'],
  ['Upgrade', 'websocket'],
  ['Content-Encoding', 'gzip'],
  ['X-Forwarded-For', '10.9.8.7'],
  ['Accept', '*/*;q=0.1, text/html'],
  ['Cookie', `a=${'b'.repeat(2000)}`],
  ['Content-Type', 'application/json'],
  ['X-Odd', 'caf\u00e9 \u00ff'],
  ['Transfer-Encoding', 'identity'],
]
const CONTENT_TYPES = [
  'application/json',
  'application/json;charset=UTF-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '',
]

/** Where to send: the endpoint under both context paths, with spellings that still name it. */
export function endpointPath(pathname: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(pathname, `/xxl-job-admin${pathname}`) },
    { weight: 1, arbitrary: fc.constantFrom(`${pathname}/`, `${pathname}?x=1&x=2`, `/xxl-job-admin${pathname}/?a=%zz`, `http://127.0.0.1${pathname}`) },
  )
}

/** URLs that are odd in themselves: bad escapes, traversal, huge, absolute-form, not a path at all. */
export function oddPath(pathname: string): fc.Arbitrary<string> {
  const method = pathname.replace(/^\/api\//, '')
  return fc.constantFrom(
    `${pathname}%zz`,
    '/%zz',
    '/%',
    '/api/%zz',
    '/xxl-job-admin/api/%E0%A4%A',
    '/assets/%zz.js',
    '/index.html?%zz',
    '/..%2f..%2fetc%2fpasswd',
    `//api/${method}`,
    `/api/./${method}`,
    `${pathname}%00`,
    `/API/${method}`,
    `${pathname};jsessionid=1`,
    '*',
    '/',
    '/bridge',
    '/api/',
    `/${'a'.repeat(9000)}${pathname}`,
    `${pathname}\u00e9`,
    `/api/${method}/../registry`,
    `/xxl-job-admin/api/${method}x`,
  )
}

export function fuzzRequest(path: fc.Arbitrary<string>, body: fc.Arbitrary<Hostile>): fc.Arbitrary<FuzzRequest> {
  const bodyForm: fc.Arbitrary<BodyForm> = fc.oneof(
    { weight: 8, arbitrary: body.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncated' as const), value: body, keep: fc.double({ min: 0, max: 1, noNaN: true }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bad-utf8' as const),
        value: body,
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        bytes: fc.constantFrom(...INVALID_UTF8),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.constantFrom(...JSONISH), fc.string({ maxLength: 60, unit: 'grapheme' })).map((text) => ({ kind: 'text' as const, text })),
    },
    { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map((bytes) => ({ kind: 'bytes' as const, bytes })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  )
  return fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant('POST') },
      { weight: 3, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'post', 'P0ST') },
    ),
    path,
    auth: fc.oneof(
      { weight: 10, arbitrary: fc.constant<Auth>('token') },
      { weight: 4, arbitrary: fc.constantFrom<Auth>('wrong', 'missing', 'empty', 'padded', 'twice', 'huge', 'group', 'group-other-app', 'app-only') },
    ),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: null }),
    extraHeaders: fc.subarray(ODD_HEADERS, { maxLength: 2 }),
    body: bodyForm,
    framing: fc.oneof(
      { weight: 8, arbitrary: fc.constant('length' as const) },
      { weight: 2, arbitrary: fc.constantFrom('chunked' as const, 'short' as const, 'none' as const) },
    ),
  })
}

export function bodyBytes(body: BodyForm): Buffer {
  switch (body.kind) {
    case 'json':
      return Buffer.from(loopbackOnly(jsonText(body.value)), 'utf8')
    case 'truncated': {
      const text = Buffer.from(loopbackOnly(jsonText(body.value)), 'utf8')
      return text.subarray(0, Math.floor(text.length * body.keep))
    }
    case 'bad-utf8': {
      const text = Buffer.from(loopbackOnly(jsonText(body.value)), 'utf8')
      const at = Math.floor(text.length * body.at)
      return Buffer.concat([text.subarray(0, at), Buffer.from(body.bytes), text.subarray(at)])
    }
    case 'text':
      return Buffer.from(loopbackOnly(body.text), 'utf8')
    case 'bytes':
      return Buffer.from(body.bytes)
    case 'empty':
      return Buffer.alloc(0)
  }
}

function authHeaders(auth: Auth, credentials: Credentials, tokenHeader: string): [string, string][] {
  const token = (value: string): [string, string] => [tokenHeader, value]
  const app = (value: string): [string, string] => ['XXL-JOB-APPNAME', value]
  switch (auth) {
    case 'token':
      return [token(credentials.token)]
    case 'wrong':
      return [token(`${credentials.token}x`)]
    case 'missing':
      return []
    case 'empty':
      return [token('')]
    case 'padded':
      return [token(`  ${credentials.token}\t`)]
    case 'twice':
      return [token(credentials.token), token('other')]
    case 'huge':
      return [token('t'.repeat(20_000))]
    case 'group':
      return [token(credentials.groupToken), app(credentials.groupApp)]
    case 'group-other-app':
      return [token(credentials.groupToken), app('jobdesk-embedded')]
    case 'app-only':
      return [app(credentials.groupApp)]
  }
}

/**
 * The raw bytes of a fuzzed request (Host always set, unless the request line itself is odd).
 * `tokenHeader`: where the credential goes (the node route takes the cluster secret in its own header).
 */
export function encodeRequest(request: FuzzRequest, credentials: Credentials, tokenHeader = 'XXL-JOB-ACCESS-TOKEN'): Buffer {
  const body = bodyBytes(request.body)
  const headers: [string, string][] = [['Host', '127.0.0.1'], ...authHeaders(request.auth, credentials, tokenHeader)]
  if (request.contentType !== null) headers.push(['Content-Type', request.contentType])
  headers.push(...request.extraHeaders)
  let payload = body
  if (request.framing === 'length') headers.push(['Content-Length', String(body.length)])
  if (request.framing === 'short') headers.push(['Content-Length', String(Math.floor(body.length / 2))])
  if (request.framing === 'none') payload = Buffer.alloc(0)
  if (request.framing === 'chunked') {
    headers.push(['Transfer-Encoding', 'chunked'])
    const half = Math.floor(body.length / 2)
    const chunks = [body.subarray(0, half), body.subarray(half)].filter((c) => c.length > 0)
    payload = Buffer.concat([...chunks.flatMap((c) => [Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')])
  }
  return requestBytes(`${request.method} ${request.path} HTTP/1.1`, headers, payload)
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === 'json' || request.body.kind === 'truncated' || request.body.kind === 'bad-utf8'
      ? { ...request.body, value: describeHostile(request.body.value) }
      : request.body
  return JSON.stringify({ ...request, path: request.path.length > 120 ? `${request.path.slice(0, 120)}…(${request.path.length})` : request.path, body })
}

/** A plain, well-formed request carrying `value`: for the known hard cases a property starts with. */
export function plainRequest(path: string, value: Hostile): FuzzRequest {
  return { method: 'POST', path, auth: 'token', contentType: 'application/json', extraHeaders: [], body: { kind: 'json', value }, framing: 'length' }
}
