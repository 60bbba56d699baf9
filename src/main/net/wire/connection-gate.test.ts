import { describe, expect, it } from 'vitest'
import { ConnectionGates } from './connection-gate'

describe('ConnectionGates', () => {
  it('lets `permits` requests through per pool at once, the others in order as each ends, with how long each waited', async () => {
    let now = 1000
    const gates = new ConnectionGates(2)
    const A = 'http://127.0.0.1:9001'
    expect([gates.enter(A, () => now), gates.enter(A, () => now)]).toEqual([0, 0])
    // Another pool has its own connections.
    expect(gates.enter('http://127.0.0.1:9002', () => now)).toBe(0)
    const third = gates.enter(A, () => now)
    now = 1010
    const fourth = gates.enter(A, () => now)
    expect(gates.waitingFor(A)).toBe(2)

    now = 1025
    gates.leave(A)
    expect(await third).toBe(25)
    expect(gates.waitingFor(A)).toBe(1)
    now = 1040
    gates.leave(A)
    expect(await fourth).toBe(30)
  })

  it('forgets a pool once no request uses it', () => {
    const gates = new ConnectionGates(1)
    const A = 'http://127.0.0.1:9001'
    expect(gates.enter(A, () => 0)).toBe(0)
    expect(gates.poolsInUse).toBe(1)
    gates.leave(A)
    expect(gates.poolsInUse).toBe(0)
    expect(gates.enter(A, () => 0)).toBe(0)
  })
})
