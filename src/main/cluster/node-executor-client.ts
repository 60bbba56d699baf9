import type { LogPage } from '../../shared/model'
import type { ExecutorApi, ExecutorReply } from '../executor/executor-api'
import { DEFAULT_EXECUTOR_TIMEOUT_MS } from '../net/executor-client'
import { CLUSTER_SECRET_HEADER } from './node-executor-route'
import { FAIL_CODE, readEnvelope } from '../net/wire/envelope'
import { postJson } from '../net/wire/post-json'

export interface NodeExecutorClientOptions {
  /** The other node's route, `nodeExecutorUrl(adminUrl, nodeId)` (ends with '/'). */
  url: string
  /** The cluster secret as this node knows it now (it may be rotated while the node runs). */
  secret: () => string
  timeoutMs?: number
}

/**
 * Another node's embedded executor, over its node route: the same ExecutorApi as any executor, so
 * routing treats it alike. It carries the cluster secret — never the executor token — and a
 * trigger names only the run (its id): the other node reads what to run from the shared database.
 */
export function createNodeExecutorClient(options: NodeExecutorClientOptions): ExecutorApi {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXECUTOR_TIMEOUT_MS
  async function call<T = unknown>(name: string, body: Record<string, number>): Promise<ExecutorReply<T>> {
    const url = `${options.url}${name}`
    const headers = { 'content-type': 'application/json;charset=UTF-8', [CLUSTER_SECRET_HEADER]: options.secret() }
    const outcome = await postJson(url, headers, JSON.stringify(body), { timeoutMs })
    if (outcome.kind === 'failed') return { code: FAIL_CODE, msg: `node ${url}: ${outcome.reason}` }
    if (outcome.status !== 200) return { code: FAIL_CODE, msg: `node ${url} answered HTTP ${outcome.status}` }
    return (readEnvelope(outcome.json) as ExecutorReply<T> | null) ?? { code: FAIL_CODE, msg: `node ${url} answered something that is not a reply` }
  }
  return {
    beat: () => call('beat', {}),
    idleBeat: (jobId) => call('idleBeat', { jobId }),
    run: (param) => call('run', { logId: param.logId }),
    kill: (jobId) => call('kill', { jobId }),
    log: (request) => call<LogPage>('log', { logId: request.logId, logDateTime: request.logDateTime, fromLineNum: request.fromLineNum }),
  }
}
