import fc from 'fast-check'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PeerExecutorApi } from '../../src/main/cluster/peer-executor'
import { silentLogger } from '../../src/main/kernel/logger'
import { CLUSTER_SECRET_HEADER, NODE_EXECUTOR_PATH, nodeExecutorRoute } from '../../src/main/cluster/node-executor-route'
import { secretsEqual } from '../../src/main/net/wire/auth'
import { describeRequest, encodeRequest, fuzzRequest, oddPath, plainRequest, type FuzzRequest } from '../support/fuzz-http-request'
import { runFuzz } from '../support/fuzz-run'
import { bodyValue, hostile, type Hostile } from '../support/fuzz-values'
import { judgeAnswer } from '../support/fuzz-verdict'
import { sendRaw } from '../support/raw-http'

/**
 * The node route (another node's core calling this node's embedded executor) fed raw bytes: every
 * answer is a clear refusal or a success, the server keeps answering, a refused request reaches
 * nothing behind the route and is recorded once, and an accepted one reaches it with exactly the
 * numbers its schema allows — never a GLUE source, a handler or a URL.
 */
const NODE = 'fuzz-node'
const SECRET = 'cluster-secret-for-the-fuzz-0123456789abcdef'
const RUNS = 40

interface Call {
  name: string
  args: unknown[]
}

let server: Server
let port = 0
const calls: Call[] = []
const refusals: string[] = []

const recording: PeerExecutorApi = {
  beat: async () => (calls.push({ name: 'beat', args: [] }), { code: 200 }),
  idleBeat: async (jobId) => (calls.push({ name: 'idleBeat', args: [jobId] }), { code: 200 }),
  run: async (logId) => (calls.push({ name: 'run', args: [logId] }), { code: 200 }),
  kill: async (jobId) => (calls.push({ name: 'kill', args: [jobId] }), { code: 200 }),
  log: async (request) => (calls.push({ name: 'log', args: [request] }), { code: 200, data: { fromLineNum: 1, toLineNum: 0, logContent: '', isEnd: true } }),
}

beforeAll(async () => {
  const route = nodeExecutorRoute({
    nodeId: NODE,
    active: () => true,
    accepts: (presented) => presented !== '' && secretsEqual(presented, SECRET),
    executor: recording,
    refused: async (_source, call, reason) => void refusals.push(`${call}: ${reason}`),
    logger: silentLogger,
  })
  server = createServer(async (request, response) => {
    if (!(await route(request, response))) response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const ENDPOINTS: [string, Record<string, Hostile>][] = [
  ['beat', {}],
  ['idleBeat', { jobId: 1 }],
  ['run', { logId: 1 }],
  ['kill', { jobId: 1 }],
  ['log', { logId: 1, logDateTime: 1_767_225_600_000, fromLineNum: 1 }],
]

/** Every call a body may make: its numbers, and nothing that says what to run. */
function allowedCall(call: Call): boolean {
  const numbers = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0
  if (call.name === 'log') {
    const request = call.args[0] as Record<string, unknown>
    return Object.keys(request).sort().join() === 'fromLineNum,logDateTime,logId' && Object.values(request).every(numbers)
  }
  return call.args.every(numbers)
}

async function check(request: FuzzRequest, tally: { note(outcome: 'accepted' | 'refused'): void }): Promise<void> {
  const callsBefore = calls.length
  const refusalsBefore = refusals.length
  const answer = await sendRaw(port, encodeRequest(request, { token: SECRET, groupToken: 'not-the-secret', groupApp: 'fuzz-app' }, CLUSTER_SECRET_HEADER))
  const outcome = judgeAnswer(answer, request.method)
  tally.note(outcome)
  // Still answering: a beat with the secret.
  const alive = await sendRaw(
    port,
    encodeRequest(plainRequest(`${NODE_EXECUTOR_PATH}/${NODE}/beat`, {}), { token: SECRET, groupToken: '', groupApp: '' }, CLUSTER_SECRET_HEADER),
  )
  if (alive.kind !== 'response' || alive.status !== 200) throw new Error(`the node route stopped answering: ${alive.kind}`)
  const made = calls.slice(callsBefore, calls.length - 1)
  calls.length = callsBefore
  if (outcome === 'refused') {
    if (made.length > 0) throw new Error(`refused, but reached the executor: ${JSON.stringify(made)}`)
    // The route's own refusals are recorded once; a path that is not the route's is a plain 404.
    if (answer.kind === 'response' && answer.status === 200 && refusals.length !== refusalsBefore + 1) {
      throw new Error(`refused with ${refusals.length - refusalsBefore} recorded refusals`)
    }
    return
  }
  if (made.length !== 1 || !allowedCall(made[0])) throw new Error(`accepted, but the executor was called with ${JSON.stringify(made)}`)
}

describe('fuzzing the node route', () => {
  for (const [call, template] of ENDPOINTS) {
    it(`POST ${NODE_EXECUTOR_PATH}/<node>/${call}`, async () => {
      const path = `${NODE_EXECUTOR_PATH}/${NODE}/${call}`
      const paths = fc.oneof(
        { weight: 8, arbitrary: fc.constant(path) },
        { weight: 1, arbitrary: oddPath(path) },
        { weight: 1, arbitrary: fc.constantFrom(`${NODE_EXECUTOR_PATH}/other-node/${call}`, `${path}/x`) },
      )
      // What a caller would like to smuggle into a trigger: a script, a handler, a URL.
      const smuggled = plainRequest(path, {
        ...template,
        glueType: 'GLUE_SHELL',
        glueSource: 'touch /tmp/owned',
        executorHandler: 'httpJobHandler',
        executorParams: '{"url":"http://127.0.0.1:1/"}',
      })
      await runFuzz(`node route ${call}`, fuzzRequest(paths, bodyValue(template)), check, { numRuns: RUNS, examples: [smuggled], describe: describeRequest })
    })
  }

  it('odd methods and URLs under the route', async () => {
    const anyPath = fc.oneof(
      oddPath(`${NODE_EXECUTOR_PATH}/${NODE}/run`),
      fc.webPath().map((p) => `${NODE_EXECUTOR_PATH}/${NODE}/${p.replace(/^\//, '')}`),
    )
    await runFuzz('node route odd URLs', fuzzRequest(anyPath, hostile), check, { numRuns: RUNS, describe: describeRequest })
    expect(calls).toEqual([])
  })
})
