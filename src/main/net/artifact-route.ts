import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { ReadStream } from 'node:fs'
import { artifactNameProblem, type ArtifactView } from '../../shared/artifacts-api'
import type { Principal } from '../../shared/principal'
import type { KeepResult } from '../artifacts/artifact-store'
import type { Redeemed } from '../artifacts/artifact-links'
import { AuthFailureGuard, tooManyFailuresMessage } from '../kernel/rate-limit'
import { ACCESS_TOKEN_HEADER, headerValue } from './wire/auth'

/** `/api/artifacts/<run id>/<name>`: GET reads a kept file, PUT is an agent's upload (docs/artifacts.md). */
const ARTIFACT_PATH = /^\/(?:xxl-job-admin\/)?api\/artifacts\/(\d{1,15})\/([^/]+)$/
/** `/api/artifact-links/<token>`: a flow node's one-time link to another node's artifact (artifacts/artifact-links.ts). */
const LINK_PATH = /^\/(?:xxl-job-admin\/)?api\/artifact-links\/([A-Za-z0-9_.-]{1,4096})$/

export interface ArtifactRouteDeps {
  /** Who a GET is: its session cookie, or a token as the OpenAPI takes it; null when neither checks out. */
  reader(request: IncomingMessage, source: string): Promise<Principal | null>
  /** The run's artifacts as `principal` may list them: the run's group read rule (throws when not). */
  list(principal: Principal, runId: number, source: string): Promise<ArtifactView[]>
  open(runId: number, name: string): Promise<{ view: ArtifactView; content: ReadStream } | null>
  /** Whether the PUT's executor credential may report this run (the callback's scope), audited when not. */
  mayUpload(request: IncomingMessage, runId: number, source: string): Promise<{ ok: true } | { ok: false; msg: string }>
  keep(runId: number, name: string, body: AsyncIterable<Uint8Array>, declaredSize: number | undefined): Promise<KeepResult>
  /** Checks a one-time link and uses it up. */
  redeem(token: string, nowMs: number): Promise<Redeemed>
  nowMs(): number
}

/**
 * The artifacts' HTTP route. A read is refused alike (404) for a run that does not exist, one the
 * caller may not read, and a name the run has not: the answer does not tell them apart. What is
 * served is never run by the browser: text as text/plain, images as themselves, everything else as
 * bytes, with nosniff, a sandboxing CSP and an attachment disposition.
 */
export function artifactRoute(deps: ArtifactRouteDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const failures = new AuthFailureGuard()
  return async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const link = LINK_PATH.exec(path)
    if (link) return fetchByLink(request, response, link[1])
    const match = ARTIFACT_PATH.exec(path)
    if (!match) return false
    const runId = Number(match[1])
    let name: string
    try {
      name = decodeURIComponent(match[2])
    } catch {
      return answer(response, 400, 'malformed artifact name')
    }
    const source = request.socket.remoteAddress ?? 'unknown'
    if (request.method === 'PUT') return upload(request, response, runId, name, source)
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'GET or PUT only')
    const presented = headerValue(request.headers, ACCESS_TOKEN_HEADER) ?? request.headers.cookie ?? ''
    const blockedMs = failures.blockedForMs(source, presented, deps.nowMs())
    if (blockedMs > 0) return answer(response, 429, tooManyFailuresMessage(blockedMs))
    const principal = await deps.reader(request, source)
    if (!principal) {
      failures.fail(source, presented, deps.nowMs())
      return answer(response, 401, 'sign in, or send an API token in the XXL-JOB-ACCESS-TOKEN header')
    }
    failures.succeed(source, presented, deps.nowMs())
    const listed = await deps.list(principal, runId, source).catch(() => null)
    const opened = listed?.some((a) => a.name === name) ? await deps.open(runId, name) : null
    if (!opened) return answer(response, 404, `run ${runId} has no artifact of that name`)
    return serve(request, response, name, opened)
  }

  async function fetchByLink(request: IncomingMessage, response: ServerResponse, token: string): Promise<true> {
    if (request.method !== 'GET') return answer(response, 405, 'GET only')
    const redeemed = await deps.redeem(token, deps.nowMs())
    if (!redeemed.ok) return answer(response, 403, `artifact link refused: ${redeemed.reason}`)
    const opened = await deps.open(redeemed.runId, redeemed.name)
    if (!opened) return answer(response, 404, `run ${redeemed.runId} has no artifact of that name`)
    return serve(request, response, redeemed.name, opened)
  }

  async function serve(request: IncomingMessage, response: ServerResponse, name: string, opened: { view: ArtifactView; content: ReadStream }): Promise<true> {
    response.writeHead(200, {
      'content-type': servedType(opened.view.contentType),
      'content-length': opened.view.size,
      'content-disposition': dispositionOf(name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    })
    if (request.method === 'HEAD') {
      opened.content.destroy()
      response.end()
      return true
    }
    await pipeline(opened.content, response).catch(() => response.destroy())
    return true
  }

  async function upload(request: IncomingMessage, response: ServerResponse, runId: number, name: string, source: string): Promise<true> {
    const allowed = await deps.mayUpload(request, runId, source)
    if (!allowed.ok) return drained(request, answer(response, 403, allowed.msg, true))
    const problem = artifactNameProblem(name)
    if (problem) return drained(request, answer(response, 400, `artifact ${JSON.stringify(name)}: refused, ${problem}`, true))
    const length = request.headers['content-length']
    const declared = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined
    const result = await deps.keep(runId, name, request, declared)
    if ('refused' in result) return drained(request, answer(response, 413, result.refused, true))
    return answer(response, 200, JSON.stringify(result.kept), true, 'application/json')
  }
}

/** What a kept type is served as: never a type the browser would run or render as a page. */
export function servedType(contentType: string): string {
  if (contentType.startsWith('text/') || contentType === 'application/json') return 'text/plain; charset=utf-8'
  if (/^image\/(png|jpeg|gif|webp)$/.test(contentType)) return contentType
  return 'application/octet-stream'
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function dispositionOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\;%]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

function answer(response: ServerResponse, status: number, text: string, close = false, type = 'text/plain; charset=utf-8'): true {
  const body = type === 'application/json' ? text : `${text}\n`
  response.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    ...(close ? { connection: 'close' } : {}),
  })
  response.end(body)
  return true
}

/** A refused upload's body is not read: the connection closes after the answer. */
function drained(request: IncomingMessage, done: true): true {
  request.resume()
  return done
}
