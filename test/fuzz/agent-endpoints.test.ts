import fc from 'fast-check'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { AgentHarness } from '../support/agent-harness'
import { triggerParam } from '../support/executor-fixtures'
import { describeRequest, fuzzRequest, oddPath, plainRequest, type FuzzRequest } from '../support/fuzz-http-request'
import { runFuzz } from '../support/fuzz-run'
import { bodyValue, type Hostile } from '../support/fuzz-values'

/**
 * The LAN agent's executor endpoints fed raw bytes: every answer is a clear refusal or a success,
 * the agent keeps answering /beat, a refused request creates no lane and no file, and no request
 * makes it write outside its date folders (the NaN-NaN-NaN folder of issue 9).
 */
let harness: AgentHarness
beforeAll(async () => (harness = await AgentHarness.start()))
afterAll(async () => harness?.stop())

const RUNS = 40

const trigger = triggerParam({ jobId: 1, logId: 1, executorParams: 'fuzz' }) as unknown as Record<string, Hostile>

const ENDPOINTS: [string, Record<string, Hostile>][] = [
  ['/beat', {}],
  ['/idleBeat', { jobId: 1 }],
  ['/run', trigger],
  ['/trigger', trigger],
  ['/kill', { jobId: 1 }],
  ['/log', { logId: 1, logDateTime: Date.now(), logDateTim: Date.now(), fromLineNum: 1 }],
]

/** Inputs issue 9 found wrong, tried first: a time no Date holds, a handler name echoed whole. */
const KNOWN_CASES: Record<string, FuzzRequest[]> = {
  '/run': [
    plainRequest('/run', { ...trigger, logId: 1, logDateTime: 2 ** 53 - 1 }),
    plainRequest('/run', { ...trigger, logId: 1, executorHandler: { $fuzz: 'big', unit: 'x', times: 700_000 } }),
  ],
  '/trigger': [plainRequest('/trigger', { ...trigger, logId: 1, logDateTim: 2 ** 53 - 1, logDateTime: null })],
}

/** The agent matches exact URIs: the path itself, sometimes spelled oddly. */
function agentPath(path: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(path) },
    { weight: 1, arbitrary: fc.constantFrom(`${path}/`, `${path}?x=1`, `/job${path}`, `/${path}`) },
    { weight: 1, arbitrary: oddPath(path) },
  )
}

describe('fuzzing the executor agent', () => {
  for (const [path, template] of ENDPOINTS) {
    it(`POST ${path}`, async () => {
      // Fresh log ids per input keep accepted runs from being refused as repeats.
      let logId = 1000
      const requests = fuzzRequest(agentPath(path), bodyValue(template)).map((request) => {
        if (request.body.kind !== 'json') return request
        const value = request.body.value as Record<string, Hostile>
        if (typeof value === 'object' && value !== null && !Array.isArray(value) && value.logId === 1)
          return { ...request, body: { ...request.body, value: { ...value, logId: logId++ } } }
        return request
      })
      const examples = (KNOWN_CASES[path] ?? []).map((request) => ({
        ...request,
        body: { kind: 'json' as const, value: { ...(request.body as { value: Record<string, Hostile> }).value, logId: logId++ } },
      }))
      await runFuzz(`agent ${path}`, requests, (request, tally) => harness.check(request, tally), { numRuns: RUNS, examples, describe: describeRequest })
    })
  }
})
