import { write } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/executor-fixtures'
import { silentLogger } from '../../kernel/logger'
import { accountFailedWrite, lostLinesMarker } from './lost-lines'
import { RunLogWriter, type WriteFd } from './run-log-writer'

/** A disk with `roomBytes` left: a write takes what fits (a short write) and the next one fails with ENOSPC. */
class FillingDisk {
  roomBytes = Number.POSITIVE_INFINITY
  readonly writeFd: WriteFd = (fd, bytes, offset, length, done) => {
    if (this.roomBytes <= 0) return done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 0)
    write(fd, bytes, offset, Math.min(length, this.roomBytes), null, (error, written) => {
      this.roomBytes -= written
      done(error, written)
    })
  }
}

const FAILED_AT_MS = Date.UTC(2026, 11, 6, 12, 0, 0)

describe('RunLogWriter', () => {
  let temp: { dir: string; remove(): Promise<void> }
  beforeEach(async () => {
    temp = await makeTempDir()
  })
  afterEach(async () => {
    await temp.remove()
  })

  it('holds at most its fd limit while many runs wait for their callback line, and reopens on the next write', async () => {
    const writer = new RunLogWriter(silentLogger, () => undefined, 4)
    let peak = 0
    const sampleUntil = async (done: Promise<void>): Promise<void> => {
      let finished = false
      void done.then(() => (finished = true))
      while (!finished) {
        peak = Math.max(peak, writer.openFdCount)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const files = Array.from({ length: 20 }, (_, i) => writer.file(join(temp.dir, 'day', `${i + 1}.log`), i + 1))
    for (const file of files) writer.append(file, `start ${file.logId}\n`)
    await sampleUntil(writer.drain())
    for (const file of files) {
      writer.append(file, `callback ${file.logId}\n`)
      writer.close(file)
    }
    await sampleUntil(writer.drain())
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThanOrEqual(4)
    expect(writer.openFdCount).toBe(0)
    for (const file of files) expect(await readFile(file.path, 'utf8')).toBe(`start ${file.logId}\ncallback ${file.logId}\n`)
  })

  it('lets a reader wait for the lines of a file that is closing', async () => {
    const writer = new RunLogWriter(silentLogger, () => undefined)
    const file = writer.file(join(temp.dir, 'day', '7.log'), 7)
    writer.append(file, 'one\ntwo\n')
    writer.close(file)
    await writer.flushPath(file.path)
    expect(await readFile(file.path, 'utf8')).toBe('one\ntwo\n')
  })

  it('counts the lines a full disk refused, ends the torn one, and writes a marker before the next lines once there is room', async () => {
    const disk = new FillingDisk()
    const writer = new RunLogWriter(silentLogger, () => undefined, 256, { writeFd: disk.writeFd, nowMs: () => FAILED_AT_MS })
    const file = writer.file(join(temp.dir, 'day', '7.log'), 7)
    writer.append(file, 'one\n')
    await writer.flushPath(file.path)
    expect(writer.lostLines(7)).toBe(0)

    disk.roomBytes = 5
    writer.append(file, 'two two\nthree\n')
    await writer.flushPath(file.path)
    const marker = lostLinesMarker(FAILED_AT_MS, 'ENOSPC: no space left on device')
    expect(await readFile(file.path, 'utf8')).toBe('one\ntwo t')
    expect(writer.lostLines(7)).toBe(2)
    expect(writer.owedMarker(file.path)).toBe(marker)

    // Still full: the marker waits, the new line is lost too.
    writer.append(file, 'four\n')
    await writer.flushPath(file.path)
    expect(writer.lostLines(7)).toBe(3)

    disk.roomBytes = Number.POSITIVE_INFINITY
    writer.append(file, 'five\n')
    await writer.flushPath(file.path)
    expect(await readFile(file.path, 'utf8')).toBe(`one\ntwo t\n${marker}five\n`)
    expect(writer.owedMarker(file.path)).toBeNull()
    expect(writer.lostLines(7)).toBe(3)
  })

  it('keeps a closed file that owes its marker, and writes it when it stops if the disk has room by then', async () => {
    const disk = new FillingDisk()
    const writer = new RunLogWriter(silentLogger, () => undefined, 256, { writeFd: disk.writeFd, nowMs: () => FAILED_AT_MS })
    const file = writer.file(join(temp.dir, 'day', '8.log'), 8)
    disk.roomBytes = 0
    writer.append(file, 'start\nresult\ncallback\n')
    writer.close(file)
    await writer.flushPath(file.path)
    expect(writer.lostLines(8)).toBe(3)
    expect(writer.owedMarker(file.path), 'a closed file is kept while it owes its marker').not.toBeNull()

    disk.roomBytes = Number.POSITIVE_INFINITY
    await writer.drain()
    expect(await readFile(file.path, 'utf8')).toBe(lostLinesMarker(FAILED_AT_MS, 'ENOSPC: no space left on device'))
    expect(writer.owedMarker(file.path)).toBeNull()
  })
})

describe('accountFailedWrite', () => {
  const bytes = Buffer.from('MARK\nab\ncd\n')
  it('counts every line not wholly written, the torn one included, after an owed marker of 5 bytes', () => {
    expect(accountFailedWrite(bytes, 0, 5)).toEqual({ markerWritten: false, lostLines: 2, endsMidLine: null })
    expect(accountFailedWrite(bytes, 3, 5)).toEqual({ markerWritten: false, lostLines: 2, endsMidLine: true })
    expect(accountFailedWrite(bytes, 5, 5)).toEqual({ markerWritten: true, lostLines: 2, endsMidLine: false })
    expect(accountFailedWrite(bytes, 6, 5)).toEqual({ markerWritten: true, lostLines: 2, endsMidLine: true })
    expect(accountFailedWrite(bytes, 8, 5)).toEqual({ markerWritten: true, lostLines: 1, endsMidLine: false })
  })
})
