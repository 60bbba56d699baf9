import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Access } from '../auth/access'
import { actorOf } from '../audit/audit-entry'
import { principalOfCaller } from '../net/caller-principal'
import { seesGroup } from '../../shared/principal'
import { englishMessage } from '../../shared/messages'
import type { JobInfo } from '../../shared/model'
import type { LinkService } from '../definitions/link-service'
import type { JobService } from '../definitions/job-service'
import type { Logger } from '../kernel/logger'
import { createAdminApi } from '../net/admin-api'
import { artifactRoute } from '../net/artifact-route'
import type { ArtifactStore } from '../artifacts/artifact-store'
import type { ArtifactLinks } from '../artifacts/artifact-links'
import { artifactRouteDeps } from './artifact-route-deps'
import { createOpenApi, isOpenApiMethod, openApiAction } from '../net/open-api'
import { HOOK_MAX_BODY_BYTES, hookRoute } from '../net/hook-route'
import type { HookService } from '../hooks/hook-service'
import type { ExecutorRegistration } from '../registry/executor-registration'
import type { SettingsService } from '../settings/settings-service'
import type { Repos } from '../store/store'
import type { EventHub } from '../kernel/events'

export interface AdminSurfaceDeps {
  /** Other nodes calling this node's embedded executor (cluster mode only); null without one. */
  nodeRoute: ((request: IncomingMessage, response: ServerResponse) => Promise<boolean>) | null
  registration: ExecutorRegistration
  /** Each OpenAPI caller's principal: the core's role and group rules, audited. */
  access: Access
  jobs: JobService
  links: LinkService
  settings: SettingsService
  events: EventHub
  /** Trigger URLs: `POST /hooks/<id>`. */
  hooks: HookService
  groups: Repos['groups']
  /** A job as stored (the OpenAPI checks who sees it before acting). */
  findJob: (id: number) => Promise<JobInfo | undefined>
  nowMs: () => number
  logger: Logger
  defaultTimezone: () => string
  /** Headless mode's console token (null on the desktop): a console opened with it reads artifacts. */
  consoleToken: string | null
  /** The runs' kept files: `/api/artifacts/<run id>/<name>`. */
  artifacts: Pick<ArtifactStore, 'open' | 'keep'>
  /** Flow nodes' one-time links to artifacts: `/api/artifact-links/<token>`. */
  artifactLinks: Pick<ArtifactLinks, 'redeem'>
}

/** Answers a request of the admin surface, or resolves false when the request is not one of its own. */
export type AdminHandler = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>

/**
 * What the admin's HTTP server serves besides the console: other nodes' calls to this node's
 * embedded executor, the trigger URLs, then the executor-facing API (registry, callbacks) and the
 * job OpenAPI.
 */
export function adminSurface(deps: AdminSurfaceDeps): AdminHandler {
  const { settings, registration, jobs, links, events, nowMs } = deps
  const adminCalls = createAdminApi({
    tokens: () => ({
      executorToken: settings.accessToken(),
      apiToken: settings.apiToken(),
      openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken(),
    }),
    findGroup: (appName) => deps.groups.findByAppName(appName),
    findPersonal: (token, source) => deps.access.tokens.authenticate(token, source),
    register: (caller, param, generation, source) => registration.register(caller, param, generation, source),
    registryRemove: (caller, param, source) => registration.remove(caller, param, source),
    callback: (caller, batch, source) => registration.callback(caller, batch, source),
    audit: (who, entry) => deps.access.audit.record(who, entry),
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
      recordRefusal: (caller, source, action, method, error) => {
        const principal = principalOfCaller(caller, source)
        return deps.access.audit.record(actorOf(principal), {
          action,
          outcome: 'refused',
          target: method,
          detail: { reason: { code: error.code, message: error.message } },
        })
      },
      findJob: (id) => deps.findJob(id),
      sees: (caller, source, groupId) => seesGroup(principalOfCaller(caller, source), groupId),
      defaultTimezone: deps.defaultTimezone,
    }),
    isOpenApiMethod,
    openApiAction,
    nowMs,
    logger: deps.logger,
  })
  const hooks = hookRoute({
    deliver: (delivery) => deps.hooks.deliver(delivery),
    lockedOut: (source, retryAfterSec) =>
      deps.access.audit.record(
        { actor: '(trigger URL)', actorKind: 'anonymous', source },
        {
          action: 'hook.refused',
          outcome: 'refused',
          target: 'trigger URLs',
          detail: { reason: { code: 'hook.lockedOut', message: englishMessage('hook.lockedOut', { seconds: retryAfterSec }) } },
        },
      ),
    tooLarge: (source, hookId) =>
      deps.access.audit.record(
        { actor: `trigger URL ${hookId.slice(0, 8)}…`, actorKind: 'anonymous', source },
        {
          action: 'hook.refused',
          outcome: 'refused',
          target: `trigger URL ${hookId}`,
          detail: { reason: { code: 'hook.bodyTooLarge', message: englishMessage('hook.bodyTooLarge', { max: HOOK_MAX_BODY_BYTES }) } },
        },
      ),
    nowMs,
  })
  const artifacts = artifactRoute(artifactRouteDeps(deps))
  const nodeRoute = deps.nodeRoute
  return async (request, response) =>
    (nodeRoute !== null && (await nodeRoute(request, response))) ||
    (await hooks(request, response)) ||
    (await artifacts(request, response)) ||
    adminCalls(request, response)
}
