import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness } from '../../support/admin-harness'
import { TEST_SCRYPT, signIn } from '../../support/auth-session'
import { BridgeClient } from '../../support/bridge-client'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { silentLogger } from '../../../src/main/kernel/logger'
import { ManualClock } from '../../../src/main/kernel/clock'
import { makeTempDir } from '../../support/temp-dir'

/**
 * The console token opens the console until the admin has set a password (first start prints a
 * one-time password), then it is refused; the desktop app's IPC path needs no sign-in at all.
 */
describe('headless first start', () => {
  let h: AdminHarness
  beforeAll(async () => (h = await AdminHarness.start({ scrypt: TEST_SCRYPT })), 60_000)
  afterAll(async () => h?.stop())

  it('makes an admin with a one-time password; the token works until the admin replaces it', async () => {
    const origin = `http://127.0.0.1:${h.port}`
    const password = h.headless.adminOneTimePassword!
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const byToken = await BridgeClient.connect(origin, h.headless.consoleToken)
    expect((await byToken.value<{ kind: string }>('whoAmI')).kind).toBe('console-token')

    const answer = await signIn(origin, 'admin', password)
    expect(answer.setCookie).toMatch(/HttpOnly; SameSite=Strict; Path=\/; Max-Age=604800/)
    const admin = await BridgeClient.connectWithCookie(origin, answer.cookie!)
    const locked = await admin.call('listJobs', [])
    expect(locked.kind === 'result' && !locked.result.ok && locked.result.error?.code).toBe('auth.mustChangePassword')
    await admin.value('changePassword', [{ currentPassword: password, newPassword: 'the admin own password' }])
    expect((await admin.call('listJobs', [])).kind === 'result').toBe(true)

    const refused = await byToken.call('listJobs', [])
    expect(refused.kind === 'result' && !refused.result.ok && refused.result.error?.code).toBe('auth.consoleTokenRetired')
    await expect(BridgeClient.connect(origin, h.headless.consoleToken)).rejects.toThrow(/401/)
    const state = (await (await fetch(`${origin}/auth/state`)).json()) as { consoleTokenAccepted: boolean }
    expect(state.consoleTokenAccepted).toBe(false)
    admin.close()
    byToken.close()
  })

  it('refuses a sign-in posted from another site', async () => {
    const origin = `http://127.0.0.1:${h.port}`
    const answer = await signIn(origin, 'admin', 'the admin own password', 'http://evil.example')
    expect(answer.status).toBe(403)
    expect(answer.cookie).toBeNull()
  })
})

describe('the desktop app', () => {
  let core: CoreParts
  const dir = makeTempDir('jobdesk-desktop-auth-')
  beforeAll(async () => {
    core = await assembleCore({
      dataDir: dir.path,
      clock: new ManualClock(Date.now()),
      logger: silentLogger,
      seedDemo: false,
      embeddedExecutor: false,
      scrypt: TEST_SCRYPT,
    })
  }, 60_000)
  afterAll(async () => {
    await core?.stop()
    dir.remove()
  })

  it('acts as a built-in local admin without users, its changes audited as desktop', async () => {
    expect(await core.api.whoAmI()).toMatchObject({ kind: 'desktop', role: 'admin', groupIds: null })
    expect(await core.api.listUsers()).toEqual([])
    await core.api.saveSettings({ logRetentionDays: 12 })
    const entry = (await core.api.listAudit({ action: 'settings.save' })).entries[0]
    expect(entry).toMatchObject({ actor: 'desktop', actorKind: 'desktop', source: 'desktop', outcome: 'ok' })
    expect(entry.detail).toMatchObject({ before: { logRetentionDays: 30, apiToken: '***' }, after: { logRetentionDays: 12 } })
  })
})
