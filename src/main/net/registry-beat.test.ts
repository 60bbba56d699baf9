import { describe, expect, it } from 'vitest'
import { ManualClock } from '../kernel/clock'
import type { AdminAccepted } from './admin-client'
import type { RegistryParam } from './wire/bodies'
import { nextBeatAtMs, startRegistryBeat, type BeatOutcome } from './registry-beat'

describe('nextBeatAtMs', () => {
  it('lands on the next multiple of the interval, strictly after now', () => {
    expect(nextBeatAtMs(1_796_014_249_234, 30_000)).toBe(1_796_014_260_000)
    expect(nextBeatAtMs(1_796_014_260_000, 30_000)).toBe(1_796_014_290_000)
    expect(nextBeatAtMs(5, 10)).toBe(10)
  })
})

/** A fake admin client: records calls with the clock time, and fails while `down` is set. */
function fakeAdmin(clock: ManualClock) {
  const calls: { method: string; param: RegistryParam; atMs: number }[] = []
  let down = false
  const call =
    (method: string) =>
    async (param: RegistryParam): Promise<AdminAccepted> => {
      calls.push({ method, param, atMs: clock.nowMs() })
      if (down) throw new Error('registry was accepted by no admin: http://a → no answer within 3000 ms')
      return { adminUrl: 'http://a', reply: { code: 200, msg: null } }
    }
  return {
    calls,
    setDown: (value: boolean) => (down = value),
    client: { registry: call('registry'), registryRemove: call('registryRemove') },
  }
}

describe('startRegistryBeat', () => {
  it('registers at start, then on each :00/:30 boundary, and removes itself on stop', async () => {
    const clock = new ManualClock(1_796_014_249_234)
    const admin = fakeAdmin(clock)
    const outcomes: BeatOutcome[] = []
    const beat = startRegistryBeat({ adminClient: admin.client, appName: 'app', address: 'http://10.0.0.5:9999/', clock, onBeat: (o) => outcomes.push(o) })
    expect(await beat.firstBeat).toEqual({ ok: true, adminUrl: 'http://a', atMs: 1_796_014_249_234 })
    await clock.advance(61_000)
    expect(admin.calls.map((call) => call.atMs)).toEqual([1_796_014_249_234, 1_796_014_260_000, 1_796_014_290_000])
    expect(admin.calls[0].param).toEqual({ registryGroup: 'EXECUTOR', registryKey: 'app', registryValue: 'http://10.0.0.5:9999/' })

    const removed = await beat.stop()
    expect(removed.ok).toBe(true)
    await clock.advance(120_000)
    expect(admin.calls.map((call) => call.method)).toEqual(['registry', 'registry', 'registry', 'registryRemove'])
    expect(outcomes).toHaveLength(3)
    expect(clock.sleeperCount).toBe(0)
  })

  it('keeps beating through admin failures and reports them', async () => {
    const clock = new ManualClock(0)
    const admin = fakeAdmin(clock)
    admin.setDown(true)
    const beat = startRegistryBeat({ adminClient: admin.client, appName: 'app', address: 'http://x/', clock, beatIntervalMs: 1000 })
    const first = await beat.firstBeat
    expect(first.ok).toBe(false)
    expect(first.ok === false && first.error).toContain('no answer within 3000 ms')
    admin.setDown(false)
    await clock.advance(1000)
    expect(beat.lastOutcome).toEqual({ ok: true, adminUrl: 'http://a', atMs: 1000 })
    admin.setDown(true)
    const removed = await beat.stop()
    expect(removed.ok).toBe(false)
  })

  it('refuses a non-positive interval', () => {
    const clock = new ManualClock(0)
    expect(() => startRegistryBeat({ adminClient: fakeAdmin(clock).client, appName: 'a', address: 'x', clock, beatIntervalMs: 0 })).toThrow(
      'beatIntervalMs: must be > 0, got 0',
    )
  })
})
