import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assembleCore, type CoreParts, type CoreOptions } from '../../src/main/app/core'
import { silentLogger } from '../../src/main/kernel/logger'
import { EMBEDDED_APP_NAME, type JobInput, type JobRun } from '../../src/shared/model'
import { jobInput } from './job-input'
import { makeTempDir } from './temp-dir'
import { waitFor } from './wait-for'

export const TEST_HANDLERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'handlers')

export interface TestCore {
  core: CoreParts
  dataDir: string
  /** The embedded executor's group. */
  groupId: number
  /** Saves a job on the embedded executor (NONE schedule unless overridden). */
  addJob(overrides?: Partial<JobInput>): Promise<number>
  /** Waits until `count` runs of the job have finished, oldest first. */
  finishedRuns(jobId: number, count: number, timeoutMs?: number): Promise<JobRun[]>
  stop(): Promise<void>
}

/** A real core on a temp data folder with the test handlers loaded and no demo jobs. */
export async function startTestCore(options: Partial<CoreOptions> = {}, existingDir?: string): Promise<TestCore> {
  const dir = existingDir ? null : makeTempDir()
  const dataDir = existingDir ?? dir!.path
  const core = await assembleCore({
    dataDir,
    logger: silentLogger,
    seedDemo: false,
    ...options,
    executorOptions: { handlerDirs: [TEST_HANDLERS_DIR], ...options.executorOptions },
  })
  const groupId = (await core.api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  return {
    core,
    dataDir,
    groupId,
    async addJob(overrides = {}) {
      const job = await core.api.saveJob(jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', ...overrides }))
      return job.id
    },
    finishedRuns(jobId, count, timeoutMs = 30_000) {
      return waitFor(
        `${count} finished runs of job ${jobId}`,
        async () => {
          const { runs } = await core.api.listRuns({ jobId, limit: 1000 })
          const finished = runs.filter((r) => r.handleCode !== 0 || (r.triggerCode !== 0 && r.triggerCode !== 200))
          return finished.length >= count && finished.reverse()
        },
        timeoutMs,
      )
    },
    async stop() {
      await core.stop()
      dir?.remove()
    },
  }
}
