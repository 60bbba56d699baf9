import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Access, type SignInResult } from '../../../src/main/auth/access'
import type { CoreApi } from '../../../src/main/auth/method-rule-types'
import { VERIFICATION_LIMIT } from '../../../src/main/auth/password'
import { SIGN_IN_LIMITS } from '../../../src/main/auth/sign-in-guard'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { Store } from '../../../src/main/store/store'
import { AdminHarness } from '../../support/admin-harness'
import { signIn, TEST_SCRYPT } from '../../support/auth-session'
import { loopbackAddress, postSignIn, statusCounts, type SignInReply } from '../../support/sign-in-burst'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Security review, finding 1: the sign-in limits hold for attempts that arrive all at once. Each
 * attempt reserves its place before anything is awaited, so a burst is checked no further than
 * the limit (5 per account, 20 per address) and the rest are refused unchecked — the right
 * password too, once the burst has used the places up. "Checked" is counted as the failed
 * `auth.signIn` rows of the audit trail, one per password verified and found wrong.
 */
const PASSWORD = 'correct horse battery'
const { perAccount, perAddress } = SIGN_IN_LIMITS

describe('a burst of sign-ins in one process (calls made together: their order is the order of the calls)', () => {
  let dir: ReturnType<typeof makeTempDir>
  let store: Store
  let access: Access

  beforeEach(async () => {
    dir = makeTempDir('jobdesk-burst-')
    store = openSqliteStore(`${dir.path}/jobdesk.db`)
    access = new Access({
      repos: store,
      core: {} as CoreApi,
      entitled: async () => new Set(),
      clock: new ManualClock(Date.UTC(2026, 0, 5, 9)),
      logger: silentLogger,
      scrypt: TEST_SCRYPT,
    })
    await access.users.ensureFirstAdmin(PASSWORD)
  })
  afterEach(async () => {
    await store.close()
    dir.remove()
  })

  async function outcomes(): Promise<Record<string, number>> {
    const { entries } = await access.audit.list({ action: 'auth.signIn', limit: 1000 })
    const counts: Record<string, number> = {}
    for (const e of entries) counts[e.outcome] = (counts[e.outcome] ?? 0) + 1
    return counts
  }

  it('checks 5 of 300 wrong passwords for one account from 300 addresses, and then refuses the right one', async () => {
    const burst = await Promise.all(Array.from({ length: 300 }, (_, i) => access.signIn('admin', `wrong ${i}`, loopbackAddress(i))))
    expect(burst.slice(0, perAccount.maxFailures).map((r) => (r.ok ? 200 : r.status))).toEqual(Array(perAccount.maxFailures).fill(401))
    expect(burst.slice(perAccount.maxFailures).every((r) => !r.ok && r.status === 429 && r.error.code === 'auth.tooManyAttempts')).toBe(true)
    expect(await outcomes()).toEqual({ failed: 5, refused: 295 })
    expect(await access.signIn('admin', PASSWORD, loopbackAddress(300))).toMatchObject({
      ok: false,
      status: 429,
      retryAfterSeconds: perAccount.windowMs / 1000,
    })
  })

  it('lets the right password in when it is among the first five of a burst, and refuses it past them', async () => {
    const passwords = Array.from({ length: 300 }, (_, i) => (i === 2 || i === 150 ? PASSWORD : `wrong ${i}`))
    const burst: SignInResult[] = await Promise.all(passwords.map((password, i) => access.signIn('admin', password, loopbackAddress(i))))
    expect(burst[2].ok).toBe(true)
    expect(burst[150]).toMatchObject({ ok: false, status: 429 })
    expect(burst.filter((r) => r.ok)).toHaveLength(1)
    // The success gave its place back; the four failures keep theirs.
    expect(await outcomes()).toEqual({ ok: 1, failed: 4, refused: 295 })
  })

  it('checks 20 of 60 wrong attempts from one address (60 names), then refuses that address even the right password', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => access.signIn(`guess${i}`, 'wrong', '127.0.0.7')))
    expect(statusCounts(burst.map((r) => ({ status: r.ok ? 200 : r.status })))).toEqual({ 401: perAddress.maxFailures, 429: 60 - perAddress.maxFailures })
    // The 40 refusals from the one address are recorded once for the minute, not 40 times.
    expect(await outcomes()).toEqual({ failed: 20, refused: 1 })
    expect(await access.signIn('admin', PASSWORD, '127.0.0.7')).toMatchObject({ ok: false, status: 429 })
    expect((await access.signIn('admin', PASSWORD, '127.0.0.8')).ok).toBe(true)
  })
  it('gives back the places of sign-ins refused because too many are being checked: they were never checked', async () => {
    // Other names from other addresses fill the verification limit; the calls below find it full.
    const fillers = Array.from({ length: VERIFICATION_LIMIT.maxRunning + VERIFICATION_LIMIT.maxQueued }, (_, i) =>
      access.signIn(`filler${i}`, 'wrong', loopbackAddress(i)),
    )
    const busy = await Promise.all(Array.from({ length: perAccount.maxFailures }, (_, i) => access.signIn('admin', 'wrong', loopbackAddress(100 + i))))
    expect(busy.every((r) => !r.ok && r.status === 503 && r.error.code === 'auth.signInBusy' && r.retryAfterSeconds === 1)).toBe(true)
    await Promise.all(fillers)
    // Had the busy refusals kept their places, the account would be shut now.
    const later = await Promise.all(Array.from({ length: perAccount.maxFailures }, (_, i) => access.signIn('admin', 'wrong', loopbackAddress(200 + i))))
    expect(later.map((r) => (r.ok ? 200 : r.status))).toEqual(Array(perAccount.maxFailures).fill(401))
    expect(await access.signIn('admin', PASSWORD, loopbackAddress(300))).toMatchObject({ ok: false, status: 429 })
    expect(await outcomes()).toEqual({ failed: 20 + 5, refused: 5 + 1 })
  })
})

