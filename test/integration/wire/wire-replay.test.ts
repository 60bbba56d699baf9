import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExecutorApi, HandleCallback, TriggerParam } from '../../../src/main/executor/executor-api'
import { startExecutorServer, type ExecutorServer } from '../../../src/main/net/executor-server'
import { payloadOf } from '../../../src/main/net/wire/envelope'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { waitUntil } from '../../support/executor-fixtures'
import { startInProcessExecutor } from '../../support/executor-in-process'
import { busyJobSetup, CAPTURE_APP, CAPTURE_TOKEN, executorExchanges, type CapturedExchange } from '../../support/wire-captures'
import { sendExchange, testAgent } from '../../support/wire-http'

/**
 * Replays the admin → executor exchanges captured from real Java executors (docs/protocol.md#captured-exchanges) against
 * our executor server with the real executor core behind it (worker threads, run-log files, scripts
 * enabled), and compares code, msg and payload field by field, per generation. Texts that belong to
 * the core are held to what the real core says. (An in-memory double written to reproduce the
 * captures used to be replayed too; it could only ever agree with itself, so it is not.)
 */
const agent = testAgent()
afterAll(() => agent.close())

interface ReplayTarget {
  api: ExecutorApi
  callbacks(): readonly HandleCallback[]
  /** Resolves once run `logId` has finished and its run log holds its result line. */
  finished(logId: number, logDateTime: number): Promise<void>
  /** Resolves once run `logId` is executing its handler. */
  running(logId: number, logDateTime: number): Promise<void>
  /** Resolves once the runs' callbacks reached the sink. */
  reported(logIds: number[]): Promise<void>
  teardown(): Promise<void>
}

const logHas = (api: ExecutorApi, logId: number, logDateTime: number, text: string) => async () =>
  ((await api.log({ logId, logDateTime, fromLineNum: 1 })).data?.logContent ?? '').includes(text)

async function startRealCore(): Promise<ReplayTarget> {
  const core = await startInProcessExecutor({ enableScripts: true })
  return {
    api: core.executor,
    callbacks: () => core.collector.received,
    async finished(logId, logDateTime) {
      await core.collector.waitFor(logId)
      // The core writes run logs asynchronously; wait for the result line rather than assume it.
      await waitUntil(`run ${logId}'s result line`, logHas(core.executor, logId, logDateTime, 'Result: handleCode='))
    },
    running: (logId, logDateTime) => waitUntil(`run ${logId} to start`, logHas(core.executor, logId, logDateTime, 'sleeping')),
    reported: async (logIds) => void (await Promise.all(logIds.map((logId) => core.collector.waitFor(logId)))),
    teardown: () => core.teardown(),
  }
}

/** Every ExecutorApi call that got through the wire, by method. */
function recording(api: ExecutorApi): { api: ExecutorApi; calls: { method: string; arg: unknown }[] } {
  const calls: { method: string; arg: unknown }[] = []
  const record =
    <A, R>(method: string, call: (arg: A) => Promise<R>) =>
    (arg: A) => {
      calls.push({ method, arg })
      return call(arg)
    }
  return {
    calls,
    api: {
      beat: () => record('beat', () => api.beat())(undefined),
      idleBeat: record('idleBeat', (jobId: number) => api.idleBeat(jobId)),
      run: record('run', (param: TriggerParam) => api.run(param)),
      kill: record('kill', (jobId: number) => api.kill(jobId)),
      log: record('log', (request: Parameters<ExecutorApi['log']>[0]) => api.log(request)),
    },
  }
}

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
  expect(page.fromLineNum, where).toBe(partial.payload.fromLineNum)
  expect(page.toLineNum, where).toBeGreaterThanOrEqual(page.fromLineNum)
  expect(page.isEnd, where).toBe(false)
  // Lines fromLineNum…toLineNum, each ending in a newline.
  expect(page.logContent.split('\n').length - 1, where).toBe(page.toLineNum - page.fromLineNum + 1)
}

const TIME = (exchange: CapturedExchange) => (JSON.parse(exchange.body) as { logDateTime: number }).logDateTime

describe('replay of the executor captures, the real executor core behind the server', () => {
  describe.each(['g1', 'g2', 'g3'] as const)('%s', (generation) => {
    let server: ExecutorServer
    let target: ReplayTarget
    let calls: { method: string; arg: unknown }[]

    beforeAll(async () => {
      target = await startRealCore()
      const recorded = recording(target.api)
      calls = recorded.calls
      server = await startExecutorServer({
        executor: recorded.api,
        credentials: { accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP },
        generation,
        host: '127.0.0.1',
        port: 0,
      })
    })
    afterAll(async () => {
      await server.close()
      await target.teardown()
    })

    it('answers every captured exchange as the real executor did', async () => {
      const exchanges = executorExchanges(generation)
      const demo = exchanges.find((exchange) => exchange.name === 'trigger.demo')!
      for (const exchange of exchanges) {
        if (exchange.name === 'log.from1') await target.finished(1001, TIME(demo))
        if (exchange.name === 'idleBeat.busy') {
          for (const setup of busyJobSetup(generation)) {
            const { json } = await sendExchange(agent, server.url, setup)
            expect(json.code, setup.name).toBe(200)
          }
          await target.running(1002, TIME(demo))
        }
        const { status, json, headers } = await sendExchange(agent, server.url, exchange)
        expect(status, exchange.name).toBe(200)
        expect(headers['content-type']).toBe('application/json;charset=UTF-8')
        compare(exchange, json, generation)
      }
    })

    it('let the kill reach the core: the running and the queued run of job 2 are reported killed', async () => {
      await target.reported([1002, 1007])
      // In either order: 2.4.2 reported the queued run first, 3.x the running one.
      const killed = target.callbacks().filter((callback) => callback.logId === 1002 || callback.logId === 1007)
      killed.sort((a, b) => a.logId - b.logId)
      expect(killed.map((callback) => [callback.logId, callback.handleCode, callback.handleMsg])).toEqual([
        [1002, 500, 'scheduling center kill job. [job running, killed]'],
        [1007, 500, 'scheduling center kill job. [job not executed, in the job queue, killed.]'],
      ])
    })

    it('never called the core for the refused requests', () => {
      const runs = calls.filter((call) => call.method === 'run').map((call) => (call.arg as TriggerParam).logId)
      // Auth, method and path refusals made no call; every trigger body that parsed did.
      expect(runs).toEqual([1001, 1005, 1002, 1007, 1006, 1007, 1009, 1013])
      expect(calls.filter((call) => call.method === 'beat')).toHaveLength(1)
    })
  })
})
