import { watch, type FSWatcher } from 'node:fs'
import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'

/** Changes within this long of each other (an editor writing a file in steps) make one reload. */
const SETTLE_MS = 300

/**
 * Calls `onChange` once a handler folder has changed (a `.js`/`.mjs` module added, edited, removed)
 * and stayed quiet for SETTLE_MS. A folder that cannot be watched is logged and skipped: handlers
 * still load at start and with every new runner worker. Returns the function that stops watching.
 */
export function watchHandlerDirs(dirs: readonly string[], clock: Clock, logger: Logger, onChange: () => void): () => void {
  const watchers: FSWatcher[] = []
  let settling: AbortController | null = null
  const changed = (file: string | null) => {
    if (file !== null && !/\.(m?js)$/.test(file)) return
    settling?.abort()
    const controller = new AbortController()
    settling = controller
    void clock.sleep(SETTLE_MS, controller.signal).then(() => {
      if (controller.signal.aborted) return
      settling = null
      onChange()
    })
  }
  for (const dir of dirs) {
    try {
      const watcher = watch(dir, { persistent: false }, (_event, file) => changed(file === null ? null : String(file)))
      watcher.on('error', (error) => logger.warn('watching a handler folder failed', { dir, error: error.message }))
      watchers.push(watcher)
    } catch (error) {
      logger.warn('a handler folder cannot be watched; restart to pick up changed modules', { dir, error: (error as Error).message })
    }
  }
  return () => {
    settling?.abort()
    for (const watcher of watchers) watcher.close()
  }
}
