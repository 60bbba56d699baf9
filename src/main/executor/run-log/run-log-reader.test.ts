import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../../test/support/executor-fixtures'
import { pageLogParts } from './log-page'
import { RunLogReader } from './run-log-reader'

/** A page of `path` as the run-log stores make one: the reader's lines, paged by pageLogParts. */
async function page(reader: RunLogReader, path: string, fromLineNum: number) {
  const lines = await reader.readLines(path, fromLineNum)
  return lines && pageLogParts([], fromLineNum, lines.totalLines, lines.text)
}

describe('RunLogReader', () => {
  let temp: { dir: string; remove(): Promise<void> }
  beforeEach(async () => {
    temp = await makeTempDir()
  })
  afterEach(async () => {
    await temp.remove()
  })

  it('pages by physical line and keeps up with appended lines', async () => {
    const path = join(temp.dir, '1.log')
    await writeFile(path, 'one\ntwo\nthree\n')
    const reader = new RunLogReader()
    expect(await page(reader, path, 2)).toEqual({ fromLineNum: 2, toLineNum: 3, logContent: 'two\nthree\n', isEnd: false })
    await appendFile(path, 'four\nfi')
    expect(await page(reader, path, 4)).toEqual({ fromLineNum: 4, toLineNum: 5, logContent: 'four\nfi\n', isEnd: false })
    await appendFile(path, 've\n')
    expect(await page(reader, path, 5)).toEqual({ fromLineNum: 5, toLineNum: 5, logContent: 'five\n', isEnd: false })
    expect(await page(reader, path, 6)).toEqual({ fromLineNum: 6, toLineNum: 0, logContent: '', isEnd: false })
    expect(await page(reader, path, 0)).toMatchObject({ fromLineNum: 0, toLineNum: 5 })
  })

  it('answers null for a missing file and starts over when a file shrinks', async () => {
    const reader = new RunLogReader()
    const path = join(temp.dir, '2.log')
    expect(await page(reader, path, 1)).toBeNull()
    await writeFile(path, 'a\nb\nc\n')
    expect((await page(reader, path, 1))!.toLineNum).toBe(3)
    await writeFile(path, 'x\n')
    expect(await page(reader, path, 1)).toEqual({ fromLineNum: 1, toLineNum: 1, logContent: 'x\n', isEnd: false })
  })
})
