import { expect, it } from 'vitest'
import type { InfraAlertKey } from '../../../src/main/store/alert-repo'
import { storeSuite, T0 } from './store-fixture'

const dead: InfraAlertKey = { kind: 'executorDead', subject: 'billing http://127.0.0.1:9999/', eventTimeMs: T0 }

storeSuite('AlertRepo', (f) => {
  it('lets one node of several claim the same event, and keeps what sending it came to', async () => {
    const other = await f.another()
    const claims = await Promise.all([f.store.alerts.claim(dead, T0 + 90_000), other.alerts.claim(dead, T0 + 90_001)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await f.store.alerts.claim(dead, T0 + 120_000)).toBe(false)
    // The same address dying again later (it beat in between) is a new event.
    expect(await f.store.alerts.claim({ ...dead, eventTimeMs: T0 + 600_000 }, T0 + 690_000)).toBe(true)
    await f.store.alerts.finish(dead, 3, 'smtpOff: ops@example.com')
    expect(await f.store.alerts.since(T0, 10)).toEqual([
      { ...dead, eventTimeMs: T0 + 600_000, alarmStatus: -1, alarmMessage: '', addTimeMs: T0 + 690_000 },
      { ...dead, alarmStatus: 3, alarmMessage: 'smtpOff: ops@example.com', addTimeMs: expect.any(Number) },
    ])
    expect(await f.store.alerts.since(T0 + 100_000, 10)).toHaveLength(1)
    expect(await f.store.alerts.deleteOlderThan(T0 + 100_000)).toBe(1)
    expect(await f.store.alerts.since(0, 10)).toHaveLength(1)
  })
})
