import { createExecutor, type Executor } from '../../src/main/executor'
import type { ExecutorOptions, ExecutorStatus } from '../../src/main/executor/executor-types'
import { spawnWorker } from '../../src/main/kernel/spawn-worker'
import type { ConformanceSetupOptions, ConformanceTarget } from '../integration/executor/conformance'
import { CallbackCollector, makeTempDir } from './executor-fixtures'

export interface InProcessExecutor extends ConformanceTarget {
  executor: Executor
  collector: CallbackCollector
  logDir: string
  status(): ExecutorStatus
  stop(): Promise<void>
}

/** A real executor (real worker threads from source, a temp log dir) with a recording sink. */
export async function startInProcessExecutor(
  options: Partial<ConformanceSetupOptions> & Partial<Omit<ExecutorOptions, 'callbackSink' | 'spawnWorker' | 'logDir'>> = {},
): Promise<InProcessExecutor> {
  const temp = await makeTempDir()
  const collector = new CallbackCollector()
  const executor = createExecutor({
    enableScripts: false,
    ...options,
    logDir: temp.dir,
    callbackSink: collector.sink,
    spawnWorker,
  })
  let tornDown = false
  return {
    executor,
    collector,
    api: executor,
    logDir: temp.dir,
    waitForCallback: (logId, timeoutMs) => collector.waitFor(logId, timeoutMs),
    failNextCallbacks: (count) => collector.failNext(count),
    status: () => executor.status(),
    stop: () => executor.stop(),
    async teardown() {
      if (tornDown) return
      tornDown = true
      await executor.stop()
      await temp.remove()
    },
  }
}
