import { authenticateAdminCall } from '../net/admin-auth'
import type { ArtifactRouteDeps } from '../net/artifact-route'
import { principalOfCaller } from '../net/caller-principal'
import { sessionSecretOf } from '../auth/session-cookie'
import { headerValue, secretsEqual } from '../net/wire/auth'
import type { AdminSurfaceDeps } from './admin-surface-deps'

/** The header a console opened with the console token sends it in (a same-origin fetch: no other site can set it). */
const CONSOLE_TOKEN_HEADER = 'X-JobDesk-Console-Token'

/**
 * The artifact route's credentials: a read takes the console's session cookie or a token the
 * OpenAPI takes (the API token, a group's token, a personal token) and the run's group read rule
 * (listArtifacts'); an upload takes the executor credential the run's callback takes.
 */
export function artifactRouteDeps(deps: AdminSurfaceDeps): ArtifactRouteDeps {
  const { access, settings } = deps
  const tokens = () => ({
    executorToken: settings.accessToken(),
    apiToken: settings.apiToken(),
    openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken(),
  })
  const findGroup = (appName: string) => deps.groups.findByAppName(appName)
  return {
    async reader(request, source) {
      // The console in a browser: its session cookie, or the console token it was opened with.
      const consoleToken = headerValue(request.headers, CONSOLE_TOKEN_HEADER)
      if (consoleToken !== undefined && deps.consoleToken !== null && secretsEqual(consoleToken, deps.consoleToken)) {
        const opened = await access.openConsole({ kind: 'console-token' }, source)
        return opened.ok ? opened.current() : null
      }
      const secret = sessionSecretOf(request.headers.cookie)
      if (secret !== null) {
        const opened = await access.openConsole({ kind: 'session', secret }, source)
        if (opened.ok) return opened.current()
      }
      const auth = await authenticateAdminCall(request.headers, 'openapi', tokens(), findGroup, (token) => access.tokens.authenticate(token, source))
      return auth.ok ? principalOfCaller(auth.caller, source) : null
    },
    list: (principal, runId) => access.apiFor(async () => principal).listArtifacts({ runId }),
    open: (runId, name) => deps.artifacts.open(runId, name),
    async mayUpload(request, runId, source) {
      const auth = await authenticateAdminCall(request.headers, 'executor', tokens(), findGroup)
      if (!auth.ok) return { ok: false, msg: auth.msg }
      const allowed = await deps.registration.mayReportRun(auth.caller, runId, source)
      return allowed ? { ok: true } : { ok: false, msg: `run ${runId} is not one this credential may report` }
    },
    keep: (runId, name, body, declaredSize) => deps.artifacts.keep(runId, name, body, declaredSize),
    redeem: (token, nowMs) => deps.artifactLinks.redeem(token, nowMs),
    nowMs: deps.nowMs,
  }
}
