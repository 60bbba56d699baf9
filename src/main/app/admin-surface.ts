import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Access } from '../auth/access'
import { principalOfCaller } from '../auth/caller-principal'
import type { LinkService } from '../definitions/link-service'
import type { JobService } from '../definitions/job-service'
import type { Logger } from '../kernel/logger'
import { createAdminApi } from '../net/admin-api'
import type { RouteHandler } from '../net/http-server'
import { createOpenApi, isOpenApiMethod } from '../net/open-api'
import type { ExecutorRegistration } from '../registry/executor-registration'
import type { RegistryService } from '../registry/registry-service'
import type { SettingsService } from '../settings/settings-service'
import type { Repos } from '../store/store'
import type { EventHub } from './events'

export interface AdminSurfaceDeps {
  /** Other nodes calling this node's embedded executor; null without one. */
  nodeRoute: RouteHandler | null
  registration: ExecutorRegistration
  /** Each OpenAPI caller's principal: the core's role and group rules, audited. */
  access: Access
  jobs: JobService
  links: LinkService
  registry: RegistryService
  settings: SettingsService
  events: EventHub
  groups: Repos['groups']
  nowMs: () => number
  logger: Logger
  defaultTimezone: () => string
}

/**
 * What the admin's HTTP server serves besides the console: other nodes' calls to this node's
 * embedded executor, then the executor-facing API (registry, callbacks) and the job OpenAPI.
 */
export function adminSurface(deps: AdminSurfaceDeps): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const { settings, registry, registration, jobs, links, events, nowMs } = deps
  const adminCalls = createAdminApi({
    tokens: () => ({ executorToken: settings.accessToken(), apiToken: settings.apiToken(), openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken() }),
    findGroup: (appName) => deps.groups.findByAppName(appName),
    findPersonal: (token, source) => deps.access.tokens.authenticate(token, source),
    register: (caller, param, generation) => registration.register(caller, param, generation),
    registryRemove: (caller, param) => registration.remove(caller, param),
    callback: (caller, batch) => registration.callback(caller, batch),
    openApi: createOpenApi({
      apiFor: (caller, source) => deps.access.apiFor(async () => principalOfCaller(caller, source)),
      // The OpenAPI's addJob/updateJob save the job and its success children in one transaction,
      // under the caller's rules for saveJob.
      saveJob: (caller, source, input, childJobId) =>
        deps.access.run(principalOfCaller(caller, source), 'saveJob', [input], async () => {
          const job = await jobs.saveWithSuccessChildren(
            input,
            childJobId === undefined ? undefined : (tx, id) => links.replaceSuccessChildrenIn(tx, id, childJobId),
          )
          events.emit({ type: 'jobs-changed', jobIds: [job.id] })
          if (childJobId !== undefined) events.emit({ type: 'links-changed' })
          return job
        }),
      groupAddresses: (group) => registry.addressesOf(group, nowMs()),
      defaultTimezone: deps.defaultTimezone,
    }),
    isOpenApiMethod,
    nowMs,
    logger: deps.logger,
  })
  const nodeRoute = deps.nodeRoute
  return async (request, response) => (nodeRoute !== null && (await nodeRoute(request, response))) || adminCalls(request, response)
}