describe('a burst of sign-ins over HTTP from many loopback addresses', () => {
  let h: AdminHarness

  beforeEach(async () => {
    h = await AdminHarness.start({ scrypt: TEST_SCRYPT, adminPassword: PASSWORD })
  })
  afterEach(async () => {
    await h.stop()
  })

  async function failedRows(): Promise<number> {
    return (await h.headless.core.access.audit.list({ action: 'auth.signIn', outcome: 'failed', limit: 1000 })).entries.length
  }

  it('300 parallel wrong passwords for one account from 300 addresses: 5 checked, 295 refused with 429, the right one after them too', async () => {
    const burst = await Promise.all(Array.from({ length: 300 }, (_, i) => postSignIn(h.port, 'admin', `wrong ${i}`, loopbackAddress(i))))
    expect(statusCounts(burst)).toEqual({ 401: perAccount.maxFailures, 429: 300 - perAccount.maxFailures })
    expect(await failedRows()).toBe(perAccount.maxFailures)
    const refused = burst.filter((r) => r.status === 429)
    expect(refused.every((r) => r.code === 'auth.tooManyAttempts' && Number(r.retryAfter) > 0)).toBe(true)

    const right = await postSignIn(h.port, 'admin', PASSWORD, loopbackAddress(300))
    expect(right).toMatchObject({ status: 429, code: 'auth.tooManyAttempts', cookie: false })
    expect(await failedRows()).toBe(perAccount.maxFailures)
  })

  it('the right password sent while an over-the-limit burst is still arriving is refused', async () => {
    let firstRefusal!: () => void
    const refusedOnce = new Promise<void>((resolve) => (firstRefusal = resolve))
    const burst = Array.from({ length: 200 }, (_, i) =>
      postSignIn(h.port, 'admin', `wrong ${i}`, loopbackAddress(i)).then((reply) => {
        if (reply.status === 429) firstRefusal()
        return reply
      }),
    )
    // A 429 means the account's five places are taken (by failures, which keep them): from here on it is shut.
    await refusedOnce
    const right: SignInReply = await postSignIn(h.port, 'admin', PASSWORD, loopbackAddress(200))
    const replies = await Promise.all(burst)
    expect(right).toMatchObject({ status: 429, cookie: false })
    expect(statusCounts(replies)).toEqual({ 401: perAccount.maxFailures, 429: 200 - perAccount.maxFailures })
    expect(await failedRows()).toBe(perAccount.maxFailures)
  })

  it('60 parallel wrong attempts from one address: 20 checked, 40 refused with 429; that address then is refused the right password', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => postSignIn(h.port, `guess${i}`, 'wrong', '127.0.0.7')))
    expect(statusCounts(burst)).toEqual({ 401: perAddress.maxFailures, 429: 60 - perAddress.maxFailures })
    expect(await failedRows()).toBe(perAddress.maxFailures)
    expect(await postSignIn(h.port, 'admin', PASSWORD, '127.0.0.7')).toMatchObject({ status: 429, cookie: false })
    expect(await postSignIn(h.port, 'admin', PASSWORD, '127.0.0.8')).toMatchObject({ status: 200, cookie: true })
  })

  it('refuses a sign-in whose Origin has the right host and port but the other scheme', async () => {
    const origin = `http://127.0.0.1:${h.port}`
    const answer = await signIn(origin, 'admin', PASSWORD, `https://127.0.0.1:${h.port}`)
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'auth.badOrigin' } }, cookie: null })
    expect((await signIn(origin, 'admin', PASSWORD)).status).toBe(200)
  })
})
