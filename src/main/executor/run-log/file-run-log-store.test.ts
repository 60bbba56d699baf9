import { write } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/executor-fixtures'
import { silentLogger } from '../../kernel/logger'
import { FileRunLogStore } from './file-run-log-store'
import { lostLinesMarker } from './lost-lines'
import type { WriteFd } from './run-log-writer'

const FAILED_AT_MS = Date.UTC(2026, 11, 6, 12, 0, 0)
const TRIGGERED_MS = Date.UTC(2026, 11, 6, 11, 59, 0)

describe('FileRunLogStore on a disk that fills up', () => {
  let temp: { dir: string; remove(): Promise<void> }
  beforeEach(async () => {
    temp = await makeTempDir()
  })
  afterEach(async () => {
    await temp.remove()
  })

  it('pages what reached the disk, the marker where the missing lines were, and how many are missing', async () => {
    let roomBytes = Number.POSITIVE_INFINITY
    const writeFd: WriteFd = (fd, bytes, offset, length, done) => {
      if (roomBytes <= 0) return done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 0)
      write(fd, bytes, offset, Math.min(length, roomBytes), null, (error, written) => {
        roomBytes -= written
        done(error, written)
      })
    }
    const store = new FileRunLogStore(temp.dir, silentLogger, () => undefined, { writeFd, nowMs: () => FAILED_AT_MS })
    const log = store.open(42, TRIGGERED_MS)
    store.append(log, 'start\n')
    expect(await store.read(42, TRIGGERED_MS, 1)).toEqual({ fromLineNum: 1, toLineNum: 1, logContent: 'start\n', isEnd: false })

    roomBytes = 3
    store.append(log, 'line one\nresult\n')
    store.close(log)
    const marker = lostLinesMarker(FAILED_AT_MS, 'ENOSPC: no space left on device')
    // The torn line reads as a line of its own, and the marker follows it.
    expect(await store.read(42, TRIGGERED_MS, 1)).toEqual({ fromLineNum: 1, toLineNum: 3, logContent: `start\nlin\n${marker}`, isEnd: false, lostLines: 2 })
    expect(await store.read(42, TRIGGERED_MS, 3)).toEqual({ fromLineNum: 3, toLineNum: 3, logContent: marker, isEnd: false, lostLines: 2 })

    // Once the disk has room the marker is written where reads showed it: the numbering holds.
    roomBytes = Number.POSITIVE_INFINITY
    await store.drain()
    expect(await store.read(42, TRIGGERED_MS, 2)).toEqual({ fromLineNum: 2, toLineNum: 3, logContent: `lin\n${marker}`, isEnd: false, lostLines: 2 })
  })
})
