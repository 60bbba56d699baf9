import { describe, expect, it } from 'vitest'
import { toOutcome } from '../runner/run-handler'
import { BUILTIN_HANDLER_NAMES, builtinHandlers } from './builtin-handlers'
import type { JobContext } from './handler-contract'

function context(param: string): { ctx: JobContext; logged: string[] } {
  const logged: string[] = []
  const ctx: JobContext = {
    param,
    shardIndex: 0,
    shardTotal: 1,
    logId: 1,
    jobId: 1,
    log: (...parts) => logged.push(parts.join(' ')),
    signal: new AbortController().signal,
  }
  return { ctx, logged }
}

describe('the built-in handlers', () => {
  it('are all named in BUILTIN_HANDLER_NAMES, which the host checks triggers against', () => {
    expect(Object.keys(builtinHandlers('any')).sort()).toEqual([...BUILTIN_HANDLER_NAMES].sort())
  })

  it('echoJobHandler logs its parameter and succeeds with it as the handle message', async () => {
    const { ctx, logged } = context('rows=42 中文')
    const outcome = toOutcome(await builtinHandlers('any').echoJobHandler(ctx))
    expect(outcome).toEqual({ code: 200, msg: 'rows=42 中文' })
    expect(logged).toEqual(['echoJobHandler, param: rows=42 中文'])
  })

  it('echoJobHandler echoes an empty parameter as an empty message', async () => {
    expect(toOutcome(await builtinHandlers('any').echoJobHandler(context('').ctx))).toEqual({ code: 200, msg: '' })
  })
})
