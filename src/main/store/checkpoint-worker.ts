import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import type { CheckpointerMessage, CheckpointerSettings } from './checkpointer'
import { quickCheckProblems } from './integrity'

/**
 * Copies the WAL back into the database file from a thread of its own. A checkpoint ends with an
 * fsync, which on a slow disk blocks for hundreds of milliseconds; on the core's thread that would
 * delay every fire behind it. PASSIVE never waits for (or blocks) the writer.
 */
const settings = workerData as CheckpointerSettings
const db = new Database(settings.file, { nativeBinding: settings.nativeBinding, timeout: 5000 })
db.pragma('busy_timeout = 5000')

const timer = setInterval(() => checkpoint('PASSIVE'), settings.periodMs)
if (settings.quickCheck) setImmediate(quickCheck)

parentPort!.on('message', (message: CheckpointerMessage) => {
  switch (message.type) {
    case 'stop':
      clearInterval(timer)
      checkpoint('TRUNCATE')
      db.close()
      parentPort!.postMessage({ type: 'stopped' } satisfies CheckpointerMessage)
      return
  }
})

/** The start's integrity check, here so the core's first scan does not wait for every page to be read. */
function quickCheck(): void {
  let problems: string[]
  try {
    problems = quickCheckProblems(db)
  } catch (error) {
    problems = [(error as Error).message]
  }
  parentPort!.postMessage({ type: 'checked', problems } satisfies CheckpointerMessage)
}

function checkpoint(mode: 'PASSIVE' | 'TRUNCATE'): void {
  try {
    db.pragma(`wal_checkpoint(${mode})`)
  } catch (error) {
    // Busy or I/O trouble: the next period tries again; the WAL only grows meanwhile.
    parentPort!.postMessage({ type: 'failed', message: (error as Error).message } satisfies CheckpointerMessage)
  }
}
