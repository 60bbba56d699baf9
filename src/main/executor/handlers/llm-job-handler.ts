import type OpenAI from 'openai'
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions'
import type { Stream } from 'openai/streaming'
import { HANDLE_CODE } from '../../../shared/model'
import type { LlmRunConfig } from '../executor-api'
import type { JobContext, JobResult } from './handler-contract'
import { parseLlmJobParam } from './llm-job-param'
import { ReplyLines } from './reply-lines'
import { isAllowed, parseAllowEntry, type HttpAllowList } from './http-allowlist'

/** The run's context as the runner gives it to this handler: with its group's provider (run-handler.ts). */
export type LlmJobContext = JobContext & { readonly llmProvider?: LlmRunConfig }

interface Usage {
  prompt_tokens: number
  completion_tokens: number
}

/**
 * Sends its parameter to its group's LLM provider (docs/llm-steps.md) through an OpenAI-compatible
 * chat-completions API and succeeds with the model's reply: its handle message, in a flow the
 * node's output. The reply streams into the run log line by line; tokens and latency end it.
 * No retries of its own (the job's retries apply); a kill, the job's timeout or the provider's
 * `timeoutSec` abort the HTTP request. The API's URL must be one the executor may call, as
 * httpJobHandler's (`--http-allow` on an agent; the embedded executor may call any).
 */
export function createLlmJobHandler(allowPrefixes: readonly string[] | 'any'): (ctx: LlmJobContext) => Promise<JobResult> {
  // Checked at start (agent arguments, createExecutor); parsed once here.
  const allow: HttpAllowList = allowPrefixes === 'any' ? 'any' : allowPrefixes.map(parseAllowEntry).filter((entry) => typeof entry !== 'string')
  return (ctx) => runLlmStep(ctx, allow)
}

