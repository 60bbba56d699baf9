import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedApiToken } from '../../src/shared/auth'
import { AuthHarness } from '../support/auth-harness'
import type { BridgeClient } from '../support/bridge-client'
import { runFuzz } from '../support/fuzz-run'
import { EDGE_STRINGS, hostile, jsonText, mutatedObject, type Hostile } from '../support/fuzz-values'
import { OPERATE_TOOLS, READ_TOOLS } from '../support/mcp-client'

/**
 * `/mcp` fed malformed JSON-RPC, unknown tools, wrong types and oversized inputs: every answer is
 * a clear error (a JSON-RPC error, or a tool result marked isError; never a 5xx), nothing but the
 * audit trail is written, and the server keeps serving (docs/mcp.md).
 */
let auth: AuthHarness
let operator: BridgeClient
beforeAll(async () => {
  auth = await AuthHarness.start()
  operator = (await auth.console('op-a')).bridge
}, 60_000)
afterAll(async () => {
  operator?.close()
  await auth?.stop()
})

const RUNS = 60
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

/** A fresh read token of op-a for each property (each has its own request budget), used once so its first use is noted. */
async function readToken(name: string): Promise<string> {
  const input = { name, role: 'operator', groupIds: [auth.h.fixture.embeddedGroupId], scope: 'mcp', mode: 'read' }
  const token = (await operator.value<CreatedApiToken>('createApiToken', [input])).token
  await expectServing(token)
  return token
}

async function post(token: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL('/mcp', auth.origin), { method: 'POST', headers: { ...HEADERS, authorization: `Bearer ${token}` }, body })
  return { status: response.status, text: await response.text() }
}

/** A clear answer: not a 5xx, and JSON-RPC (an error with a message, or a result) unless it is a notification's empty 202. */
function expectClear(answer: { status: number; text: string }): void {
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)
  if (answer.status === 202) return
  const reply = JSON.parse(answer.text) as { error?: { message?: unknown }; result?: unknown }
  if (reply.error) expect(typeof reply.error.message).toBe('string')
  else expect(reply.result).toBeDefined()
}

/** After each input: only the audit trail may have changed, and the server did not crash. */
async function expectNothingWritten(send: () => Promise<{ status: number; text: string }>): Promise<void> {
  const { result, changed } = await auth.h.tablesChangedBy(send)
  expectClear(result)
  expect(changed.filter((table) => table !== 'job_audit')).toEqual([])
  auth.h.throwIfCrashed()
}

async function expectServing(token: string): Promise<void> {
  const listed = JSON.parse((await post(token, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).text) as { result: { tools: unknown[] } }
  expect(listed.result.tools).toHaveLength(READ_TOOLS.length)
}

const rpc = (method: Hostile, params: Hostile): Record<string, Hostile> => ({ jsonrpc: '2.0', id: 7, method, params })

describe('fuzzing /mcp', () => {
  it('malformed JSON-RPC (not JSON, wrong envelopes, unknown methods, batches): a clear error, nothing written', async () => {
    const token = await readToken('fuzz-envelope')
    const envelope = fc.oneof(
      { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ raw: text })) },
      { weight: 3, arbitrary: mutatedObject(rpc('tools/list', {})).map((value) => ({ raw: jsonText(value) })) },
      { weight: 2, arbitrary: hostile.map((value) => ({ raw: jsonText(value) })) },
      { weight: 1, arbitrary: fc.array(mutatedObject(rpc('tools/list', {})), { maxLength: 3 }).map((items) => ({ raw: jsonText(items) })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...EDGE_STRINGS, 'resources/subscribe', 'prompts/get', 'sampling/createMessage', 'logging/setLevel').map((method) => ({
          raw: jsonText(rpc(method, {})),
        })),
      },
    )
    await runFuzz(
      'mcp envelope',
      envelope,
      async ({ raw }, tally) => {
        await expectNothingWritten(() => post(token, raw))
        tally.note('refused')
      },
      { numRuns: RUNS, describe: ({ raw }) => raw.slice(0, 300) },
    )
    await expectServing(token)
  })

  it('tools/call with unknown tools, operate tools, wrong types and oversized arguments: refused or an isError result, nothing but the audit trail written', async () => {
    const token = await readToken('fuzz-tools')
    const toolName = fc.oneof(fc.constantFrom(...READ_TOOLS, ...OPERATE_TOOLS), fc.constantFrom(...EDGE_STRINGS), fc.string({ maxLength: 80 }))
    const template: Record<string, Hostile> = { runId: auth.h.fixture.runId, jobId: auth.h.fixture.jobA, tail: 5 }
    const args = fc.oneof({ weight: 4, arbitrary: mutatedObject(template) }, { weight: 1, arbitrary: hostile })
    await runFuzz(
      'mcp tools/call',
      fc.tuple(toolName, args),
      async ([name, value], tally) => {
        await expectNothingWritten(() => post(token, jsonText(rpc('tools/call', { name, arguments: value }))))
        tally.note('refused')
      },
      { numRuns: RUNS, describe: ([name, value]) => `${name} ${jsonText(value).slice(0, 300)}` },
    )
    await expectServing(token)
  })

  it('a body over the limit: 413 with a JSON-RPC error, audited, and the server keeps serving', async () => {
    const token = await readToken('fuzz-size')
    const big = JSON.stringify(rpc('tools/call', { name: 'list_jobs', arguments: { text: 'x'.repeat(2 * 1024 * 1024) } }))
    const { result, changed } = await auth.h.tablesChangedBy(() => post(token, big))
    expect(result.status).toBe(413)
    expect(JSON.parse(result.text).error.message).toContain('too large')
    expect(changed).toEqual(['job_audit'])
    await expectServing(token)
  })
})
