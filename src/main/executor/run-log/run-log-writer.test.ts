import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/executor-fixtures'
import { silentLogger } from '../../kernel/logger'
import { RunLogWriter } from './run-log-writer'

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
})
