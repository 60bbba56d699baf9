/**
 * The index of one segment file (`runs-<n>.idx` beside `runs-<n>.seg`): one fixed-size record per
 * block of run-log lines, appended after the block's bytes are written.
 *
 * Record, 24 bytes little-endian: logId f64 · offset u32 · length u32 (bytes) · lines u32 · check u32.
 * `check` mixes the other fields with a constant, so a record torn or zero-filled by a crash is
 * recognised and skipped on load, as is a partial record at the end of the file.
 */
export const INDEX_RECORD_BYTES = 24
const CHECK_SALT = 0x4a444c47

function checkOf(logId: number, offset: number, length: number, lines: number): number {
  const low = logId % 0x1_0000_0000
  const high = Math.floor(logId / 0x1_0000_0000)
  return (Math.imul(low ^ CHECK_SALT, 0x9e3779b1) ^ Math.imul(high + offset, 0x85ebca6b) ^ Math.imul(length, 31) ^ lines) >>> 0
}

/** One block of a run's lines in a segment. */
export interface BlockRef {
  offset: number
  length: number
  lines: number
}

export class SegmentIndex {
  count = 0
  minLogId = Number.POSITIVE_INFINITY
  maxLogId = Number.NEGATIVE_INFINITY
  private logIds: Float64Array
  private fields: Uint32Array

  constructor(capacity = 1024) {
    this.logIds = new Float64Array(capacity)
    this.fields = new Uint32Array(capacity * 3)
  }

  /** Memory held, for the cache's budget. */
  get bytes(): number {
    return this.logIds.byteLength + this.fields.byteLength
  }

  add(logId: number, offset: number, length: number, lines: number): void {
    if (this.count === this.logIds.length) this.grow()
    const i = this.count++
    this.logIds[i] = logId
    this.fields[i * 3] = offset
    this.fields[i * 3 + 1] = length
    this.fields[i * 3 + 2] = lines
    if (logId < this.minLogId) this.minLogId = logId
    if (logId > this.maxLogId) this.maxLogId = logId
  }

  /** The run's blocks in write order. */
  find(logId: number): BlockRef[] {
    const found: BlockRef[] = []
    if (logId < this.minLogId || logId > this.maxLogId) return found
    const ids = this.logIds
    for (let i = 0; i < this.count; i++) {
      if (ids[i] === logId) found.push({ offset: this.fields[i * 3], length: this.fields[i * 3 + 1], lines: this.fields[i * 3 + 2] })
    }
    return found
  }

  /** Parses an index file's bytes, skipping damaged records. */
  static decode(bytes: Buffer): SegmentIndex {
    const records = Math.floor(bytes.length / INDEX_RECORD_BYTES)
    const index = new SegmentIndex(Math.max(16, records))
    for (let i = 0; i < records; i++) {
      const at = i * INDEX_RECORD_BYTES
      const logId = bytes.readDoubleLE(at)
      const offset = bytes.readUInt32LE(at + 8)
      const length = bytes.readUInt32LE(at + 12)
      const lines = bytes.readUInt32LE(at + 16)
      if (!Number.isSafeInteger(logId) || logId < 1 || length === 0) continue
      if (bytes.readUInt32LE(at + 20) !== checkOf(logId, offset, length, lines)) continue
      index.add(logId, offset, length, lines)
    }
    return index
  }

  private grow(): void {
    const logIds = new Float64Array(this.logIds.length * 2)
    logIds.set(this.logIds)
    const fields = new Uint32Array(this.fields.length * 2)
    fields.set(this.fields)
    this.logIds = logIds
    this.fields = fields
  }
}

/** Writes the `i`-th record of a batch into `bytes` (sized `records × INDEX_RECORD_BYTES`). */
export function writeIndexRecord(bytes: Buffer, i: number, logId: number, offset: number, length: number, lines: number): void {
  const at = i * INDEX_RECORD_BYTES
  bytes.writeDoubleLE(logId, at)
  bytes.writeUInt32LE(offset, at + 8)
  bytes.writeUInt32LE(length, at + 12)
  bytes.writeUInt32LE(lines, at + 16)
  bytes.writeUInt32LE(checkOf(logId, offset, length, lines), at + 20)
}
