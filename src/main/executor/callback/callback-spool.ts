import { createHash } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { HandleCallback } from '../executor-api'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../run-log/private-modes'

const PREFIX = 'xxl-job-callback-'
const SUFFIX = '.log'

/**
 * Undeliverable callback batches on disk (XXL-JOB 3.x layout, docs/protocol.md#executor-timing):
 * `<logDir>/callbacklogs/xxl-job-callback-<md5 hex of the JSON>.log`, holding the JSON array.
 * Written to a temp file, fsynced and renamed, so a crash leaves either the whole batch or nothing.
 */
export class CallbackSpool {
  readonly dir: string

  constructor(logDir: string) {
    this.dir = join(logDir, 'callbacklogs')
  }

  async write(batch: readonly HandleCallback[]): Promise<string> {
    const json = JSON.stringify(batch)
    const name = `${PREFIX}${createHash('md5').update(json).digest('hex')}${SUFFIX}`
    const path = join(this.dir, name)
    const tempPath = join(this.dir, `.${name}.${process.pid}.tmp`)
    // Callbacks name runs and carry their messages: the spool is its owner's only.
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    const file = await open(tempPath, 'w', PRIVATE_FILE_MODE)
    try {
      await file.writeFile(json)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(tempPath, path)
    await syncDir(this.dir)
    return path
  }

  /** Spool files, oldest name order (stable); temp files of interrupted writes are ignored. */
  async list(): Promise<string[]> {
    try {
      const names = await readdir(this.dir)
      return names
        .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
        .sort()
        .map((name) => join(this.dir, name))
    } catch {
      return []
    }
  }

  async read(path: string): Promise<HandleCallback[]> {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
    if (!Array.isArray(parsed)) throw new Error('spool file does not hold a JSON array')
    return parsed.map((item: Record<string, unknown>) => ({
      logId: Number(item.logId),
      // 3.4 executors spool `logDateTim`; accept both so a shared log dir still retries.
      logDateTime: Number(item.logDateTime ?? item.logDateTim ?? 0),
      handleCode: Number(item.handleCode),
      handleMsg: item.handleMsg === undefined || item.handleMsg === null ? null : String(item.handleMsg),
    }))
  }

  async remove(path: string): Promise<void> {
    await rm(path, { force: true })
  }

  /** Moves a file that cannot be parsed out of the retry set, keeping it for an operator to inspect. */
  async quarantine(path: string): Promise<void> {
    await rename(path, `${path}.corrupt`)
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  }
}
