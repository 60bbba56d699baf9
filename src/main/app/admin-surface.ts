import type { IncomingMessage, ServerResponse } from 'node:http'
import { actorOf } from '../audit/audit-entry'
import { principalOfCaller } from '../net/caller-principal'
import { seesGroup } from '../../shared/principal'
import { englishMessage } from '../../shared/messages'
import { createAdminApi } from '../net/admin-api'
import { artifactRoute } from '../net/artifact-route'
import { artifactRouteDeps } from './artifact-route-deps'
import type { AdminSurfaceDeps } from './admin-surface-deps'
import { createOpenApi, isOpenApiMethod, openApiAction } from '../net/open-api'
import { HOOK_MAX_BODY_BYTES, hookRoute } from '../net/hook-route'
import { mcpRoute } from '../mcp/mcp-route'
import { JOBDESK_VERSION } from '../../shared/version'

/** Answers a request of the admin surface, or resolves false when the request is not one of its own. */
export type AdminHandler = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>

/**
 * What the admin's HTTP server serves besides the console: other nodes' calls to this node's
 * embedded executor, the trigger URLs, the artifacts, AI agents' MCP endpoint (`/mcp`), then the
 * executor-facing API (registry, callbacks) and the job OpenAPI.
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
  const mcp = mcpRoute({
    authenticate: (token, source) => deps.access.tokens.authenticateMcp(token, source),
    // Resolved per request: each MCP request is one call, so a revoked token stops at its next one.
    apiFor: (principal) => deps.access.apiFor(async () => principal),
    audit: (who, entry) => deps.access.audit.record(who, entry),
    redact: deps.redactSecrets,
    nowMs,
    logger: deps.logger,
    version: JOBDESK_VERSION,
  })
  const nodeRoute = deps.nodeRoute
  return async (request, response) =>
    (nodeRoute !== null && (await nodeRoute(request, response))) ||
    (await hooks(request, response)) ||
    (await artifacts(request, response)) ||
    (await mcp(request, response)) ||
    adminCalls(request, response)
}
