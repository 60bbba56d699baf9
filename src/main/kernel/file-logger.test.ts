import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Writable } from 'node:stream'
import { createStream, type Generator, type Options } from 'rotating-file-stream'
import { createFileLogger, LOG_FILE_NAME, LOG_FILE_RETRY_MS } from './file-logger'
import { waitFor } from '../../../test/support/wait-for'
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

  it('writes again once the disk has room after a write error (ENOSPC), and says how many lines were lost', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    const disk = new FullableDisk()
    let nowMs = 1_000_000
    const errors: string[] = []
    const console: Logger = { debug() {}, info() {}, warn() {}, error: (msg, fields) => errors.push(`${msg}: ${String(fields?.error)}`) }
    const { logger, file, close } = createFileLogger({ dir, alsoTo: console, openStream: disk.open, nowMs: () => nowMs })
    logger.info('before the disk filled up')
    await disk.written('before the disk filled up')

    disk.full = true
    logger.info('fails to be written')
    await disk.failures(1)
    logger.info('lost 1')
    logger.info('lost 2')
    // Still full at the next attempt: it fails again, and the console is not told twice.
    nowMs += LOG_FILE_RETRY_MS
    logger.info('lost 3')
    await disk.failures(2)
    logger.info('lost 4')
    expect(errors).toEqual(['the log file cannot be written: ENOSPC: no space left on device, write'])

    disk.full = false
    nowMs += LOG_FILE_RETRY_MS
    logger.info('room again')
    logger.warn('and after', { n: 2 })
    await close()

    const lines = jsonLines(file)
    expect(lines.map((l) => l.msg)).toEqual([
      'before the disk filled up',
      'log lines were lost while the log file could not be written',
      'room again',
      'and after',
    ])
    // Lost: the line being written when the disk filled up, the two after it, and two more at the failed retry.
    expect(lines[1]).toMatchObject({ level: 'warn', lost: 5, error: 'ENOSPC: no space left on device, write' })
    expect(lines[3]).toMatchObject({ level: 'warn', n: 2 })
    expect(disk.opened).toBe(3)
  })
  it('cuts the line a full disk tore in half before it writes again: every line parses, and the torn one counts as lost', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    const disk = new FullableDisk()
    let nowMs = 1_000_000
    const { logger, file, close } = createFileLogger({ dir, openStream: disk.open, nowMs: () => nowMs })
    logger.info('before the disk filled up')
    await disk.written('before the disk filled up')

    // As rotating-file-stream meets a full disk: a short write taken for done, then ENOSPC.
    disk.full = true
    disk.tearNext = true
    logger.info('torn in half', { padding: 'x'.repeat(200) })
    logger.info('refused')
    await disk.failures(1)
    expect(readFileSync(file, 'utf8')).toMatch(/\n\{"level":"info"[^\n]+$/)

    disk.full = false
    nowMs += LOG_FILE_RETRY_MS
    logger.info('room again')
    await close()
    const text = readFileSync(file, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const lines = text
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.map((l) => l.msg)).toEqual(['before the disk filled up', 'log lines were lost while the log file could not be written', 'room again'])
    expect(lines[1]).toMatchObject({ lost: 2, error: 'ENOSPC: no space left on device, write' })
  })

  it('leaves the file whole on a stop right after the disk had room again, within the pause', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    const disk = new FullableDisk()
    const { logger, file, close } = createFileLogger({ dir, openStream: disk.open, nowMs: () => 1_000_000 })
    logger.info('before the disk filled up')
    await disk.written('before the disk filled up')
    disk.full = true
    disk.tearNext = true
    logger.info('torn in half', { padding: 'x'.repeat(200) })
    logger.info('refused')
    await disk.failures(1)
    logger.info('counted during the pause')
    disk.full = false
    await close()
    expect(jsonLines(file).map((l) => [l.msg, l.lost])).toEqual([
      ['before the disk filled up', undefined],
      ['log lines were lost while the log file could not be written', 3],
    ])
  })

  it('cuts an unfinished last line left by an earlier process, and says so first', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    writeFileSync(join(dir, LOG_FILE_NAME), '{"level":"info","msg":"whole"}\n{"level":"info","ms')
    const { logger, file, close } = createFileLogger({ dir })
    logger.info('started again')
    await close()
    expect(jsonLines(file).map((l) => [l.msg, l.lost])).toEqual([
      ['whole', undefined],
      ['log lines were lost while the log file could not be written', 1],
      ['started again', undefined],
    ])
  })

  it('ends a torn line it cannot find the start of, rather than glue the next line to it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-log-'))
    writeFileSync(join(dir, LOG_FILE_NAME), 'x'.repeat(1024 * 1024 + 10))
    const { logger, file, close } = createFileLogger({ dir })
    logger.info('on a line of its own')
    await close()
    const lines = readFileSync(file, 'utf8').split('\n')
    expect(lines[0]).toBe('x'.repeat(1024 * 1024 + 10))
    expect(lines.slice(1, -1).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['on a line of its own'])
  })
})

/**
 * rotating-file-stream's streams, behind a switch that fails every write with ENOSPC as a full disk
 * does: the failed stream is destroyed (Node's rule for a write error), as the real one would be.
 */
class FullableDisk {
  full = false
  /** The next write while full writes half its line and reports success, as a short write does. */
  tearNext = false
  opened = 0
  private failed = 0
  private text = ''

  readonly open = (name: Generator, options: Options): Writable => {
    this.opened++
    const real = createStream(name, options)
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (this.full && this.tearNext) {
          this.tearNext = false
          return real.write(chunk.subarray(0, chunk.length >> 1), (error) => done(error))
        }
        if (this.full) {
          this.failed++
          return done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
        }
        real.write(chunk, (error) => {
          this.text += chunk.toString()
          done(error)
        })
      },
      final: (done) => {
        real.end()
        real.once('finish', () => done())
      },
      destroy: (error, done) => {
        real.destroy()
        done(error)
      },
    })
  }

  /** Resolves once `count` writes have failed in all, and the failed stream has reported its error. */
  async failures(count: number): Promise<void> {
    await waitFor(`${count} failed writes`, () => this.failed >= count)
    // A stream emits its error on a tick after the write's callback.
    await new Promise((resolve) => setImmediate(resolve))
  }

  /** Resolves once `text` has reached the file. */
  async written(text: string): Promise<void> {
    await waitFor(`'${text}' in the file`, () => this.text.includes(text))
  }
}
