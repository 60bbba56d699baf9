import fc from 'fast-check'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { AdminHarness } from '../support/admin-harness'
import { describeRequest, endpointPath, fuzzRequest, oddPath, plainRequest, type FuzzRequest } from '../support/fuzz-http-request'
import { runFuzz } from '../support/fuzz-run'
import { bodyValue, hostile, mutatedObject, type Hostile } from '../support/fuzz-values'

/**
 * The admin's executor-facing wire API (registry, registryRemove, callback, under /api/ and
 * /xxl-job-admin/api/) fed raw bytes over loopback: every answer is a clear refusal or a success,
 * the server keeps answering, and a refused request leaves every table as it was.
 */
let harness: AdminHarness
beforeAll(async () => (harness = await AdminHarness.start()))
afterAll(async () => harness?.stop())

const RUNS = 60

function registryBody(): fc.Arbitrary<Hostile> {
  return bodyValue({ registryGroup: 'EXECUTOR', registryKey: 'fuzz-exec', registryValue: 'http://127.0.0.1:9/' })
}

function callbackBody(runId: number): fc.Arbitrary<Hostile> {
  const item = mutatedObject({ logId: runId, logDateTim: Date.now(), handleCode: 200, handleMsg: 'fuzz' })
  return fc.oneof(
    { weight: 3, arbitrary: fc.array(item, { maxLength: 3 }) },
    { weight: 3, arbitrary: fc.array(item, { maxLength: 3 }).map((callbackList) => ({ callbackList }) as Hostile) },
    { weight: 1, arbitrary: fc.array(hostile, { maxLength: 3 }).map((callbackList) => ({ callbackList }) as Hostile) },
    { weight: 1, arbitrary: hostile },
  )
}

async function fuzzEndpoint(name: string, requests: fc.Arbitrary<FuzzRequest>, examples: FuzzRequest[] = []): Promise<void> {
  await runFuzz(name, requests, (request, tally) => harness.check(request, harness.credentials('executor'), tally), {
    numRuns: RUNS,
    examples,
    describe: describeRequest,
  })
}

describe('fuzzing the admin wire API', () => {
  it('POST /api/registry', async () => {
    // Known from issue 9: a long bad app name was echoed whole.
    const echo = plainRequest('/api/registry', {
      registryGroup: 'EXECUTOR',
      registryKey: { $fuzz: 'big', unit: 'x', times: 700_000 },
      registryValue: 'http://127.0.0.1:9/',
    })
    await fuzzEndpoint('admin /api/registry', fuzzRequest(endpointPath('/api/registry'), registryBody()), [echo])
  })

  it('POST /api/registryRemove', async () => {
    await fuzzEndpoint('admin /api/registryRemove', fuzzRequest(endpointPath('/api/registryRemove'), registryBody()))
  })

  it('POST /api/callback', async () => {
    await fuzzEndpoint('admin /api/callback', fuzzRequest(endpointPath('/api/callback'), callbackBody(harness.fixture.runId)))
  })

  it('odd methods and URLs anywhere on the server', async () => {
    const anyPath = fc.oneof(
      oddPath('/api/registry'),
      oddPath('/api/callback'),
      fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)),
    )
    const getGoneWrong: FuzzRequest = {
      method: 'GET',
      path: '/%zz',
      auth: 'missing',
      contentType: null,
      extraHeaders: [],
      body: { kind: 'empty' },
      framing: 'none',
    }
    await fuzzEndpoint('admin odd URLs', fuzzRequest(anyPath, hostile), [getGoneWrong])
  })
})
