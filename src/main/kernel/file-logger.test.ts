import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFileLogger, LOG_FILE_NAME } from './file-logger'
import type { Logger } from './logger'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

const jsonLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the core log file (pino + rotating-file-stream)', () => {
  it('creates jobdesk.log in the data folder with one JSON object per line: level, time, msg and the fields', async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'jobdesk-log-')), 'data')
    const { logger, file, close } = createFileLogger({ dir })
    logger.info('core running', { dataDir: dir })
    logger.warn('an executor went quiet', { address: 'http://10.0.0.5:9999/' })
    logger.debug('not at the default level')
    await close()

    expect(file).toBe(join(dir, LOG_FILE_NAME))
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const lines = jsonLines(file)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'core running', dataDir: dir })
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'an executor went quiet', address: 'http://10.0.0.5:9999/' })
    expect(Number.isNaN(Date.parse(String(lines[0].time)))).toBe(false)
  })

  it('rotates at the size limit, keeping the newest lines in jobdesk.log and at most N rotated files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    const { logger, file, close } = createFileLogger({ dir, size: '1K', rotatedCount: 2 })
    // About 110 bytes a line: 60 lines are over 6 KB, several rotations at 1 KB.
    for (let i = 1; i <= 60; i++) logger.info(`line ${String(i).padStart(3, '0')}`, { padding: 'x'.repeat(40) })
    await close()

    expect(readdirSync(dir).sort()).toEqual(['jobdesk.1.log', 'jobdesk.2.log', 'jobdesk.log'])
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(1024 + 200)
    const current = jsonLines(file)
    expect(current.at(-1)).toMatchObject({ level: 'info', msg: 'line 060' })
    // jobdesk.1.log holds the lines just before the current file's first.
    const previous = jsonLines(join(dir, 'jobdesk.1.log'))
    const firstCurrent = Number(String(current[0].msg).slice(5))
    expect(previous.at(-1)!.msg).toBe(`line ${String(firstCurrent - 1).padStart(3, '0')}`)
  })

  it('also writes to the console logger it is given (headless mode)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    const seen: string[] = []
    const console: Logger = { debug() {}, info: (msg) => seen.push(msg), warn: (msg) => seen.push(msg), error: (msg) => seen.push(msg) }
    const { logger, close } = createFileLogger({ dir, alsoTo: console })
    logger.info('to both')
    await close()
    expect(seen).toEqual(['to both'])
    expect(jsonLines(join(dir, LOG_FILE_NAME))[0]).toMatchObject({ msg: 'to both' })
  })
})
