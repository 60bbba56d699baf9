import { runStatus } from '../../shared/model'
import { failure, type ExecutorApi, type ExecutorReply, type LogRequest } from '../executor/executor-api'
import type { Repos } from '../store/store'
import { parseShardingParam } from '../trigger/sharding'

/** What another node's core may ask of this node's embedded executor over the node route. */
export interface PeerExecutorApi {
  beat(): Promise<ExecutorReply>
  idleBeat(jobId: number): Promise<ExecutorReply>
  /** Triggers the run written as `logId`, from its row and its job as stored: never from what the caller sent. */
  run(logId: number): Promise<ExecutorReply>
  kill(jobId: number): Promise<ExecutorReply>
  log(request: LogRequest): Promise<ExecutorReply>
}

/**
 * This node's embedded executor as the other nodes of the cluster use it. A peer's core names a
 * run it wrote; the trigger is built here from the database the nodes share — the job's handler,
 * GLUE source and block strategy, the run's parameter and shard — and only for a run that exists
 * and has not been triggered or ended. So even a leaked cluster secret runs nothing a core did not
 * write, and no caller's GLUE source or URL ever crosses the route.
 */
export function peerExecutor(store: Pick<Repos, 'runs' | 'jobs'>, executor: ExecutorApi): PeerExecutorApi {
  return {
    beat: () => executor.beat(),
    idleBeat: (jobId) => executor.idleBeat(jobId),
    kill: (jobId) => executor.kill(jobId),
    log: (request) => executor.log(request),
    async run(logId) {
      const run = await store.runs.get(logId)
      if (!run) return failure(`run ${logId} does not exist`)
      if (runStatus(run) !== 'pending') return failure(`run ${logId} is not waiting for its trigger (it is ${runStatus(run)})`)
      const job = await store.jobs.get(run.jobId)
      if (!job) return failure(`job ${run.jobId} of run ${logId} does not exist`)
      const shard = run.executorShardingParam ? parseShardingParam(run.executorShardingParam) : { index: 0, total: 1 }
      return executor.run({
        jobId: job.id,
        executorHandler: job.executorHandler,
        executorParams: run.executorParam,
        executorBlockStrategy: job.executorBlockStrategy,
        executorTimeout: job.executorTimeoutSec,
        logId: run.id,
        logDateTime: run.triggerTimeMs,
        glueType: job.glueType,
        glueSource: job.glueType === 'BEAN' ? null : job.glueSource,
        glueUpdatetime: job.glueUpdatetimeMs,
        broadcastIndex: shard.index,
        broadcastTotal: shard.total,
      })
    },
  }
}
