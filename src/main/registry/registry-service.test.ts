import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { DEFAULT_REGISTRY_TIMINGS } from './health'
import { RegistryService } from './registry-service'

/** Health as the Executors page shows it, from beats and from triggers that could not connect. */
const fresh = freshSqliteStore()
const T0 = 1_767_225_600_000
const ADDRESS = 'http://127.0.0.1:9999/'

describe('an address a trigger could not connect to', () => {
  it('is suspect at once, told once, and online again with its next beat', async () => {
    let changes = 0
    const registry = new RegistryService(fresh.store, DEFAULT_REGISTRY_TIMINGS, () => changes++)
    await registry.beat('billing', ADDRESS, T0)
    const healthAt = async (nowMs: number) => (await registry.entries(nowMs)).find((e) => e.address === ADDRESS)?.health
    expect(await healthAt(T0 + 1000)).toBe('online')
    changes = 0
    registry.noteUnreachable('billing', ADDRESS, T0 + 2000)
    registry.noteUnreachable('billing', ADDRESS, T0 + 2500)
    expect(changes, 'the consoles are told once, not at every failed trigger').toBe(1)
    expect(await healthAt(T0 + 3000)).toBe('suspect')
    await registry.beat('billing', ADDRESS, T0 + 4000)
    expect(await healthAt(T0 + 4500)).toBe('online')
    // Silent long enough, it is dead as before: a failed trigger never makes it look better.
    registry.noteUnreachable('billing', ADDRESS, T0 + 5000)
    expect(await healthAt(T0 + 4000 + DEFAULT_REGISTRY_TIMINGS.deadTimeoutMs)).toBe('dead')
  })
})
