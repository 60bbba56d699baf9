import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFICATION_LIMIT, type ScryptParams } from '../../../src/main/auth/password'
import { AdminHarness } from '../../support/admin-harness'
import { loopbackAddress, postSignIn, statusCounts, timedGet } from '../../support/sign-in-burst'

/**
 * Security review, finding 2: during 200 parallel sign-ins `GET /` took 27 s — every scrypt took
 * a thread of libuv's pool, which the console's file reads waited behind. Here 200 different names
 * from 200 addresses, so no per-account or per-address limit stops them: the verification limit
 * does (at most VERIFICATION_LIMIT checks run and wait, the rest are refused at once with 503),
 * and GET / is answered from memory.
 *
 * The cost: a quarter of DEFAULT_SCRYPT_PARAMS' work (16 MiB, p=1; ~50-90 ms a hash here), so the
 * 20 checks the limit lets through take about a second, where the real cost takes 5-12 s on this
 * shared 2-core VM. It still starves the pool: without the limit and the in-memory files, 200 such
 * hashes keep GET / waiting for several seconds. That GET / needs no pool thread at all, whatever
 * the cost, is shown with the pool blocked outright (static-files-off-the-pool.test.ts). How long
 * GET / takes during a burst at the real cost is B12's figure and target (bench/b12-sign-in-burst.ts).
 */
const BURST = 200
const PASSWORD = 'correct horse battery'
const QUARTER_COST: ScryptParams = { N: 2 ** 14, r: 8, p: 1 }
let h: AdminHarness

beforeAll(async () => {
  h = await AdminHarness.start({ scrypt: QUARTER_COST, adminPassword: PASSWORD })
})
afterAll(async () => {
  await h.stop()
})

describe('GET / during a burst of 200 sign-ins', () => {
  it('answers every GET / while the burst is checked no more than VERIFICATION_LIMIT at a time', async () => {
    let burstDone = false
    const burst = Promise.all(Array.from({ length: BURST }, (_, i) => postSignIn(h.port, `nobody${i}`, 'wrong', loopbackAddress(i)))).finally(
      () => (burstDone = true),
    )
    // Some at once as the burst lands, then one after another until the last sign-in is answered.
    const gets = await Promise.all(Array.from({ length: 5 }, () => timedGet(h.port, '/')))
    while (!burstDone) gets.push(await timedGet(h.port, '/'))
    const replies = await burst

    expect(gets.every((g) => g.status === 200 && g.bytes > 0)).toBe(true)

    // Unknown names cost a decoy verification each, like a wrong password: 401, or 503 when the queue was full.
    const counts = statusCounts(replies)
    expect(Object.keys(counts).sort()).toEqual(['401', '503'])
    expect(counts[401]).toBeGreaterThanOrEqual(VERIFICATION_LIMIT.maxRunning + VERIFICATION_LIMIT.maxQueued)
    expect(replies.filter((r) => r.status === 503).every((r) => r.code === 'auth.signInBusy' && r.retryAfter === '1')).toBe(true)
    const failed = (await h.headless.core.access.audit.list({ action: 'auth.signIn', outcome: 'failed', limit: 1000 })).entries.length
    expect(failed).toBe(counts[401])
  })
})
