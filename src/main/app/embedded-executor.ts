import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { ArtifactStore } from '../artifacts/artifact-store'
import { join } from 'node:path'
import type { RunWriter } from '../completion/run-writer'
import { createExecutor, type Executor, type ExecutorOptions } from '../executor'
import type { CallbackSink } from '../executor/executor-api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { SpawnWorker } from '../kernel/spawn-worker'
import type { SettingsService } from '../settings/settings-service'
import { artifactRunDir, handlerDir, runLogDir } from './data-dir'

export interface EmbeddedExecutorOptions {
  dataDir: string
  spawnWorker: SpawnWorker
  shutdownGraceMs?: number
  executorOptions?: Pick<ExecutorOptions, 'handlerDirs' | 'httpAllowPrefixes' | 'maxWorkers' | 'idleRunnerExitMs' | 'nodeInterpreter'>
}

/** How an operator turns on scripts for the embedded executor (part of its refusal text). */
export const EMBEDDED_SCRIPTS_HINT = 'enable "Run script jobs on this machine" in Settings (desktop app), or start headless mode with --enable-scripts'

/** The executor inside this process: its callbacks go straight into the run writer's batches. */
export function embeddedExecutor({
  options,
  writer,
  clock,
  logger,
  settings,
  artifacts,
  masks,
}: {
  options: EmbeddedExecutorOptions
  writer: Pick<RunWriter, 'complete'>
  clock: Clock
  logger: Logger
  /** Read at each use: the operator changes them in Settings. */
  settings: Pick<SettingsService, 'embeddedScriptsEnabled' | 'logRetentionDays'>
  /** Where what a run left in its folder is kept (docs/artifacts.md). */
  artifacts: Pick<ArtifactStore, 'keepFolder'>
  /** The secrets' masker: log writes and handle messages pass it (src/main/secrets/secret-masks.ts). */
  masks?: ExecutorOptions['masks']
}): Executor {
  const callbackSink: CallbackSink = (batch) =>
    writer.complete(batch.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: clock.nowMs() })))
  return createExecutor({
    logDir: runLogDir(options.dataDir),
    callbackSink,
    spawnWorker: options.spawnWorker,
    clock,
    // The operator's own machine, as JobDesk's user: scripts only when the operator turned them on.
    enableScripts: () => settings.embeddedScriptsEnabled(),
    enableScriptsHint: EMBEDDED_SCRIPTS_HINT,
    // The operator's own machine: http jobs may call any URL unless the settings narrow it.
    httpAllowPrefixes: 'any',
    // One run-log file per run costs ~0.5-1 ms of CPU on a typical disk (file creation), which
    // 10k runs/s cannot afford; short runs are packed into day segments instead (see run-log/packed).
    runLogLayout: 'packed',
    // Completion commits every ~10 ms in-process, so larger batches than XXL-JOB's HTTP 50 keep up.
    callbackBatchMax: 1000,
    // The run writer puts whatever is pending into its next commit: holding batches back here (four
    // at a time, for an admin over HTTP) only made finished runs wait for commits before they were
    // taken, and their handle_time with them.
    callbackMaxInFlight: 64,
    // One retention setting for run rows, kept log texts and these files, read at each pass.
    logRetentionDays: () => settings.logRetentionDays(),
    logger,
    masks,
    shutdownGraceMs: options.shutdownGraceMs,
    ...options.executorOptions,
    // `<data-dir>/handlers` is always a handler folder (created at first start), beside any given ones.
    handlerDirs: [...(options.executorOptions?.handlerDirs ?? []), ensureHandlerDir(options.dataDir)].filter((dir) => existsSync(dir)),
    // startCore warms it up after its first scan.
    deferWarmUp: true,
    artifacts: { root: emptyRunFolders(options.dataDir), keep: (run, dir) => artifacts.keepFolder(run.logId, dir) },
  })
}

/** The runs' folders of an earlier process are of runs that ended with it (lost): nothing in them is kept. */
function emptyRunFolders(dataDir: string): string {
  const root = artifactRunDir(dataDir)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true, mode: 0o700 })
  return root
}

/** Creates `<data-dir>/handlers` with a note on what goes there, the first time. */
function ensureHandlerDir(dataDir: string): string {
  const dir = handlerDir(dataDir)
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(dir, 'README.txt'), HANDLER_DIR_NOTE)
  }
  return dir
}

const HANDLER_DIR_NOTE = `Job handlers of JobDesk's embedded executor.

Put ES modules (.mjs, or .js) here; every exported function is a handler a BEAN job can name, e.g.

  export async function reportJobHandler(ctx) {
    ctx.log('building the report for', ctx.param)
    return 'done'
  }

JobDesk picks up added or changed modules without a restart. See docs/handlers.md, "Writing a handler".
`
