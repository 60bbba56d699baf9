import type { SegmentIndex } from './segment-index'

/** One segment of a day: `runs-<segNo>.seg` and its index `runs-<segNo>.idx`. */
export interface SegmentInfo {
  readonly segNo: number
  readonly segPath: string
  readonly idxPath: string
  /** In memory while the segment is written here (pinned), otherwise while the cache keeps it. */
  index: SegmentIndex | null
  /** Known once the index was loaded or written here; a lookup skips segments whose range misses. */
  summarized: boolean
  minLogId: number
  maxLogId: number
  /** Being written: never evicted. */
  pinned: boolean
  loading: Promise<SegmentIndex> | null
}

/** Whether `logId` may have blocks in `segment` (unknown ranges may). */
export function mayHold(segment: SegmentInfo, logId: number): boolean {
  const index = segment.index
  if (index) return logId >= index.minLogId && logId <= index.maxLogId
  return !segment.summarized || (logId >= segment.minLogId && logId <= segment.maxLogId)
}

/**
 * Loaded segment indexes of segments no longer written, least recently used first, within a memory
 * budget: the oldest are dropped (their range summary stays) and reloaded from disk when asked for.
 */
export class IndexCache {
  private readonly entries = new Map<SegmentInfo, number>()
  private totalBytes = 0

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.totalBytes
  }

  /** Marks `segment`'s loaded index as just used, evicting others beyond the budget. */
  touch(segment: SegmentInfo): void {
    if (segment.pinned || !segment.index) return
    const known = this.entries.get(segment)
    if (known !== undefined) {
      this.entries.delete(segment)
      this.entries.set(segment, known)
      return
    }
    const size = segment.index.bytes
    this.entries.set(segment, size)
    this.totalBytes += size
    for (const [oldest, oldestBytes] of this.entries) {
      if (this.totalBytes <= this.maxBytes || oldest === segment) break
      this.drop(oldest, oldestBytes)
    }
  }

  forget(segment: SegmentInfo): void {
    const size = this.entries.get(segment)
    if (size !== undefined) this.drop(segment, size)
  }

  private drop(segment: SegmentInfo, size: number): void {
    this.entries.delete(segment)
    this.totalBytes -= size
    const index = segment.index
    if (index && !segment.pinned) {
      segment.summarized = true
      segment.minLogId = index.minLogId
      segment.maxLogId = index.maxLogId
      segment.index = null
    }
  }
}
