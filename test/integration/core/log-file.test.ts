import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFileLogger, type FileLogger } from '../../../src/main/kernel/file-logger'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'

let t: TestCore | undefined
let log: FileLogger | undefined
let dir: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await t?.stop()
  await log?.close()
  dir?.remove()
  t = log = dir = undefined
})

describe('the log file of a running core', () => {
  it('is in the data folder, written as the core works, and shown in Settings', async () => {
    dir = makeTempDir()
    log = createFileLogger({ dir: dir.path })
    t = await startTestCore({ logger: log.logger, logFile: log.file }, dir.path)
    expect((await t.core.api.getSettings()).logFile).toBe(join(dir.path, 'jobdesk.log'))
    await t.stop()
    t = undefined
    await log.close()
    const lines = readFileSync(log.file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; msg: string })
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'core running' }))
  })
})
