import type { TriggerParam } from '../executor-api'
import type { RunTicket } from '../runner/runner-pool'
import type { RunLog } from '../run-log/run-log-store'
import type { ScriptProcess } from '../script/script-process'
import type { LaneView } from './block-strategy'

/** One run in progress on a lane. */
export interface ActiveRun {
  readonly param: TriggerParam
  readonly lane: JobLane
  readonly log: RunLog
  /** The JS run's place in the runner pool. */
  ticket: RunTicket | null
  script: ScriptProcess | null
  /** Its executorTimeout deadline's key in the lanes' RunDeadlines, while it has one. */
  deadlineKey: number | null
  ended: boolean
  /** It has an artifact folder (a script's is made before it starts, a handler's on `ctx.artifactsDir`): kept at its end. */
  artifacts: boolean
}

/**
 * XXL-JOB's job thread as a logical lane: the FIFO of one job's triggers, the run in progress, and
 * what they execute. Threads come from the runner pool, one run at a time, so a lane holds nothing
 * worth keeping once it has no run and no queue: it lives only while busy (JobLanes drops it then).
 * Nothing a lane holds carries over to the job's next busy spell that would change what it does:
 * the block strategy sees a missing lane as an idle one, the identity check is moot without runs to
 * replace, and the glue file's older versions are dropped by the file check (glue-source-file.ts).
 */
export class JobLane implements LaneView {
  readonly queue: TriggerParam[] = []
  running: ActiveRun | null = null
  /** Removed from the executor (killed, covered, replaced, gone idle); late events must not revive it. */
  closed = false
  readonly thread: string

  constructor(
    readonly jobId: number,
    readonly identity: string,
    readonly createdMs: number,
  ) {
    this.thread = `jobdesk, JobThread-${jobId}-${createdMs}`
  }

  get runningLogId(): number | null {
    return this.running ? this.running.param.logId : null
  }

  get queuedCount(): number {
    return this.queue.length
  }

  /** A scan: queues are short, and a Set per lane cost more than it saved at 10,000 runs a second. */
  hasQueued(logId: number): boolean {
    const queue = this.queue
    for (let i = 0; i < queue.length; i++) if (queue[i].logId === logId) return true
    return false
  }

  get busy(): boolean {
    return this.running !== null || this.queue.length > 0
  }

  enqueue(param: TriggerParam): void {
    this.queue.push(param)
  }

  dequeue(): TriggerParam | undefined {
    return this.queue.shift()
  }

  /** Empties the queue and returns what was in it. */
  drainQueue(): TriggerParam[] {
    return this.queue.splice(0)
  }
}
