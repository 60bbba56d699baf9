import { HANDLE_CODE } from '../../../shared/model'
import type { JobContext, JobHandler, JobResult } from './handler-contract'
import { createHttpJobHandler } from './http-job-handler'
import { createLlmJobHandler } from './llm-job-handler'

/** The handlers every JobDesk executor has, by name; handler-directory exports cannot shadow them. */
export function builtinHandlers(httpAllowPrefixes: string[] | 'any'): Record<string, JobHandler> {
  return {
    demoJobHandler,
    echoJobHandler,
    sleepJobHandler,
    failJobHandler,
    shardingJobHandler,
    httpJobHandler: createHttpJobHandler(httpAllowPrefixes),
    llmJobHandler: createLlmJobHandler(httpAllowPrefixes),
  }
}

/** Handler names known without loading anything (the host validates triggers against them). */
export const BUILTIN_HANDLER_NAMES: readonly string[] = [
  'demoJobHandler',
  'echoJobHandler',
  'sleepJobHandler',
  'failJobHandler',
  'shardingJobHandler',
  'httpJobHandler',
  'llmJobHandler',
]

function demoJobHandler(ctx: JobContext): JobResult {
  ctx.log('demoJobHandler, param:', ctx.param)
}

/**
 * Logs its parameter and succeeds with it as the handle message: in a flow, the node's output
 * (`${nodes.<key>.output}`), so a demo or a test can pass a value down a flow and see it arrive.
 */
function echoJobHandler(ctx: JobContext): JobResult {
  ctx.log('echoJobHandler, param:', ctx.param)
  return ctx.param
}

/** Sleeps `param` milliseconds (default 1000); ends early, as a failure, when the run is aborted. */
async function sleepJobHandler(ctx: JobContext): Promise<JobResult> {
  const text = ctx.param.trim()
  const sleepMs = text === '' ? 1000 : Number(text)
  if (!Number.isFinite(sleepMs) || sleepMs < 0) return { code: HANDLE_CODE.fail, msg: `param: expected milliseconds ≥ 0, got "${ctx.param}"` }
  ctx.log(`sleeping ${sleepMs} ms`)
  const completed = await new Promise<boolean>((resolve) => {
    if (ctx.signal.aborted) return resolve(false)
    const timer = setTimeout(() => resolve(true), sleepMs)
    ctx.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true })
  })
  if (!completed) return { code: HANDLE_CODE.fail, msg: 'sleep aborted' }
  ctx.log('woke up')
  return `slept ${sleepMs} ms`
}

function failJobHandler(ctx: JobContext): JobResult {
  ctx.log('failJobHandler fails on purpose')
  return { code: HANDLE_CODE.fail, msg: ctx.param === '' ? 'failJobHandler: failed on purpose' : ctx.param }
}

function shardingJobHandler(ctx: JobContext): JobResult {
  ctx.log(`sharding param: index = ${ctx.shardIndex}, total = ${ctx.shardTotal}`)
  return `shard ${ctx.shardIndex}/${ctx.shardTotal}`
}
