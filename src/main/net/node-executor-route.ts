import { EMBEDDED_APP_NAME } from '../../shared/model'
import type { ExecutorApi } from '../executor/executor-api'
import type { Logger } from '../kernel/logger'
import { executorRequestHandler } from './executor-server'
import type { RouteHandler } from './http-server'
import { createExecutorRoutes, type ExecutorRoutes } from './wire/executor-routes'

/** Where a node's admin server carries its embedded executor for the other nodes of the cluster. */
export const NODE_EXECUTOR_PATH = '/jobdesk-node'

/** The HTTP address another node calls to reach `nodeId`'s embedded executor. */
export function nodeExecutorUrl(adminUrl: string, nodeId: string): string {
  return `${adminUrl.replace(/\/+$/, '')}${NODE_EXECUTOR_PATH}/${nodeId}/`
}

export interface NodeExecutorRouteOptions {
  nodeId: string
  executor: ExecutorApi
  /** The global executor access token (it may be regenerated while the node runs). */
  accessToken: () => string
  logger: Logger
}

/**
 * Serves this node's embedded executor on the admin server under /jobdesk-node/<nodeId>/, with the
 * executor wire and the global access token, so every node of a cluster can trigger, kill and read
 * the logs of runs on any node's embedded executor as it does for a LAN executor. Other nodes find
 * the URL in job_node (the node's admin URL).
 */
export function nodeExecutorRoute(options: NodeExecutorRouteOptions): RouteHandler {
  const prefix = `${NODE_EXECUTOR_PATH}/${options.nodeId}`
  let built: { token: string; handle: ReturnType<typeof executorRequestHandler> } | null = null
  const handlerFor = (token: string) => {
    if (built?.token !== token) {
      const routes: ExecutorRoutes = createExecutorRoutes({
        executor: options.executor,
        credentials: { accessToken: token, appName: EMBEDDED_APP_NAME },
        generation: 'auto',
        pathPrefix: prefix,
      })
      built = { token, handle: executorRequestHandler(routes, { generation: 'auto', logger: options.logger }) }
    }
    return built.handle
  }
  return (request, response) => {
    const url = request.url ?? ''
    if (!url.startsWith(`${prefix}/`)) return false
    handlerFor(options.accessToken())(request, response)
    return true
  }
}
