import { describe, expect, it } from 'vitest'
import { ConcurrencyLimit, VERIFICATION_LIMIT, VerificationsBusyError } from './password'
import { SIGN_IN_LIMITS } from './sign-in-guard'

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string): { task: () => Promise<string>; finish: () => void; fail: () => void } {
  let finish!: () => void
  let fail!: () => void
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name)
    fail = () => reject(new Error(`${name} failed`))
  })
  return {
    task: () => {
      log.push(name)
      return done
    },
    finish,
    fail,
  }
}

/** Lets every settled promise's continuations run (no timers: only the microtask queue). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('ConcurrencyLimit (password verifications)', () => {
  it('runs at most maxRunning at once, queues maxQueued, and refuses the next without running it', async () => {
    const limit = new ConcurrencyLimit(2, 3)
    const log: string[] = []
    const gates = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => gate(log, name))
    const results = gates.map((g) => limit.run(g.task))
    await expect(results[5]).rejects.toBeInstanceOf(VerificationsBusyError)
    await settle()
    expect(log).toEqual(['a', 'b'])
    expect([limit.running, limit.queued]).toEqual([2, 3])

    gates[1].finish()
    await settle()
    expect(log).toEqual(['a', 'b', 'c'])
    expect([limit.running, limit.queued]).toEqual([2, 2])
    expect(await results[1]).toBe('b')
  })

  it('hands a freed place to the oldest waiter, so a newcomer cannot overtake; a failed task frees its place too', async () => {
    const limit = new ConcurrencyLimit(1, 3)
    const log: string[] = []
    const [a, b, c, late] = ['a', 'b', 'c', 'late'].map((name) => gate(log, name))
    const ra = limit.run(a.task)
    const rb = limit.run(b.task)
    const rc = limit.run(c.task)
    // Asks the moment a's place is handed on: it waits behind b and c.
    const rlate = ra.catch(() => limit.run(late.task))
    a.fail()
    await expect(ra).rejects.toThrow('a failed')
    await settle()
    expect(log).toEqual(['a', 'b'])
    expect([limit.running, limit.queued]).toEqual([1, 2])
    b.finish()
    await settle()
    expect(log).toEqual(['a', 'b', 'c'])
    c.finish()
    await settle()
    expect(log).toEqual(['a', 'b', 'c', 'late'])
    late.finish()
    expect([await rb, await rc, await rlate]).toEqual(['b', 'c', 'late'])
    expect([limit.running, limit.queued]).toEqual([0, 0])
  })

  it("holds one address's whole sign-in budget, running no more than two scrypts", () => {
    expect(VERIFICATION_LIMIT.maxRunning).toBeLessThanOrEqual(2)
    expect(VERIFICATION_LIMIT.maxRunning + VERIFICATION_LIMIT.maxQueued).toBe(SIGN_IN_LIMITS.perAddress.maxFailures)
  })
})
