import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExecutorServer, type ExecutorServer } from '../../../src/main/net/executor-server'
import { payloadOf } from '../../../src/main/net/wire/envelope'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { busyJobSetup, CAPTURE_APP, CAPTURE_TOKEN, executorExchanges, type CapturedExchange } from '../../support/wire-captures'
import { createExecutorDouble, type ExecutorDouble } from '../../support/wire-executor-double'
import { sendExchange, testAgent } from '../../support/wire-http'

/**
 * Replays the admin → executor exchanges captured from real executors (reference §9.4) against our
 * executor server and compares code, msg and payload field by field, per generation. The executor
 * core behind the server is the in-memory double, whose texts follow the captured core.
 */
const agent = testAgent()
afterAll(() => agent.close())

function expectedReply(exchange: CapturedExchange): Record<string, unknown> {
  const expected = JSON.parse(exchange.reply!) as Record<string, unknown>
  if (exchange.coreText) {
    const { field, ours } = exchange.coreText
    const payload = (expected.content ?? expected.data) as Record<string, unknown> | undefined
    if (field in expected) expected[field] = ours
    else if (payload && field in payload) payload[field] = ours
  }
  return expected
}

function compare(exchange: CapturedExchange, actual: Record<string, unknown>, generation: ProtocolGeneration): void {
  const where = `${generation} ${exchange.name}`
  if (exchange.reply) {
    const expected = expectedReply(exchange)
    expect(actual.code, where).toBe(expected.code)
    expect(actual.msg, where).toBe(expected.msg)
    expect(payloadOf(actual), where).toEqual(payloadOf(expected))
    // The envelope's own fields: content in G1, data in G2/G3, nulls omitted.
    expect(Object.keys(actual).sort(), where).toEqual(Object.keys(expected).sort())
    return
  }
  const partial = exchange.partial!
  expect(actual.code, where).toBe(partial.code)
  expect(actual.msg, where).toBe(partial.msg)
  expect(Object.keys(actual).sort(), where).toEqual(generation === 'g1' ? ['code', 'content'] : ['code', 'data', 'msg'])
  const page = payloadOf(actual) as { fromLineNum: number; toLineNum: number; logContent: string; isEnd: boolean }
  expect(page, where).toMatchObject(partial.payload)
  expect(page.isEnd, where).toBe(false)
  // Lines fromLineNum…toLineNum, each ending in a newline.
  expect(page.logContent.split('\n').length - 1, where).toBe(page.toLineNum - page.fromLineNum + 1)
}

describe.each(['g1', 'g2', 'g3'] as const)('replay of the %s executor captures', (generation) => {
  let server: ExecutorServer
  let executor: ExecutorDouble

  beforeAll(async () => {
    executor = createExecutorDouble()
    server = await startExecutorServer({
      executor,
      credentials: { accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP },
      generation,
      host: '127.0.0.1',
      port: 0,
    })
  })
  afterAll(() => server.close())

  it('answers every captured exchange as the real executor did', async () => {
    for (const exchange of executorExchanges(generation)) {
      if (exchange.name === 'idleBeat.busy') {
        for (const setup of busyJobSetup(generation)) {
          const { json } = await sendExchange(agent, server.url, setup)
          expect(json.code, setup.name).toBe(200)
        }
      }
      const { status, json, headers } = await sendExchange(agent, server.url, exchange)
      expect(status, exchange.name).toBe(200)
      expect(headers['content-type']).toBe('application/json;charset=UTF-8')
      compare(exchange, json, generation)
    }
  })

  it('let the killed runs of job 2 reach the core as the capture’s callbacks name them', () => {
    const killed = executor.callbacks.filter((callback) => callback.handleCode === 500)
    expect(killed.map((callback) => [callback.logId, callback.handleMsg])).toEqual([
      [1002, 'scheduling center kill job. [job running, killed]'],
      [1007, 'scheduling center kill job. [job not executed, in the job queue, killed.]'],
    ])
  })

  it('never called the core for the refused requests', () => {
    const runs = executor.calls.filter((call) => call.method === 'run').map((call) => (call.arg as { logId: number }).logId)
    // Auth, method and path refusals made no call; every trigger body that parsed did.
    expect(runs).toEqual([1001, 1005, 1002, 1007, 1006, 1007, 1009, 1013])
    expect(executor.calls.filter((call) => call.method === 'beat')).toHaveLength(1)
  })
})
