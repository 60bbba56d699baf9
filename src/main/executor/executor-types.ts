import type { Masker } from '../secrets/mask'
import type { LogPage } from '../../shared/model'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { SpawnWorker } from '../kernel/spawn-worker'
import type { CallbackSink, ExecutorApi, LogRequest } from './executor-api'
import type { ArtifactKeeper } from './lane/run-artifacts'
import type { RunLogLayout } from './run-log/run-log-store'

export interface ExecutorOptions {
  /** Root of run logs (`<yyyy-MM-dd>/<logId>.log`), glue sources and the callback spool. */
  logDir: string
  /**
   * How run logs are stored under `logDir`. 'files' (default): XXL-JOB's one file per run,
   * `<yyyy-MM-dd>/<logId>.log`, which operators and tools expect (the LAN agent). 'packed': finished
   * runs are appended in batches to per-day segment files `<yyyy-MM-dd>/runs-<n>.seg` with an index
   * `runs-<n>.idx`, and only runs that last longer than `runLogSpillAfterMs` get their own file (the
   * embedded executor, where a file per run costs more CPU than the run). See
   * run-log/packed/packed-run-log-store.ts for what a crash can lose.
   */
  runLogLayout?: RunLogLayout
  /** Packed layout: a run still running this long (injected clock) moves to its own file. Default 1000. */
  runLogSpillAfterMs?: number
  /**
   * The masker of the secret values a run may carry (src/main/secrets/secret-masks.ts): run-log
   * writes and handle messages pass it before they are kept or sent. Absent (an agent): each run is
   * masked with the values its request names (TriggerParam.maskValues).
   */
  masks?: (logId: number) => Masker
  /** Where finished runs are reported, in batches of ≤ `callbackBatchMax`; a rejection spools the batch. */
  callbackSink: CallbackSink
  /**
   * Most callbacks per sink call; up to 4 calls are in flight. Default 50, XXL-JOB 3.x's batch, right
   * for HTTP to an admin. An in-process sink that commits on a timer (the embedded executor's) needs
   * more to keep up with 10,000 runs a second: 4 × 50 per commit is at most 20,000/s at a 10 ms
   * commit and far less when a commit takes longer; 1000 or more suits it.
   */
  callbackBatchMax?: number
  /** Sink calls in flight at once (default 4, as XXL-JOB's callback thread keeps an admin's connections few). */
  callbackMaxInFlight?: number
  /** Starts runner threads; always called with 'job-runner'. */
  spawnWorker: SpawnWorker
  /** Default systemClock. Drives timeouts, idle exit, the callback retry loop and log retention. */
  clock?: Clock
  /**
   * Script glue types (GLUE_SHELL, …) run only when true: they are remote code execution by design.
   * A function is asked on every trigger (the embedded executor follows a setting).
   */
  enableScripts: boolean | (() => boolean)
  /** How an operator turns scripts on here, for the refusal text. Default: the agent's flag. */
  enableScriptsHint?: string
  /**
   * The program GLUE_NODEJS scripts run with (a path, or a command looked up on PATH such as
   * "node"). Default: this process's own runtime (process.execPath; the Electron binary runs as Node
   * with ELECTRON_RUN_AS_NODE=1), so a desktop without Node installed still runs them.
   */
  nodeInterpreter?: string
  /** Directories of `.js`/`.mjs` handler modules (see handlers/handler-contract.ts). */
  handlerDirs?: string[]
  /** URL prefixes httpJobHandler may call; 'any' allows every http(s) URL. Default: none allowed. */
  httpAllowPrefixes?: string[] | 'any'
  /**
   * A runner worker thread idle this long goes away. Default 90,000 (XXL-JOB's 30 polls × 3 s, its
   * job thread's idle exit). Job lanes do not wait for it: a lane goes as soon as it is idle.
   */
  idleRunnerExitMs?: number
  /** How long stop() lets running runs finish before killing them. Default 5000. */
  shutdownGraceMs?: number
  /** Pause between passes over the callback spool. Default 30,000. */
  callbackRetryMs?: number
  /**
   * Run-log date folders older than this many days are deleted at start and after every local
   * midnight; < 3 disables. A function is read at each pass, so the embedded executor follows the
   * core's `logRetentionDays` setting as it changes. Default 30.
   */
  logRetentionDays?: number | (() => number)
  /** Most runner worker threads at once; JS runs beyond it wait for a free worker. Default 64. */
  maxWorkers?: number
  /** After a kill/timeout/cover, how long a handler may take to honour its AbortSignal (or a script
   *  its SIGTERM) before the thread is terminated (SIGKILL for scripts). Default 500. */
  killGraceMs?: number
  /**
   * Leave the first runner thread to `warmUp()` instead of starting it here. The core calls it once
   * its first scan is done: a thread's start (a Node environment, the handler modules) would
   * otherwise take a core of a 2-core machine from the core's own start (docs/benchmarks.md#b9-cold-start).
   */
  deferWarmUp?: boolean
  /**
   * Run artifacts (docs/artifacts.md): each run's folder is `<root>/<logId>` (JOBDESK_ARTIFACTS_DIR
   * for scripts, `ctx.artifactsDir` for handlers), and `keep` takes what is there when the run ends,
   * before its callback. Absent: runs get no folder.
   */
  artifacts?: { root: string; keep: ArtifactKeeper }
  logger?: Logger
}

export interface ExecutorStatus {
  /** Jobs with a run in progress, ascending. */
  runningJobIds: number[]
  /** Triggers waiting in lanes behind a running run (or for a free worker). */
  queuedCount: number
  /** Runner worker threads alive, idle and retiring ones included. */
  workerCount: number
  /** Job lanes alive: jobs with a run in progress or queued (a lane goes once it has neither, or on kill). */
  laneCount: number
}

export type ExecutorState = 'running' | 'draining' | 'stopped'

export interface Executor extends ExecutorApi {
  /**
   * Graceful stop: refuses new triggers, fails queued ones ("… [job not executed, in the job queue,
   * killed.]"), lets running runs finish for up to `shutdownGraceMs`, kills the rest ("… [job running,
   * killed]"), delivers or spools every callback, and terminates all workers. Idempotent.
   */
  stop(): Promise<void>
  /**
   * Pushes the run log's new lines as they are written, starting at `fromLineNum`; each page is
   * contiguous with the previous one (`fromLineNum` = previous `toLineNum` + 1). Returns an unsubscribe.
   */
  watchLog(request: LogRequest, listener: (page: LogPage) => void): () => void
  status(): ExecutorStatus
  /** Finished runs whose callbacks are queued or being delivered (not those spooled to disk for a retry). */
  pendingCallbacks(): number
  /** The handler names a BEAN job may use here: built-ins and those of the handler folders, sorted. */
  handlerNames(): string[]
  /** Starts the first runner thread now, so the handler folders' catalog is known before a run needs it. */
  warmUp(): void
  /** Resolves once the handler folders are loaded (at once when there are none). */
  handlersReady(): Promise<void>
}
