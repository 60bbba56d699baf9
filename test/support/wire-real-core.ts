import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createExecutor } from '../../src/main/executor'
import type { ExecutorApi } from '../../src/main/executor/executor-api'
import { spawnWorker } from '../../src/main/kernel/spawn-worker'
import { makeTempDir } from './executor-fixtures'

/**
 * The real executor core for the wire benchmarks: a temp log dir, a handler module with a no-op
 * `noopJobHandler`, and a callback sink that only counts.
 */
export async function createBenchExecutor(
  runLogLayout: 'files' | 'packed' = 'files',
): Promise<{ executor: ExecutorApi; stop: () => Promise<void>; callbackCount: () => number }> {
  const temp = await makeTempDir('jobdesk-b4-')
  const handlerDir = join(temp.dir, 'handlers')
  await mkdir(handlerDir)
  await writeFile(join(handlerDir, 'noop.mjs'), 'export function noopJobHandler() {}\n')
  let callbacks = 0
  const executor = createExecutor({
    logDir: join(temp.dir, 'logs'),
    callbackSink: async (batch) => void (callbacks += batch.length),
    spawnWorker,
    enableScripts: false,
    handlerDirs: [handlerDir],
    runLogLayout,
  })
  return {
    executor,
    callbackCount: () => callbacks,
    async stop() {
      await executor.stop()
      await temp.remove()
    },
  }
}
