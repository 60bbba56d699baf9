import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness, HARNESS_GROUP_APP } from '../support/admin-harness'
import { runFuzz } from '../support/fuzz-run'
import { EDGE_STRINGS } from '../support/fuzz-values'

/**
 * The artifact route fed hostile names and link tokens: every answer is a clear refusal (never a
 * 500, never a file from outside a run's folder), the server keeps answering, and a refused request
 * writes nothing (docs/artifacts.md).
 */
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start()))
afterAll(async () => h?.stop())

const RUNS = 40
const name = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS, '..', '../jobdesk.db', '..\\..\\x', '.%2e/x', 'a/../../b', '%00', 'report.csv'),
  fc.string({ maxLength: 300 }),
)
const token = fc.oneof(fc.constantFrom('', 'a.b', 'a.b.c', 'x'.repeat(5000), 'eyJ9.sig'), fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 400 }))

async function send(method: 'GET' | 'PUT', path: string, headers: Record<string, string>, body?: string): Promise<number> {
  const init: RequestInit = method === 'PUT' ? { method, headers, body } : { headers }
  return (await fetch(`http://127.0.0.1:${h.port}${path}`, init)).status
}

describe('fuzzing the artifact route', () => {
  it('GET /api/artifacts/<run>/<name> with any name: a refusal, nothing written', async () => {
    await runFuzz(
      'GET artifact',
      name,
      async (raw, tally) => {
        const path = `/api/artifacts/${h.fixture.runId}/${encodeURIComponent(raw)}`
        const { result: status, changed } = await h.tablesChangedBy(() => send('GET', path, h.auth('api')))
        tally.note('refused')
        expect([400, 404]).toContain(status)
        expect(changed).toEqual([])
      },
      { numRuns: RUNS },
    )
  })

  it('PUT /api/artifacts/<run>/<name> for an ended run, any name: refused, nothing written', async () => {
    await runFuzz(
      'PUT artifact',
      name,
      async (raw, tally) => {
        const path = `/api/artifacts/${h.fixture.runId}/${encodeURIComponent(raw)}`
        const headers = { ...h.auth('executor'), 'XXL-JOB-APPNAME': HARNESS_GROUP_APP }
        const { result: status } = await h.tablesChangedBy(() => send('PUT', path, headers, 'x'))
        tally.note('refused')
        expect([400, 403, 404]).toContain(status)
        expect(await h.headless.core.api.listArtifacts({ runId: h.fixture.runId })).toEqual([])
      },
      { numRuns: RUNS },
    )
  })

  it('GET /api/artifact-links/<token> with any token: refused, nothing written', async () => {
    await runFuzz(
      'artifact link',
      token,
      async (raw, tally) => {
        const { result: status, changed } = await h.tablesChangedBy(() => send('GET', `/api/artifact-links/${encodeURIComponent(raw)}`, {}))
        tally.note('refused')
        expect(status).toBeGreaterThanOrEqual(400)
        expect(status).toBeLessThan(500)
        expect(changed).toEqual([])
      },
      { numRuns: RUNS },
    )
  })
})