async function runLlmStep(ctx: LlmJobContext, allow: HttpAllowList): Promise<JobResult> {
  const provider = ctx.llmProvider
  if (!provider) return failed('llmJobHandler: this run carries no LLM provider (its group has none, or it was not triggered by JobDesk)')
  const request = parseLlmJobParam(ctx.param)
  if (typeof request === 'string') return failed(request)
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/chat/completions`
  if (!URL.canParse(url)) return failed(`llmJobHandler: the provider's base URL ${JSON.stringify(provider.baseUrl)} is not a URL`)
  if (!isAllowed(new URL(url), allow)) {
    const allowed = allow === 'any' ? 'any' : allow.map((entry) => entry.text).join(', ') || 'none'
    return failed(`llmJobHandler: ${url} is not allowed on this executor (allowed: ${allowed}; an agent's --http-allow)`)
  }
  ctx.log(
    `POST ${url}: model ${provider.model}, max tokens ${provider.maxTokens}, ${provider.apiKey ? 'with the key' : 'no key'}${request.json ? ', json mode' : ''}, timeout ${provider.timeoutSec} s`,
  )
  if (request.system) ctx.log(`system: ${request.system}`)
  ctx.log(`prompt: ${request.prompt}`)

  const providerTimeout = AbortSignal.timeout(provider.timeoutSec * 1000)
  const startedMs = performance.now()
  let firstTextMs: number | undefined
  let reply = ''
  let usage: Usage | undefined
  let finishReason: string | null = null
  const lines = new ReplyLines((line) => ctx.log(line))
  const aborted = (): JobResult | undefined => {
    if (ctx.signal.aborted) return failed('llmJobHandler: the request was aborted (the run was killed or timed out)')
    if (providerTimeout.aborted) return failed(`llmJobHandler: no complete reply within ${provider.timeoutSec} s (the provider's timeoutSec)`)
    return undefined
  }
  try {
    const library = await loadOpenAi()
    const response = await clientFor(provider, library.default)
      .chat.completions.create(
        {
          model: provider.model,
          messages: [...(request.system ? [{ role: 'system' as const, content: request.system }] : []), { role: 'user' as const, content: request.prompt }],
          max_tokens: provider.maxTokens,
          stream: true,
          stream_options: { include_usage: true },
          ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal: AbortSignal.any([ctx.signal, providerTimeout]) },
      )
      .asResponse()
    ctx.log('reply:')
    if (answersWhole(response)) {
      // A server (or a proxy before it) that ignores `stream` answers one JSON completion: the
      // whole reply at once, logged as it is, rather than an empty stream read as no text.
      const completion = (await response.json()) as ChatCompletion
      const choice = completion.choices?.[0]
      const text = choice?.message?.content ?? ''
      if (text) {
        firstTextMs = performance.now() - startedMs
        reply = text
        lines.push(text)
      }
      finishReason = choice?.finish_reason ?? null
      usage = completion.usage ?? undefined
    } else {
      for await (const chunk of library.Stream.fromSSEResponse<ChatCompletionChunk>(response, new AbortController())) {
        const choice = chunk.choices[0]
        const text = choice?.delta?.content
        if (text) {
          firstTextMs ??= performance.now() - startedMs
          reply += text
          lines.push(text)
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason
        if (chunk.usage) usage = chunk.usage
      }
    }
    lines.flush()
  } catch (error) {
    lines.flush()
    return aborted() ?? failed(`llmJobHandler: ${url} failed: ${(error as Error).message}`)
  }
  // The library ends a stream quietly when its signal aborts mid-reply: a cut reply is no reply.
  const cut = aborted()
  if (cut) return cut
  ctx.log(measures(usage, performance.now() - startedMs, firstTextMs))
  if (finishReason === 'length') ctx.log(`the reply was cut at ${provider.maxTokens} tokens (the provider's maxTokens)`)
  if (reply === '') return failed(`llmJobHandler: the model returned no text (finish reason: ${finishReason ?? 'none given'})`)
  if (request.json) {
    try {
      JSON.parse(reply)
    } catch (error) {
      return failed(`llmJobHandler: json mode, and the reply is not JSON: ${(error as Error).message}`)
    }
  }
  return reply
}

function failed(msg: string): JobResult {
  return { code: HANDLE_CODE.fail, msg }
}

/** The run's tokens and times, one line: what a cost or a slow model is read from. */
function measures(usage: Usage | undefined, latencyMs: number, firstTextMs: number | undefined): string {
  const tokens = usage ? `tokens: ${usage.prompt_tokens} in, ${usage.completion_tokens} out` : 'tokens: not reported by the provider'
  const first = firstTextMs === undefined ? '' : ` (first text after ${Math.round(firstTextMs)} ms)`
  return `${tokens}; latency ${Math.round(latencyMs)} ms${first}`
}

interface OpenAiLibrary {
  default: typeof OpenAI
  Stream: typeof Stream
}

let loading: Promise<OpenAiLibrary> | undefined

/** The client library, read by the first LLM step of this runner thread (most threads run none). */
function loadOpenAi(): Promise<OpenAiLibrary> {
  return (loading ??= Promise.all([import('openai'), import('openai/streaming')]).then(([client, streaming]) => ({
    default: client.default,
    Stream: streaming.Stream,
  })))
}

/** Whether the provider answered with one JSON completion instead of the event stream asked for. */
function answersWhole(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')
}

/**
 * A client for this run's provider and nothing else: every option the library would otherwise read
 * from the process's environment (OPENAI_API_KEY, OPENAI_ADMIN_KEY, OPENAI_BASE_URL, the
 * organization and project) is given here, so no credential of the host goes to a group's provider.
 * No retries (the job's retries apply) and no timeout of its own (the signal carries the limits).
 */
function clientFor(provider: LlmRunConfig, Client: typeof OpenAI): OpenAI {
  return new Client({
    baseURL: provider.baseUrl,
    // Without a key the library still wants one: the header it would make is taken off again below.
    apiKey: provider.apiKey ?? 'none',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: provider.timeoutSec * 1000,
    logLevel: 'off',
    ...(provider.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  })
}
