import type { ErrorProblem } from '../../shared/errors'
import { ACCESS_TOKEN_HEADER } from '../net/wire/auth'
import { CliError } from './cli-error'

/** Where a running server is and who calls it: `--server` / JOBDESK_SERVER, `--token` / JOBDESK_API_TOKEN. */
export interface ServerOptions {
  server?: string
  token?: string
}

/** A call refused by the server, with the problems it listed (a bad set of definition files). */
export class RefusedCall extends CliError {
  constructor(
    readonly method: string,
    message: string,
    readonly problems: readonly ErrorProblem[],
  ) {
    super(`${method} refused: ${message.split('\n')[0]}`)
  }
}

/** `--server` as a URL. @throws CliError when it is not an http(s) URL. */
export function serverUrlOf(server: string): URL {
  let url: URL
  try {
    url = new URL(server)
  } catch {
    throw new CliError(`--server: '${server}' is not a URL (e.g. http://127.0.0.1:8080)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--server: '${server}' is not an http(s) URL`)
  return url
}

/** The server's OpenAPI (docs/protocol.md#job-openapi) as `jobdesk` calls it: one POST per method. */
export class ServerClient {
  private constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** @throws CliError when no server or no token is given, or the URL is not an http(s) URL. */
  static from(options: ServerOptions, env: NodeJS.ProcessEnv): ServerClient {
    const server = options.server ?? env.JOBDESK_SERVER
    const token = options.token ?? env.JOBDESK_API_TOKEN
    if (!server) throw new CliError('no server: give --server URL or set JOBDESK_SERVER (e.g. http://127.0.0.1:8080)')
    if (!token) throw new CliError('no token: give --token TOKEN or set JOBDESK_API_TOKEN (the API token, or a personal jdp_ token)')
    return new ServerClient(serverUrlOf(server).href.replace(/\/+$/, ''), token)
  }

  /** Calls `method` with `body` and returns its data. @throws RefusedCall, or CliError when the server cannot be reached. */
  async call<T>(method: string, body: unknown = {}): Promise<T> {
    const response = await this.post(`${this.baseUrl}/api/${method}`, JSON.stringify(body))
    const text = await response.text()
    let reply: { code?: number; msg?: string | null; data?: unknown }
    try {
      reply = JSON.parse(text) as typeof reply
    } catch {
      throw new CliError(`${this.baseUrl} answered ${method} with HTTP ${response.status} and no JobDesk reply: is it a JobDesk server?`)
    }
    if (reply.code !== 200) {
      const problems = (reply.data as { problems?: ErrorProblem[] } | null)?.problems ?? []
      throw new RefusedCall(method, reply.msg ?? `code ${String(reply.code)}`, problems)
    }
    return reply.data as T
  }

  /**
   * One POST, following redirects only within the server's origin (scheme, host and port), as curl
   * does without --location-trusted: the token goes only where `--server` said. fetch's own
   * following drops `Authorization` on a cross-origin hop but not the access-token header, so it
   * is not used.
   */
  /** A GET of `path` on the server with the token (a run artifact's content); the answer as it came. */
  download(path: string): Promise<Response> {
    return this.post(`${this.baseUrl}${path}`, undefined)
  }

  private async post(url: string, body: string | undefined): Promise<Response> {
    const origin = new URL(this.baseUrl).origin
    for (let hop = 0; ; hop++) {
      let response: Response
      try {
        response = await fetch(url, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), [ACCESS_TOKEN_HEADER]: this.token },
          body,
          redirect: 'manual',
        })
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        throw new CliError(`cannot reach ${this.baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`)
      }
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
      if (location === null) return response
      await response.body?.cancel()
      const next = redirectTarget(url, location)
      if (next === null || next.origin !== origin) {
        throw new CliError(`${this.baseUrl} redirected to ${location} (HTTP ${response.status}), another origin: not followed, the token was not sent there`)
      }
      if (hop >= MAX_REDIRECTS) throw new CliError(`${this.baseUrl}: more than ${MAX_REDIRECTS} redirects`)
      url = next.href
    }
  }
}

/** Same-origin redirects followed per call (curl's --max-redirs is 50; a proxy adding a prefix needs one). */
const MAX_REDIRECTS = 5

function redirectTarget(from: string, location: string): URL | null {
  try {
    return new URL(location, from)
  } catch {
    return null
  }
}
