import { open } from 'node:fs/promises'
import type { LogPage } from '../../../shared/model'
import { LOG_MISSING_MSG } from '../executor-texts'

/** Bytes read per step while indexing new lines. */
const SCAN_CHUNK_BYTES = 64 * 1024
const NEWLINE = 0x0a

export interface FileLines {
  /** Lines from the asked line on, each ending in "\n". */
  text: string
  totalLines: number
}

interface LineIndex {
  /** Byte offset where each complete line starts, plus one past the last complete line. */
  starts: number[]
  scannedBytes: number
  /** Serializes reads of one file, so the index is extended by one reader at a time. */
  queue: Promise<unknown>
}

/**
 * Pages run logs by physical line (XXL-JOB's `/log`): every line from `fromLineNum` on. A small
 * line-offset index per recently read file means a tail that polls a 100,000-line log reads only the
 * bytes it returns plus what was appended since the last poll.
 */
export class RunLogReader {
  private readonly indexes = new Map<string, LineIndex>()

  constructor(private readonly maxIndexedFiles = 64) {}

  /**
   * The lines from `fromLineNum` on (a last line without "\n" gets one) and how many lines the file
   * has; `null` when the file does not exist.
   */
  readLines(path: string, fromLineNum: number): Promise<FileLines | null> {
    let index = this.indexes.get(path)
    if (index) this.indexes.delete(path)
    else index = { starts: [0], scannedBytes: 0, queue: Promise.resolve() }
    // Re-insert as most recently used, evicting the oldest index beyond the limit.
    this.indexes.set(path, index)
    if (this.indexes.size > this.maxIndexedFiles) this.indexes.delete(this.indexes.keys().next().value!)
    const entry = index
    const result = entry.queue.then(() => this.readIndexed(path, entry, fromLineNum))
    entry.queue = result.catch(() => undefined)
    return result
  }

  forget(path: string): void {
    this.indexes.delete(path)
  }

  private async readIndexed(path: string, index: LineIndex, fromLineNum: number): Promise<FileLines | null> {
    let handle
    try {
      handle = await open(path, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.indexes.delete(path)
        return null
      }
      throw error
    }
    try {
      const sizeBytes = (await handle.stat()).size
      if (sizeBytes < index.scannedBytes) {
        // Replaced or truncated: start over.
        index.starts = [0]
        index.scannedBytes = 0
      }
      const scanBuffer = Buffer.allocUnsafe(SCAN_CHUNK_BYTES)
      while (index.scannedBytes < sizeBytes) {
        const { bytesRead } = await handle.read(scanBuffer, 0, Math.min(SCAN_CHUNK_BYTES, sizeBytes - index.scannedBytes), index.scannedBytes)
        if (bytesRead === 0) break
        for (let i = scanBuffer.indexOf(NEWLINE, 0); i >= 0 && i < bytesRead; i = scanBuffer.indexOf(NEWLINE, i + 1)) {
          index.starts.push(index.scannedBytes + i + 1)
        }
        index.scannedBytes += bytesRead
      }
      const completeLines = index.starts.length - 1
      const lastStart = index.starts[completeLines]
      const hasPartial = lastStart < sizeBytes
      const totalLines = completeLines + (hasPartial ? 1 : 0)
      const first = Math.max(1, fromLineNum)
      if (first > totalLines) return { text: '', totalLines }
      const startByte = index.starts[first - 1]
      const content = Buffer.allocUnsafe(sizeBytes - startByte)
      let filled = 0
      while (filled < content.length) {
        const { bytesRead } = await handle.read(content, filled, content.length - filled, startByte + filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      const text = content.subarray(0, filled).toString('utf8')
      return { text: hasPartial ? `${text}\n` : text, totalLines }
    } finally {
      await handle.close()
    }
  }
}

export function missingLogPage(fromLineNum: number): LogPage {
  return { fromLineNum, toLineNum: 0, logContent: LOG_MISSING_MSG, isEnd: true }
}
