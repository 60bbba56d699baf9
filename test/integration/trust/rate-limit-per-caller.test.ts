import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness, HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from '../../support/admin-harness'
import { FAILED_AUTH_BUDGET, RATE_LIMITED_CODE } from '../../support/trust-contract'

/**
 * Issue 9, finding 8: the OpenAPI's rate limit (XXL-JOB's 100 requests per 30 s) was one bucket for
 * every caller, so one busy script starved all the others, and failed authentications were not
 * counted at all. Time is the harness's ManualClock: the window never rolls over by itself.
 * Callers differ by token and by loopback source address.
 */
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => h?.stop())

const group = { appName: HARNESS_GROUP_APP, token: HARNESS_GROUP_TOKEN }

describe('the OpenAPI rate limit', () => {
  it("is per caller: one caller spending its budget leaves another's untouched", async () => {
    const codes: number[] = []
    for (let i = 0; i < 101; i++) codes.push((await h.post('listJobs', {}, 'api', '127.0.10.1')).code)
    expect(
      codes.slice(0, 100).every((c) => c === 200),
      'the first caller within its budget',
    ).toBe(true)
    expect(codes[100], 'the first caller past its budget').toBe(RATE_LIMITED_CODE)
    const other = await h.post('listJobs', {}, group, '127.0.10.2')
    expect(other.code, `another caller (another token, another address): ${other.msg}`).toBe(200)
  })

  it('counts failed authentications from an address and refuses them once spent, without refusing other callers', async () => {
    const wrong = { appName: HARNESS_GROUP_APP, token: 'guessed-token' }
    let refusedAt: number | null = null
    for (let i = 1; i <= FAILED_AUTH_BUDGET + 1 && refusedAt === null; i++) {
      const reply = await h.post('listJobs', {}, wrong, '127.0.11.1')
      expect(reply.code).not.toBe(200)
      if (reply.code === RATE_LIMITED_CODE) refusedAt = i
    }
    expect(refusedAt, `${FAILED_AUTH_BUDGET + 1} wrong-token requests from one address were all just "wrong token"`).not.toBeNull()
    // Another caller, from another address, is still served.
    const other = await h.post('listJobs', {}, group, '127.0.11.2')
    expect(other.code, `another caller after the flood: ${other.msg}`).toBe(200)
  })
})

describe('the lockout after failed authentications', () => {
  it('holds a wrong token from an address, never the right ones from the same address', async () => {
    // A fresh OpenAPI window: the first test spent the API token's budget.
    await h.roomFor(100)
    const stale = { appName: HARNESS_GROUP_APP, token: 'stale-group-token' }
    const address = '127.0.12.1'
    const registry = { registryGroup: 'EXECUTOR', registryKey: 'healthy-app', registryValue: 'http://127.0.0.1:9/' }
    const wrong: number[] = []
    for (let i = 0; i <= FAILED_AUTH_BUDGET; i++) wrong.push((await h.post('registry', registry, stale, address)).code)
    expect(wrong[FAILED_AUTH_BUDGET], 'the misconfigured executor, past its budget').toBe(RATE_LIMITED_CODE)
    // The healthy executor on the same host registers and reports; a script there calls the OpenAPI.
    expect((await h.post('registry', registry, 'executor', address)).code).toBe(200)
    expect((await h.post('listJobs', {}, group, address)).code).toBe(200)
    expect((await h.post('listJobs', {}, 'api', address)).code).toBe(200)
    // And the wrong one is still held.
    expect((await h.post('registry', registry, stale, address)).code).toBe(RATE_LIMITED_CODE)
  })
})
