import { mkdirSync } from 'node:fs'
import { HANDLE_CODE } from '../../../shared/model'
import { ARTIFACTS_ENV, artifactFolderOf, type RunArtifacts } from './run-artifacts'
import type { Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import type { HandleCallback, TriggerParam } from '../executor-api'
import { capHandleMsg, queuedKilledMsg, runningKilledMsg, TIMEOUT_MSG } from '../executor-texts'
import type { RunListener, RunnerPool } from '../runner/runner-pool'
import type { RunRequest } from '../runner/runner-protocol'
import { FRAME, formatLogLine } from '../run-log/log-format'
import type { RunLog, RunLogStore } from '../run-log/run-log-store'
import { startScriptRun } from './script-run'
import { laneIdentity, planTrigger, type TriggerPlan } from './block-strategy'
import { JobLane, type ActiveRun } from './job-lane'
import { RunDeadlines } from './run-deadlines'

export interface JobLanesOptions {
  logDir: string
  pool: Pick<RunnerPool, 'dispatch' | 'cancel' | 'collectLogs'>
  logs: RunLogStore
  clock: Clock
  logger: Logger
  killGraceMs: number
  /** GLUE_NODEJS's interpreter when configured; default the app's own runtime. */
  nodeInterpreter?: string
  /** A run ended (or was dropped from a queue); its log stays open for the callback line. */
  onFinished(callback: HandleCallback, log: RunLog): void
  /** Each run's artifact folder and what keeps its files at the run's end; absent: no artifacts. */
  artifacts?: RunArtifacts
}

type EndKind = 'finish' | 'error' | 'timeout' | 'killed'

/**
 * The executor's job lanes (XXL-JOB's job threads, docs/protocol.md#executor-rules): one FIFO per jobId, different jobs
 * in parallel. A lane hands its JS runs, one at a time, to the runner pool, and runs scripts as child
 * processes in their own process group.
 * A lane exists only while it has a run in progress or queued: it is dropped the moment it goes idle.
 * XXL-JOB keeps an idle thread ~90 s because a thread is costly to start; a lane is a few objects,
 * while 100,000 jobs firing every 100 s kept ~90,000 idle lanes alive (~45 MB of heap after GC in
 * docs/benchmarks.md#b8-memory). The runner pool's worker threads, the real cost, keep their own idle timeout.
 */
export class JobLanes {
  private readonly lanes = new Map<number, JobLane>()
  private runEndedWaiters: Array<() => void> = []
  private readonly deadlines: RunDeadlines<ActiveRun>
  /** Runs whose artifacts are being kept; their callbacks follow (a stop waits for them). */
  private readonly keeping = new Set<Promise<string[]>>()

  constructor(private readonly options: JobLanesOptions) {
    this.deadlines = new RunDeadlines(options.clock, (run) => this.timeOut(run))
  }

  get(jobId: number): JobLane | undefined {
    return this.lanes.get(jobId)
  }

  all(): IterableIterator<JobLane> {
    return this.lanes.values()
  }

  get size(): number {
    return this.lanes.size
  }

  /**
   * A validated trigger: applies the block strategy (block-strategy.ts) to the job's lane, absent
   * when the job is idle. Returns the refusal text, or null when the trigger was taken.
   */
  trigger(param: TriggerParam): string | null {
    const identity = laneIdentity(param)
    const plan = planTrigger(this.lanes.get(param.jobId), param, identity)
    if (plan.action === 'reject') return plan.msg
    this.accept(param, identity, plan)
    return null
  }

  private accept(param: TriggerParam, identity: string, plan: Exclude<TriggerPlan, { action: 'reject' }>): void {
    let lane = this.lanes.get(param.jobId)
    if (lane && plan.action === 'replace') {
      this.remove(lane, plan.reason)
      lane = undefined
    }
    if (!lane) {
      lane = new JobLane(param.jobId, identity, this.options.clock.nowMs())
      this.lanes.set(param.jobId, lane)
    }
    // A free lane starts the run without a pass through its queue (no queue storage per run).
    if (lane.running === null && lane.queue.length === 0) this.start(lane, param)
    else {
      lane.enqueue(param)
      this.pump(lane)
    }
  }

  /** Ends the lane's running run and queued triggers with `reason`, and forgets the lane. */
  remove(lane: JobLane, reason: string): void {
    lane.closed = true
    if (this.lanes.get(lane.jobId) === lane) this.lanes.delete(lane.jobId)
    for (const param of lane.drainQueue()) this.dropQueued(lane, param, queuedKilledMsg(reason))
    const run = lane.running
    if (run) {
      this.collectLines(run)
      this.write(run, FRAME.toStop(reason))
      this.endActive(run, HANDLE_CODE.fail, runningKilledMsg(reason), 'killed')
    }
  }

  /** Fails every queued trigger of every lane with `reason` (graceful stop). */
  dropAllQueued(reason: string): void {
    for (const lane of this.lanes.values()) {
      for (const param of lane.drainQueue()) this.dropQueued(lane, param, queuedKilledMsg(reason))
    }
  }

  removeAll(reason: string): void {
    for (const lane of [...this.lanes.values()]) this.remove(lane, reason)
  }

  runningCount(): number {
    let n = 0
    for (const lane of this.lanes.values()) if (lane.running) n++
    return n
  }

  /** Resolves once the artifacts of every ended run are kept and their callbacks pushed. */
  async artifactsSettled(): Promise<void> {
    while (this.keeping.size > 0) await Promise.allSettled([...this.keeping])
  }

  /** Resolves when a run ends (or at once when none is running). */
  whenRunEnds(): Promise<void> {
    if (this.runningCount() === 0) return Promise.resolve()
    return new Promise((resolve) => this.runEndedWaiters.push(resolve))
  }

  /** After a run ended: starts the lane's next queued trigger, or drops the lane when none is left. */
  private pump(lane: JobLane): void {
    if (lane.closed || lane.running) return
    const param = lane.dequeue()
    if (param) return this.start(lane, param)
    lane.closed = true
    if (this.lanes.get(lane.jobId) === lane) this.lanes.delete(lane.jobId)
  }

  private start(lane: JobLane, param: TriggerParam): void {
    const run = this.begin(lane, param)
    if (lane.identity.startsWith('BEAN:')) return this.startJsRun(run)
    run.script = startScriptRun(run, {
      logDir: this.options.logDir,
      env: this.scriptArtifactsEnv(run),
      nodeInterpreter: this.options.nodeInterpreter,
      writeLine: (text) => this.write(run, text),
      writeRaw: (line) => this.options.logs.append(run.log, `${line}\n`),
      onExit: (code, msg) => {
        this.finish(run, code, msg, code === HANDLE_CODE.success ? 'finish' : 'error')
        this.pump(lane)
      },
    })
  }

  /** A script's folder is made before it starts: it has no `ctx` to make it on first use. */
  private scriptArtifactsEnv(run: ActiveRun): Record<string, string> | undefined {
    const artifacts = this.options.artifacts
    if (!artifacts) return undefined
    const logId = run.param.logId
    const dir = artifactFolderOf(artifacts.root, logId)
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
    } catch (error) {
      this.options.logger.warn('a run artifact folder could not be made', { logId, error: (error as Error).message })
      return undefined
    }
    run.artifacts = true
    return { [ARTIFACTS_ENV]: dir }
  }

  private startJsRun(run: ActiveRun): void {
    const param = run.param
    const request: RunRequest = {
      requestId: 0,
      slot: -1,
      jobId: param.jobId,
      logId: param.logId,
      handler: param.executorHandler,
      param: param.executorParams,
      shardIndex: param.broadcastIndex,
      shardTotal: param.broadcastTotal,
      ...(param.llm ? { llm: JSON.stringify(param.llm) } : {}),
    }
    run.ticket = this.options.pool.dispatch(request, this.jsRunListener, run)
  }

  /** One listener for every JS run (the pool hands back the run): no closures per run. */
  private readonly jsRunListener: RunListener<ActiveRun> = {
    onLog: (run, where, line, text) => {
      if (!run.ended) this.options.logs.append(run.log, formatLogLine(this.options.clock.nowMs(), where, line, run.lane.thread, text))
    },
    onArtifacts: (run) => {
      run.artifacts = true
    },
    onResult: (run, code, msg) => {
      this.finish(run, code, msg, 'finish')
      this.pump(run.lane)
    },
    onError: (run, error) => {
      const stack = error.stack ?? `${error.name}: ${error.message}`
      this.write(run, FRAME.exception(stack))
      this.finish(run, HANDLE_CODE.fail, stack, 'error')
      this.pump(run.lane)
    },
    onCrash: (run, reason) => {
      this.finish(run, HANDLE_CODE.fail, reason, 'error')
      this.pump(run.lane)
    },
  }

  private begin(lane: JobLane, param: TriggerParam): ActiveRun {
    const log = this.options.logs.open(param.logId, param.logDateTime)
    const run: ActiveRun = { param, lane, log, ticket: null, script: null, deadlineKey: null, ended: false, artifacts: false }
    const nowMs = this.options.clock.nowMs()
    lane.running = run
    this.write(run, FRAME.start(param.executorParams))
    if (param.executorTimeout > 0) run.deadlineKey = this.deadlines.add(run, nowMs + param.executorTimeout * 1000)
    return run
  }

  private timeOut(run: ActiveRun): void {
    if (run.ended) return
    run.deadlineKey = null
    this.collectLines(run)
    this.write(run, FRAME.timeout)
    this.endActive(run, HANDLE_CODE.timeout, TIMEOUT_MSG, 'timeout')
    this.pump(run.lane)
  }

  /** The lines a JS handler wrote before a kill or a timeout go into its log before the frame that ends it. */
  private collectLines(run: ActiveRun): void {
    if (run.ticket) this.options.pool.collectLogs(run.ticket)
  }

  /** Stops the work for real (terminates the worker / kills the process tree), then finishes the run. */
  private endActive(run: ActiveRun, code: number, msg: string, kind: EndKind): void {
    if (run.ended) return
    if (run.ticket) this.options.pool.cancel(run.ticket, this.options.killGraceMs)
    run.script?.killTree(this.options.killGraceMs)
    this.finish(run, code, msg, kind)
  }

  private finish(run: ActiveRun, code: number, rawMsg: string | null, kind: EndKind): void {
    if (run.ended) return
    run.ended = true
    if (run.deadlineKey !== null) this.deadlines.remove(run, run.deadlineKey)
    const msg = capHandleMsg(rawMsg)
    this.write(run, FRAME.end(kind, code, msg))
    const lane = run.lane
    if (lane.running === run) lane.running = null
    const callback = { logId: run.param.logId, logDateTime: run.param.logDateTime, handleCode: code, handleMsg: msg }
    // Only a run that made its folder: most runs leave no files, and the others pay no file-system call.
    const kept = run.artifacts ? this.options.artifacts?.keepFolder(run.param.logId, run.param.jobId) : undefined
    if (kept) {
      // The callback waits for the files: what was kept or refused is in the log before it ends.
      this.keeping.add(kept)
      void kept
        .then((lines) => lines.forEach((line) => this.write(run, line)))
        .finally(() => {
          this.keeping.delete(kept)
          this.options.logs.markEnded(run.log)
          this.options.onFinished(callback, run.log)
        })
    } else {
      this.options.logs.markEnded(run.log)
      this.options.onFinished(callback, run.log)
    }
    if (this.runEndedWaiters.length > 0) for (const resolve of this.runEndedWaiters.splice(0)) resolve()
  }

  private dropQueued(lane: JobLane, param: TriggerParam, msg: string): void {
    const log = this.options.logs.open(param.logId, param.logDateTime)
    this.options.logs.append(log, formatLogLine(this.options.clock.nowMs(), FRAME.where, 0, lane.thread, FRAME.notExecuted(msg)))
    this.options.logs.markEnded(log)
    this.options.onFinished({ logId: param.logId, logDateTime: param.logDateTime, handleCode: HANDLE_CODE.fail, handleMsg: msg }, log)
  }

  private write(run: ActiveRun, text: string): void {
    this.options.logs.append(run.log, formatLogLine(this.options.clock.nowMs(), FRAME.where, 0, run.lane.thread, text))
  }
}
