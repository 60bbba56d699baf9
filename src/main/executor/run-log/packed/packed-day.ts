import { mkdir, open, readdir, readFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from '../../../kernel/logger'
import { IndexCache, mayHold, type SegmentInfo } from './index-cache'
import { INDEX_RECORD_BYTES, SegmentIndex, writeIndexRecord, type BlockRef } from './segment-index'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-modes'

const SEGMENT_NAME = /^runs-(\d+)\.idx$/
const NEWLINE = 0x0a
/** Most room a batch is encoded into without measuring it first (see writeBatch). */
const ONE_PASS_MAX_BYTES = 4 * 1024 * 1024

/** A run whose finished lines (`writing`) are to be appended as one block. */
export interface BlockSource {
  readonly logId: number
  writing: string | null
}

/** A block found for a run, with the segment file holding it. */
export interface FoundBlock extends BlockRef {
  segPath: string
}

export interface PackedDayOptions {
  cache: IndexCache
  logger: Logger
  /** A segment is closed and the next one started once it reaches this size. */
  segmentMaxBytes: number
  /**
   * Called once per batch, right after its blocks are in the segment and the in-memory index (ok), or
   * when they could not be written (not ok: the caller keeps the lines elsewhere).
   */
  onWritten(batch: readonly BlockSource[], ok: boolean): void
}

interface OpenSegment {
  info: SegmentInfo
  seg: FileHandle
  idx: FileHandle
  bytes: number
}

/**
 * One date folder of the packed run-log layout: segments `runs-<n>.seg` holding blocks of run-log
 * lines back to back, and beside each its append-only index `runs-<n>.idx` (see segment-index.ts).
 * Writes are serialized per day: a block's bytes, then its index records, one batch at a time, so
 * index order is write order. A process starts a new segment (next free number) rather than append to
 * one it did not write.
 */
export class PackedDay {
  /** Ascending segNo. */
  private readonly segments: SegmentInfo[] = []
  private discovered: Promise<void> | null = null
  private current: OpenSegment | null = null
  private queued: BlockSource[] = []
  private busy = false
  private idleWaiters: Array<() => void> = []
  lastWriteMs = 0

  constructor(
    /** `yyyy-MM-dd`. */
    readonly key: string,
    readonly dir: string,
    private readonly options: PackedDayOptions,
  ) {}

  /** Queues blocks; they are written in the next batch of this day. */
  write(batch: readonly BlockSource[], nowMs: number): void {
    for (const source of batch) this.queued.push(source)
    this.lastWriteMs = nowMs
    if (!this.busy) void this.pump()
  }

  get writing(): boolean {
    return this.busy
  }

  get hasOpenSegment(): boolean {
    return this.current !== null
  }

  /** Resolves when no batch is queued or being written. */
  idle(): Promise<void> {
    if (!this.busy) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /**
   * Loads the indexes that may hold `logId` (reading the folder once), and returns them held, so a
   * synchronous `blocksOf` right after sees them even if the cache drops them meanwhile.
   */
  async prepareLookup(logId: number): Promise<Map<SegmentInfo, SegmentIndex>> {
    await this.discover()
    const held = new Map<SegmentInfo, SegmentIndex>()
    for (const segment of [...this.segments]) {
      if (!mayHold(segment, logId)) continue
      const index = segment.index ?? (await this.load(segment))
      held.set(segment, index)
      this.options.cache.touch(segment)
    }
    return held
  }

  /** The run's blocks in write order; call synchronously after `prepareLookup`. */
  blocksOf(logId: number, held: ReadonlyMap<SegmentInfo, SegmentIndex>): FoundBlock[] {
    const found: FoundBlock[] = []
    for (const segment of this.segments) {
      // Segments started since prepareLookup are being written, so their index is in memory.
      const index = held.get(segment) ?? (segment.pinned ? segment.index : null)
      if (!index) continue
      for (const block of index.find(logId)) found.push({ segPath: segment.segPath, ...block })
    }
    return found
  }

  /** Closes the open segment once nothing is queued (idle day, retention, stop). */
  async close(): Promise<void> {
    await this.idle()
    await this.closeCurrent()
  }

  /** Drops every cached index of this day (its folder was deleted). */
  forget(): void {
    for (const segment of this.segments) this.options.cache.forget(segment)
  }

  private discover(): Promise<void> {
    this.discovered ??= readdir(this.dir).then(
      (names) => {
        for (const name of names) {
          const match = SEGMENT_NAME.exec(name)
          if (match) this.register(Number(match[1]), false)
        }
      },
      () => undefined,
    )
    return this.discovered
  }

  private register(segNo: number, writing: boolean): SegmentInfo {
    const known = this.segments.find((segment) => segment.segNo === segNo)
    if (known) return known
    const info: SegmentInfo = {
      segNo,
      segPath: join(this.dir, `runs-${segNo}.seg`),
      idxPath: join(this.dir, `runs-${segNo}.idx`),
      index: writing ? new SegmentIndex() : null,
      summarized: writing,
      minLogId: Number.POSITIVE_INFINITY,
      maxLogId: Number.NEGATIVE_INFINITY,
      pinned: writing,
      loading: null,
    }
    this.segments.push(info)
    this.segments.sort((a, b) => a.segNo - b.segNo)
    return info
  }

  private load(segment: SegmentInfo): Promise<SegmentIndex> {
    segment.loading ??= readFile(segment.idxPath)
      .then(
        (bytes) => SegmentIndex.decode(bytes),
        () => new SegmentIndex(16),
      )
      .then((index) => {
        segment.loading = null
        segment.index ??= index
        segment.summarized = true
        return segment.index
      })
    return segment.loading
  }

  private async pump(): Promise<void> {
    this.busy = true
    while (this.queued.length > 0) {
      const queued = this.queued
      this.queued = []
      for (const batch of piecesWithin(queued, ONE_PASS_MAX_BYTES)) await this.writeBatch(batch)
    }
    this.busy = false
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  private async writeBatch(batch: BlockSource[]): Promise<void> {
    let inSegment = false
    try {
      // Encoded in one pass into room for the worst case (3 bytes per UTF-16 unit): measuring each
      // text first read every byte twice, a microsecond per run on the host at 10,000 runs a second.
      // Only a single run too big for the room (pump cuts everything else to fit) is measured.
      const lengths = new Array<number>(batch.length)
      let room = 0
      for (let i = 0; i < batch.length; i++) room += batch[i].writing!.length * 3
      if (room > ONE_PASS_MAX_BYTES) {
        room = 0
        for (let i = 0; i < batch.length; i++) room += Buffer.byteLength(batch[i].writing!)
      }
      const scratch = Buffer.allocUnsafe(room)
      let total = 0
      for (let i = 0; i < batch.length; i++) total += lengths[i] = scratch.write(batch[i].writing!, total)
      const bytes = scratch.subarray(0, total)
      const open = await this.segmentFor(total)
      const base = open.bytes
      await writeAll(open.seg, bytes, base)
      open.bytes += total
      const records = Buffer.allocUnsafe(batch.length * INDEX_RECORD_BYTES)
      const index = open.info.index!
      let offset = base
      for (let i = 0; i < batch.length; i++) {
        const lines = countNewlines(bytes, offset - base, offset - base + lengths[i])
        index.add(batch[i].logId, offset, lengths[i], lines)
        writeIndexRecord(records, i, batch[i].logId, offset, lengths[i], lines)
        offset += lengths[i]
      }
      inSegment = true
      this.options.onWritten(batch, true)
      await writeAll(open.idx, records, null)
    } catch (error) {
      this.options.logger.error('packed run-log write failed; starting a new segment', {
        dir: this.dir,
        runs: batch.length,
        error: (error as Error).message,
      })
      if (!inSegment) this.options.onWritten(batch, false)
      await this.closeCurrent().catch(() => undefined)
    }
  }

  private async segmentFor(bytes: number): Promise<OpenSegment> {
    if (this.current && this.current.bytes > 0 && this.current.bytes + bytes > this.options.segmentMaxBytes) await this.closeCurrent()
    this.current ??= await this.openNext()
    return this.current
  }

  private async openNext(): Promise<OpenSegment> {
    await this.discover()
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    let segNo = (this.segments.at(-1)?.segNo ?? 0) + 1
    for (;;) {
      const info = { segPath: join(this.dir, `runs-${segNo}.seg`), idxPath: join(this.dir, `runs-${segNo}.idx`) }
      let seg: FileHandle | null = null
      try {
        seg = await open(info.segPath, 'wx', PRIVATE_FILE_MODE)
        const idx = await open(info.idxPath, 'wx', PRIVATE_FILE_MODE)
        return { info: this.register(segNo, true), seg, idx, bytes: 0 }
      } catch (error) {
        await seg?.close()
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        segNo++
      }
    }
  }

  private async closeCurrent(): Promise<void> {
    const current = this.current
    if (!current) return
    this.current = null
    current.info.pinned = false
    this.options.cache.touch(current.info)
    await Promise.allSettled([current.seg.close(), current.idx.close()])
  }
}

/**
 * `batch` cut, in order, into pieces whose worst-case encoded size fits `maxRoom`: a second's runs
 * at 10k jobs need ~15 MB of worst-case room, and measuring them instead cost ~1 µs a run. A run
 * bigger than the room alone is a piece of its own.
 */
export function piecesWithin(batch: BlockSource[], maxRoom: number): BlockSource[][] {
  const pieces: BlockSource[][] = []
  let piece: BlockSource[] = []
  let room = 0
  for (const source of batch) {
    const need = source.writing!.length * 3
    if (piece.length > 0 && room + need > maxRoom) {
      pieces.push(piece)
      piece = []
      room = 0
    }
    piece.push(source)
    room += need
  }
  if (piece.length > 0) pieces.push(piece)
  return pieces
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let count = 0
  for (let at = bytes.indexOf(NEWLINE, from); at >= 0 && at < to; at = bytes.indexOf(NEWLINE, at + 1)) count++
  return count
}

/** Writes all of `bytes` at `position` (null: at the end of an append-mode file). */
async function writeAll(handle: FileHandle, bytes: Buffer, position: number | null): Promise<void> {
  let done = 0
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position === null ? null : position + done)
    done += bytesWritten
  }
}
