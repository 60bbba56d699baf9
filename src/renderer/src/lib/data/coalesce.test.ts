import { describe, expect, it } from 'vitest'
import { coalesced, coalescedBy } from './coalesce'

/** A task whose runs end when the test says so. */
function controlledTask() {
  const runs: { key: number; finish(): void }[] = []
  const task = (key: number) => new Promise<void>((resolve) => runs.push({ key, finish: resolve }))
  return { runs, task }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('coalescedBy', () => {
  it('runs once more after a burst of asks, not once per ask', async () => {
    const { runs, task } = controlledTask()
    const ask = coalescedBy(task)
    const first = ask(1)
    void ask(1)
    void ask(1)
    expect(runs).toHaveLength(1)
    runs[0].finish()
    await settle()
    expect(runs).toHaveLength(2)
    runs[1].finish()
    await first
    expect(runs).toHaveLength(2)
  })

  it('gives each key its own turn', () => {
    const { runs, task } = controlledTask()
    const ask = coalescedBy(task)
    void ask(1)
    void ask(2)
    expect(runs.map((run) => run.key)).toEqual([1, 2])
  })

  it('keeps going after a failed run, and starts afresh once idle', async () => {
    let calls = 0
    const ask = coalesced(async () => {
      calls++
      throw new Error('the core is away')
    })
    await ask()
    await ask()
    expect(calls).toBe(2)
  })
})
