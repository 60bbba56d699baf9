import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogPage } from '../../../src/shared/model'
import { createFileLogger, type FileLogger } from '../../../src/main/kernel/file-logger'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * A disk that fills up under a running core and is freed again, for real: a small tmpfs (mounted
 * here, so the test runs as root, as CI does; a failed mount fails the test) holds the data folder
 * — jobdesk.log and the embedded executor's run logs — while the database sits elsewhere, so runs
 * go on and finish. Afterwards every line of jobdesk.log parses, and every run that lost log lines
 * says so in getRunLog (a marker line and `lostLines`), never an empty log that looks complete.
 */
const DISK_BYTES = 1024 * 1024
const LOST_MARKER = 'log lines lost here: they could not be written (ENOSPC: no space left on device)'

const temp = makeTempDir('jobdesk-full-disk-')
const disk = join(temp.path, 'disk')
let mounted = false
let t: TestCore | undefined
let log: FileLogger | undefined

beforeAll(() => {
  mkdirSync(disk)
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES},mode=0700`, 'tmpfs', disk])
  mounted = true
})
afterAll(async () => {
  await t?.stop()
  await log?.close()
  if (mounted) execFileSync('umount', [disk])
  temp.remove()
})

/** Fills the disk to its last byte with one file; returns it, for the test to delete. */
function fill(): string {
  const path = join(disk, 'filler')
  const fd = openSync(path, 'w')
  const chunk = Buffer.alloc(64 * 1024, 0x2e)
  try {
    // Bounded: never more than the disk's size, in chunks that shrink when a write comes up short.
    for (let written = 0, size = chunk.length; written <= DISK_BYTES;) {
      try {
        written += writeSync(fd, chunk, 0, size)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
        if (size === 1) return path
        size = Math.max(1, size >> 4)
      }
    }
    throw new Error(`${disk} did not fill up after ${DISK_BYTES} bytes`)
  } finally {
    closeSync(fd)
  }
}

function jsonLogFiles(): string[] {
  return readdirSync(disk).filter((name) => /^jobdesk(\.\d+)?\.log$/.test(name))
}

function runLogFile(logId: number): string | undefined {
  const logs = join(disk, 'logs')
  for (const day of readdirSync(logs)) if (readdirSync(join(logs, day)).includes(`${logId}.log`)) return join(logs, day, `${logId}.log`)
  return undefined
}

describe('a full disk under a running core', () => {
  it('keeps jobdesk.log one JSON object per line, and every run that lost log lines says so', async () => {
    log = createFileLogger({ dir: disk })
    t = await startTestCore({ logger: log.logger, logFile: log.file, database: join(temp.path, 'jobdesk.db') }, disk)
    const { api } = t.core
    const jobId = await t.addJob({ executorHandler: 'chattyJobHandler', executorParam: '5|0' })
    const trigger = async (param?: string) => (await api.triggerJob({ jobId, ...(param ? { executorParam: param } : {}) })).logIds[0]
    const read = (logId: number): Promise<LogPage> => api.getRunLog({ logId, fromLineNum: 1 })

    const before = [await trigger(), await trigger()]
    // Started before the disk fills, ends after: its lines are still in memory when it does.
    const spanning = await trigger('3|3000')
    await t.finishedRuns(jobId, 2)
    for (const logId of before) expect((await read(logId)).logContent).toContain('chatty line 5')

    const filler = fill()
    const during: number[] = []
    for (let i = 0; i < 40; i++) during.push(await trigger())
    await t.finishedRuns(jobId, 43)
    const onFullDisk = [spanning, ...during]
    const lostWhileFull = await waitFor('most runs of the full disk to report lost lines', async () => {
      const lost = (await Promise.all(onFullDisk.map(read))).filter((page) => (page.lostLines ?? 0) > 0)
      // A few may have fit in the last, partly used page of a file written before (tmpfs pages are 4 KB).
      return lost.length >= during.length / 2 && lost
    })
    for (const page of lostWhileFull) expect(page.logContent, 'the log says where its lines went missing').toContain(LOST_MARKER)

    unlinkSync(filler)
    const after = await trigger()
    await t.finishedRuns(jobId, 44)
    const afterPage = await waitFor('the run after the disk had room to be complete', async () => {
      const page = await read(after)
      return page.logContent.includes('callback finish') && page
    })
    expect(afterPage.lostLines).toBeUndefined()
    expect(afterPage.logContent).toContain('chatty line 5')

    // Every run of the full disk either has its whole log or says that lines are missing; none has an empty log.
    const lost: number[] = []
    for (const logId of onFullDisk) {
      const page = await read(logId)
      if (page.lostLines === undefined) expect(page.logContent, `run ${logId}: complete`).toMatch(/chatty line 3[\s\S]*callback finish/)
      else {
        expect(page.logContent, `run ${logId}: says where lines went missing`).toContain(LOST_MARKER)
        lost.push(logId)
      }
    }
    expect(lost.length).toBeGreaterThanOrEqual(lostWhileFull.length)
    // The marker reaches the run's own file once the disk takes it (the writer retries), so the run
    // still says so after a restart.
    await waitFor('the markers on disk', () => lost.every((logId) => readFileSync(runLogFile(logId) ?? '/dev/null', 'utf8').includes(LOST_MARKER)))

    await t.stop()
    t = undefined
    await log.close()
    log = undefined
    const lines = jsonLogFiles().flatMap((name) => {
      const text = readFileSync(join(disk, name), 'utf8')
      expect(text.endsWith('\n'), `${name} ends with a whole line`).toBe(true)
      return text.split('\n').slice(0, -1)
    })
    const parsed = lines.map((line, index) => {
      try {
        return JSON.parse(line) as { msg: string; lost?: number }
      } catch {
        throw new Error(`jobdesk.log line ${index + 1} is not JSON: ${line.slice(0, 200)}`)
      }
    })
    expect(parsed.filter((line) => line.msg === 'log lines were lost while the log file could not be written').length).toBeGreaterThan(0)
  }, 120_000)
})
