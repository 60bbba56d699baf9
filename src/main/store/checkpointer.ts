import type { Worker } from 'node:worker_threads'
import type { Logger } from '../kernel/logger'
import type { SpawnWorker } from '../kernel/spawn-worker'
import { corruptDatabaseMessage } from './integrity'
import type { Db } from './open-database'

export interface CheckpointerSettings {
  file: string
  nativeBinding?: string
  periodMs: number
  /** Run quick_check once at the start (the core opened the file without it, see OpenDatabaseOptions). */
  quickCheck?: boolean
}

export type CheckpointerMessage = { type: 'stop' } | { type: 'stopped' } | { type: 'failed'; message: string } | { type: 'checked'; problems: string[] }

/** SQLite's own threshold (1000 pages), restored when the checkpoint thread is gone. */
const AUTO_CHECKPOINT_PAGES = 1000

/**
 * Moves WAL checkpoints off the core's thread: the core's connection stops checkpointing and a
 * worker with its own connection does it every `periodMs`. If the worker dies, the core's
 * connection takes checkpointing back, so the WAL never grows without bound.
 */
export class Checkpointer {
  private readonly worker: Worker
  private stopping = false

  constructor(
    private readonly db: Db,
    spawnWorker: SpawnWorker,
    settings: CheckpointerSettings,
    private readonly logger: Logger,
  ) {
    db.pragma('wal_autocheckpoint = 0')
    this.worker = spawnWorker('checkpointer', { workerData: settings })
    this.worker.unref()
    this.worker.on('message', (message: CheckpointerMessage) => {
      if (message.type === 'failed') logger.warn('WAL checkpoint failed; retrying next period', { error: message.message })
      // Found after the start: the scheduler goes on (a damaged page fails only the statements that read it), loudly.
      if (message.type === 'checked' && message.problems.length > 0) logger.error(corruptDatabaseMessage(settings.file, message.problems))
    })
    this.worker.on('exit', (code) => {
      if (this.stopping) return
      logger.error('the checkpoint thread exited; checkpointing on the core thread again', { code })
      this.db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`)
    })
  }

  /** A last full checkpoint (the WAL file is truncated), then the thread ends. */
  async stop(): Promise<void> {
    this.stopping = true
    await new Promise<void>((resolve) => {
      this.worker.once('exit', () => resolve())
      this.worker.on('message', (message: CheckpointerMessage) => {
        if (message.type === 'stopped') void this.worker.terminate()
      })
      this.worker.postMessage({ type: 'stop' } satisfies CheckpointerMessage)
    })
  }
}
