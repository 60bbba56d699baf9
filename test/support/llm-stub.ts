import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/** One chat-completions request as the stub received it. */
export interface StubRequest {
  authorization: string | undefined
  body: {
    model: string
    stream?: boolean
    max_tokens?: number
    messages: { role: string; content: string }[]
    response_format?: { type: string }
  }
  /** Settles when the client's connection closes (an aborted request, or the end of a reply). */
  closed: Promise<void>
}

/** What the stub answers a request: the reply's text (streamed in these parts when streaming), or nothing ever. */
export type StubAnswer =
  | {
      parts: string[]
      usage?: { prompt_tokens: number; completion_tokens: number }
      /** Answer one JSON completion even when the request asks for a stream (a server or proxy that ignores `stream`). */
      ignoreStream?: boolean
    }
  | 'hang'

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions API (`POST /v1/chat/completions`):
 * the non-streaming JSON reply and the SSE stream (`data: {chunk}` … `data: [DONE]`), the usage in
 * the last chunk as `stream_options.include_usage` asks. A `hang` answer sends headers and never a
 * byte more, so a test can wait for the client to close the connection.
 */
export class LlmStub {
  readonly requests: StubRequest[] = []
  private waiters: Array<() => void> = []

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private answer: (request: StubRequest) => StubAnswer,
  ) {}

  static async start(answer: (request: StubRequest) => StubAnswer): Promise<LlmStub> {
    let stub!: LlmStub
    const server = createServer((req, res) => void stub.handle(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    stub = new LlmStub(server, (server.address() as { port: number }).port, answer)
    return stub
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`
  }

  answerWith(answer: (request: StubRequest) => StubAnswer): void {
    this.answer = answer
  }

  /** The `index`-th request (0-based), once it has arrived. */
  async request(index: number): Promise<StubRequest> {
    while (this.requests.length <= index) await new Promise<void>((resolve) => this.waiters.push(resolve))
    return this.requests[index]
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}')
      return
    }
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()))
    const request: StubRequest = { authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), closed }
    this.requests.push(request)
    for (const wake of this.waiters.splice(0)) wake()
    const answer = this.answer(request)
    if (answer === 'hang') {
      res.writeHead(200, { 'content-type': request.body.stream ? 'text/event-stream' : 'application/json' })
      res.flushHeaders()
      return
    }
    const text = answer.parts.join('')
    const usage = answer.usage ?? null
    const base = { id: 'chatcmpl-stub', created: 1_765_000_000, model: request.body.model }
    if (!request.body.stream || answer.ignoreStream) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
          usage: usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      )
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
    const chunk = (delta: object, finish: string | null) => ({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })
    event(chunk({ role: 'assistant', content: '' }, null))
    for (const part of answer.parts) event(chunk({ content: part }, null))
    event(chunk({}, 'stop'))
    if (usage)
      event({ ...base, object: 'chat.completion.chunk', choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })
    res.end('data: [DONE]\n\n')
  }
}
