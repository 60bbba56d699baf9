import type { Clock } from '../../kernel/clock'

/** Deadlines are grouped into buckets this wide; a run times out at most this late. */
export const DEADLINE_TICK_MS = 100

/**
 * The executorTimeout deadlines of running runs behind a single pending sleep of the injected clock,
 * instead of a timer and an AbortController per run. Deadlines fall into DEADLINE_TICK_MS buckets,
 * fired in time order, never early. Removing a run is O(1); the sleep is re-armed only when a bucket
 * earlier than the armed one appears, and dropped when no deadline is left.
 */
export class RunDeadlines<T> {
  private readonly buckets = new Map<number, Set<T>>()
  /** Bucket keys, a min-heap; keys of emptied buckets are skipped when they surface. */
  private readonly heap: number[] = []
  private armedKey = Number.POSITIVE_INFINITY
  private wake: AbortController | null = null

  constructor(
    private readonly clock: Clock,
    private readonly onExpired: (item: T) => void,
  ) {}

  /** Calls `onExpired(item)` at or after `deadlineMs`; returns the key `remove` needs. */
  add(item: T, deadlineMs: number): number {
    const key = Math.ceil(deadlineMs / DEADLINE_TICK_MS)
    let bucket = this.buckets.get(key)
    if (!bucket) {
      this.buckets.set(key, (bucket = new Set()))
      pushHeap(this.heap, key)
    }
    bucket.add(item)
    if (key < this.armedKey) this.arm()
    return key
  }

  remove(item: T, key: number): void {
    const bucket = this.buckets.get(key)
    if (!bucket || !bucket.delete(item) || bucket.size > 0) return
    this.buckets.delete(key)
    if (this.buckets.size === 0) this.disarm()
  }

  get size(): number {
    let n = 0
    for (const bucket of this.buckets.values()) n += bucket.size
    return n
  }

  private arm(): void {
    this.disarm()
    while (this.heap.length > 0 && !this.buckets.has(this.heap[0])) popHeap(this.heap)
    if (this.heap.length === 0) return
    const key = this.heap[0]
    const wake = new AbortController()
    this.wake = wake
    this.armedKey = key
    void this.clock.sleep(key * DEADLINE_TICK_MS - this.clock.nowMs(), wake.signal).then(() => {
      if (this.wake !== wake) return
      this.wake = null
      this.armedKey = Number.POSITIVE_INFINITY
      this.fireDue()
      this.arm()
    })
  }

  private disarm(): void {
    this.wake?.abort()
    this.wake = null
    this.armedKey = Number.POSITIVE_INFINITY
  }

  private fireDue(): void {
    const dueKey = Math.floor(this.clock.nowMs() / DEADLINE_TICK_MS)
    while (this.heap.length > 0 && this.heap[0] <= dueKey) {
      const key = popHeap(this.heap)
      const bucket = this.buckets.get(key)
      if (!bucket) continue
      this.buckets.delete(key)
      for (const item of bucket) this.onExpired(item)
    }
  }
}

function pushHeap(heap: number[], value: number): void {
  let i = heap.push(value) - 1
  while (i > 0) {
    const parent = (i - 1) >> 1
    if (heap[parent] <= value) break
    heap[i] = heap[parent]
    i = parent
  }
  heap[i] = value
}

function popHeap(heap: number[]): number {
  const top = heap[0]
  const last = heap.pop()!
  if (heap.length === 0) return top
  let i = 0
  for (;;) {
    const left = 2 * i + 1
    if (left >= heap.length) break
    const right = left + 1
    const child = right < heap.length && heap[right] < heap[left] ? right : left
    if (heap[child] >= last) break
    heap[i] = heap[child]
    i = child
  }
  heap[i] = last
  return top
}
