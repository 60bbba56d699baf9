import { HANDLE_CODE } from '../../../shared/model'
import { loadUndici } from '../../kernel/lazy-undici'
import type { JobContext, JobHandler, JobResult } from './handler-contract'
import { parseAllowEntry, type HttpAllowList } from './http-allowlist'
import { parseHttpJobParam } from './http-job-param'

export { parseHttpJobParam } from './http-job-param'

/**
 * Most bytes of a response read, and copied into the run log. The rest is never read: the
 * connection is dropped, so a job that downloads a large file costs the executor this much memory,
 * not the file.
 */
export const RESPONSE_PREFIX_BYTES = 4096

/**
 * Calls a URL (see http-job-param.ts for the two parameter formats); a status outside 2xx fails the
 * run (XXL-JOB's sample counts any reply as success). Redirects are not followed, so a redirect
 * cannot lead outside `allowPrefixes`.
 */
export function createHttpJobHandler(allowPrefixes: readonly string[] | 'any'): JobHandler {
  // Checked at start (agent arguments, createExecutor); parsed once here.
  const allow: HttpAllowList = allowPrefixes === 'any' ? 'any' : allowPrefixes.map(parseAllowEntry).filter((entry) => typeof entry !== 'string')
  return async function httpJobHandler(ctx: JobContext): Promise<JobResult> {
    const parsed = parseHttpJobParam(ctx.param, allow)
    if (typeof parsed === 'string') return { code: HANDLE_CODE.fail, msg: parsed }
    ctx.log(`${parsed.method} ${parsed.url}`)
    for (const note of parsed.notes) ctx.log(note)
    const signals = [ctx.signal]
    if (parsed.totalTimeoutMs !== undefined) signals.push(AbortSignal.timeout(parsed.totalTimeoutMs))
    let statusCode: number
    let prefix: ResponsePrefix
    try {
      const { request } = await loadUndici()
      const response = await request(parsed.url, {
        method: parsed.method as 'GET',
        headers: parsed.headers,
        body: parsed.body,
        signal: AbortSignal.any(signals),
        headersTimeout: parsed.waitTimeoutMs,
        bodyTimeout: parsed.waitTimeoutMs,
      })
      statusCode = response.statusCode
      prefix = await readPrefix(response.body, RESPONSE_PREFIX_BYTES)
      const length = response.headers['content-length']
      if (prefix.cut) prefix.note = `first ${prefix.bytes} bytes${typeof length === 'string' ? ` of ${length}` : ''}; the rest was not read`
    } catch (error) {
      return { code: HANDLE_CODE.fail, msg: `${parsed.method} ${parsed.url} failed: ${(error as Error).message}` }
    }
    ctx.log(`status: ${statusCode}`)
    ctx.log(prefix.note ? `body (${prefix.note}): ${prefix.text}` : `body: ${prefix.text}`)
    if (statusCode < 200 || statusCode > 299) return { code: HANDLE_CODE.fail, msg: `http status ${statusCode} from ${parsed.url}` }
    return `http status ${statusCode}`
  }
}

interface ResponsePrefix {
  text: string
  bytes: number
  /** True when the body went on past the prefix. */
  cut: boolean
  note?: string
}

/** Reads at most `maxBytes` of a body, then destroys the stream (the rest is never received). */
export async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number): Promise<ResponsePrefix> {
  const chunks: Buffer[] = []
  let bytes = 0
  let cut = false
  for await (const chunk of body) {
    const room = maxBytes - bytes
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
    bytes += Math.min(chunk.length, room)
    if (chunk.length > room) {
      cut = true
      break
    }
  }
  if (cut) body.destroy()
  // A character cut at the end decodes as U+FFFD rather than failing.
  return { text: Buffer.concat(chunks).toString('utf8'), bytes, cut }
}
