import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../src/main/app/data-dir'
import { createExecutor } from '../../../src/main/executor'
import { spawnWorker } from '../../../src/main/kernel/spawn-worker'
import { startTestCore } from '../../support/core-harness'
import { triggerParam } from '../../support/executor-fixtures'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 9, finding 8: jobdesk.db and its WAL were 0644 with the tokens inside, and so were callback
 * spool files. The data folder is the user's alone (0700), the database files and spools 0600,
 * whatever the umask (here the common 022, which leaves new files world-readable).
 */
let temp: ReturnType<typeof makeTempDir>
let umaskBefore: number
beforeEach(() => {
  temp = makeTempDir('jobdesk-modes-')
  umaskBefore = process.umask(0o022)
})
afterEach(() => {
  process.umask(umaskBefore)
  temp.remove()
})

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(3, '0')

describe('files only the owner can read', () => {
  it('a new data folder is 0700 and jobdesk.db, its WAL and SHM are 0600', async () => {
    const dataDir = join(temp.path, 'data')
    const core = await startTestCore({}, dataDir)
    try {
      // A write makes sure the WAL and SHM exist.
      await core.addJob({ name: 'mode check' })
      const db = databaseFile(dataDir)
      const files = [db, `${db}-wal`, `${db}-shm`].filter((f) => existsSync(f))
      expect(files.length, 'the database files').toBe(3)
      expect({ [dataDir]: modeOf(dataDir), ...Object.fromEntries(files.map((f) => [f, modeOf(f)])) }).toEqual({
        [dataDir]: '700',
        ...Object.fromEntries(files.map((f) => [f, '600'])),
      })
    } finally {
      await core.stop()
    }
  })

  it('callback spool files are 0600', async () => {
    const logDir = join(temp.path, 'agent-logs')
    const executor = createExecutor({
      logDir,
      // The admin is unreachable: every callback batch goes to the spool.
      callbackSink: async () => {
        throw new Error('admin unreachable')
      },
      spawnWorker,
      enableScripts: false,
      callbackRetryMs: 3_600_000,
    })
    try {
      expect((await executor.run(triggerParam({ jobId: 1 }))).code).toBe(200)
      const spoolDir = join(logDir, 'callbacklogs')
      const spooled = await waitFor('a spooled callback', () => {
        const names = existsSync(spoolDir) ? readdirSync(spoolDir).filter((n) => n.endsWith('.log')) : []
        return names.length > 0 && names
      })
      expect(Object.fromEntries(spooled.map((n) => [n, modeOf(join(spoolDir, n))]))).toEqual(Object.fromEntries(spooled.map((n) => [n, '600'])))
    } finally {
      await executor.stop()
    }
  })
})
