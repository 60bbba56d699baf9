import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { SECRET_GRACE_MS } from '../../../src/shared/secrets'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

const T0 = Date.UTC(2026, 0, 1)
const RETENTION_PASS_MS = 60_000
/** Sealed bytes the purge never opens (listing versions reads no value either). */
const SEALED = { ciphertext: 'AAAA', iv: 'AAAAAAAAAAAAAAAA', authTag: 'AAAAAAAAAAAAAAAAAAAAAA==' }

let t: TestCore | undefined
afterEach(async () => t?.stop())

describe('the grace period of a replaced value', () => {
  it('the retention pass purges a replaced version once its grace period has ended, and keeps one still in it', async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock, monitorTimings: { retentionPeriodMs: RETENTION_PASS_MS } })
    const { api, store } = t.core
    // Versions written as a day of sets would have left them: v1 replaced just past the grace period
    // before the next pass, v2 replaced just inside it, v3 current.
    const nextPass = T0 + RETENTION_PASS_MS
    await store.transaction(async (tx) => {
      const id = (await tx.secrets.insert({ name: 'api_key', groupId: null, createdBy: 'admin', createdAtMs: T0 - SECRET_GRACE_MS - 5000 }))!
      await tx.secrets.addVersion(id, SEALED, 'admin', T0 - SECRET_GRACE_MS - 5000)
      await tx.secrets.addVersion(id, SEALED, 'admin', nextPass - SECRET_GRACE_MS - 1)
      await tx.secrets.addVersion(id, SEALED, 'admin', nextPass - SECRET_GRACE_MS + 1)
    })
    const versions = async () => (await api.listSecretVersions({ name: 'api_key' })).map((v) => v.version)
    expect(await versions()).toEqual([3, 2, 1])

    await clock.advance(RETENTION_PASS_MS)
    await waitFor('the version past its grace period purged', async () => (await versions()).length === 2)
    expect(await versions()).toEqual([3, 2])
  })
})
