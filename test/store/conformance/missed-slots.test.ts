import { expect, it } from 'vitest'
import { storeSuite, T0 } from './store-fixture'

const HOUR = 3_600_000

storeSuite('missed slots', (f) => {
  it('records a slot once, keeps its first reason, and lists a job apart from a flow of the same id', async () => {
    await f.store.missedSlots.record(
      [
        { jobId: 7, flowId: 0, slotMs: T0 + HOUR, reason: 'window', detail: 'patch night' },
        { jobId: 7, flowId: 0, slotMs: T0, reason: 'holiday', detail: '春节' },
        { jobId: 0, flowId: 7, slotMs: T0, reason: 'paused', detail: '' },
      ],
      T0 + 5 * HOUR,
    )
    await f.store.missedSlots.record([{ jobId: 7, flowId: 0, slotMs: T0, reason: 'misfire', detail: '' }], T0 + 6 * HOUR)

    expect(await f.store.missedSlots.list({ jobId: 7 }, T0, T0 + 2 * HOUR, 10)).toEqual([
      { jobId: 7, slot: T0, reason: 'holiday', detail: '春节', recordedAtMs: T0 + 5 * HOUR },
      { jobId: 7, slot: T0 + HOUR, reason: 'window', detail: 'patch night', recordedAtMs: T0 + 5 * HOUR },
    ])
    expect(await f.store.missedSlots.list({ jobId: 7 }, T0 + 1, T0 + 2 * HOUR, 10)).toHaveLength(1)
    expect(await f.store.missedSlots.list({ flowId: 7 }, T0, T0 + 2 * HOUR, 10)).toEqual([
      { flowId: 7, slot: T0, reason: 'paused', detail: '', recordedAtMs: T0 + 5 * HOUR },
    ])
  })

  it('records an outage of thousands of slots at once, and drops rows by when they were recorded', async () => {
    const slots = Array.from({ length: 1234 }, (_, n) => ({ jobId: 3, flowId: 0, slotMs: T0 + n * 1000, reason: 'misfire' as const, detail: '' }))
    await f.store.missedSlots.record(slots, T0)
    await f.store.missedSlots.record([{ jobId: 4, flowId: 0, slotMs: T0, reason: 'paused', detail: 'x'.repeat(300) }], T0 + HOUR)
    expect(await f.store.missedSlots.list({ jobId: 3 }, T0, T0 + 10 * HOUR, 5000)).toHaveLength(1234)
    expect((await f.store.missedSlots.list({ jobId: 4 }, T0, T0 + 1, 1))[0].detail).toHaveLength(200)

    expect(await f.store.missedSlots.deleteRecordedBefore(T0 + 1)).toBe(1234)
    expect(await f.store.missedSlots.list({ jobId: 3 }, T0, T0 + 10 * HOUR, 5000)).toEqual([])
    expect(await f.store.missedSlots.list({ jobId: 4 }, T0, T0 + 1, 1)).toHaveLength(1)
  })
})
