import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'

/** One request a RecordingExecutor received. */
export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * An HTTP listener on loopback that answers every request as an XXL-JOB executor that accepts it
 * (`{"code":200}`) and records what it received — to stand at an address JobDesk was pointed to and
 * see whether anything arrived there, and with which headers.
 */
export class RecordingExecutor {
  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:<port>/` */
    readonly address: string,
    /** Every request so far, oldest first. */
    readonly requests: RecordedRequest[],
  ) {}

  static async start(): Promise<RecordingExecutor> {
    const requests: RecordedRequest[] = []
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ code: 200, msg: null }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return new RecordingExecutor(server, `http://127.0.0.1:${(server.address() as { port: number }).port}/`, requests)
  }

  /** Requests that carried a secret: an XXL-JOB access token (of any kind) or the cluster secret. */
  withSecrets(): RecordedRequest[] {
    return this.requests.filter((r) => Boolean(r.headers['xxl-job-access-token']) || Boolean(r.headers['x-jobdesk-cluster-secret']))
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections()
      this.server.close(() => resolve())
    })
  }
}
