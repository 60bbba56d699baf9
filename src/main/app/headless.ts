import { networkInterfaces } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { systemClock } from '../kernel/clock'
import { KnownSecrets, redactingLogger } from '../kernel/known-secrets'
import { silentLogger, type Logger } from '../kernel/logger'
import type { BrowserBridge } from '../net/browser-bridge'
import { listen, type ListeningServer } from '../net/http-server'
import { defaultRegistryAddress } from '../net/advertised-address'
import { serveStatic } from '../net/static-files'
import { startCore, type Core, type CoreOptions } from './core'
import { authHttp } from '../net/auth-http'
import { sessionSecretOf } from '../auth/session-cookie'
import { OidcFlow } from '../auth/directory/oidc-flow'
import { oidcHttp } from '../net/oidc-http'
import { OIDC_PATHS } from '../../shared/auth'

export interface HeadlessOptions extends CoreOptions {
  host: string
  port: number
  /**
   * Where the other nodes of a cluster reach this one (`--node-url`); default: this host and port,
   * with the first LAN IPv4 address when bound to every interface.
   */
  nodeUrl?: string
  /** The built renderer (default: out/renderer beside the bundle, or of the repository when run from source). */
  rendererDir?: string
}

export interface Headless<C extends Core = Core> {
  core: C
  server: ListeningServer
  consoleToken: string
  /** The console's address with the token in the fragment (never sent to the server in requests). */
  url: string
  /** First start: the `admin` user's one-time password, to print once (null otherwise). */
  adminOneTimePassword: string | null
  stop(): Promise<void>
}

/**
 * Headless mode: the core plus its one HTTP server — the executor-facing API and job OpenAPI under
 * /api/, the console's files, and the console's WebSocket bridge.
 */
export async function startHeadless(options: HeadlessOptions): Promise<Headless>
/** `start`: how the core is started (tests pass `assembleCore` to look inside it). */
export async function startHeadless<C extends Core>(options: HeadlessOptions, start: (options: CoreOptions) => Promise<C>): Promise<Headless<C>>
export async function startHeadless(options: HeadlessOptions, start: (options: CoreOptions) => Promise<Core> = startCore): Promise<Headless> {
  // The server's lines pass through the same redaction as the core's, with the values the core keeps current.
  const secrets = options.secrets ?? new KnownSecrets()
  const logger: Logger | undefined = options.logger && redactingLogger(options.logger, secrets)
  const core = await start({ ...options, secrets, mode: 'headless', listen: { host: options.host, port: options.port } })
  let server: ListeningServer | undefined
  let bridge: BrowserBridge
  let consoleToken: string
  try {
    consoleToken = core.consoleToken!
    // The bridge (and ws) load once the scheduler runs: nothing before the first scan needs them (docs/benchmarks.md#b9-cold-start).
    const { BrowserBridge } = await import('../net/browser-bridge')
    bridge = new BrowserBridge({
      subscribe: (listener) => core.events.subscribe(listener),
      consoleToken,
      sessionSecret: sessionSecretOf,
      openSession: async (credential, source) => {
        const opened = await core.access.openConsole(credential, source)
        if (!opened.ok) return { ok: false, message: opened.error.message }
        const filter = core.access.eventFilter(opened.latest)
        return { ok: true, session: { api: core.access.apiFor(opened.current), visible: (event) => filter.visible(event), release: core.api } }
      },
      refused: (source, reason) =>
        core.access.audit.record(
          { actor: '(console)', actorKind: 'anonymous', source },
          { action: 'auth.console', outcome: 'refused', target: 'console bridge', detail: { reason: { code: 'auth.consoleRefused', message: reason } } },
        ),
      logger: logger ?? silentLogger,
      clock: options.clock ?? systemClock,
    })
    const rendererDir = options.rendererDir ?? defaultRendererDir()
    const oidc = options.directory?.oidc
    // The provider sends the browser back to this server's own configured address, never to one a request names.
    const redirectUrl = () => oidc?.redirectUrl ?? new URL(OIDC_PATHS.callback, core.nodeUrl()).href
    const oidcRoutes = oidc ? [oidcHttp(core.access, new OidcFlow(oidc, redirectUrl, options.clock ?? systemClock), logger ?? silentLogger)] : []
    server = await listen(
      options.host,
      options.port,
      [
        core.adminApi,
        authHttp(core.access, logger ?? silentLogger, oidc ? { label: oidc.label } : undefined),
        ...oidcRoutes,
        (request, response) => serveStatic(rendererDir, request, response),
      ],
      [(request, socket, head) => bridge.handleUpgrade(request, socket, head)],
    )
    await core.setAdminUrl(options.nodeUrl ?? defaultRegistryAddress(options.host, server.port, networkInterfaces()))
  } catch (error) {
    await server?.close()
    await core.stop()
    throw error
  }
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host
  return {
    core,
    server,
    consoleToken,
    url: `http://${shownHost}:${server.port}/#token=${consoleToken}`,
    adminOneTimePassword: core.adminOneTimePassword,
    async stop() {
      bridge.close()
      await server.close()
      await core.stop()
    },
  }
}

function defaultRendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  // Bundled: out/main/serve.js (or out/main/chunks/…) → out/renderer. From source: src/main/app → out/renderer.
  if (import.meta.url.endsWith('.ts')) return join(here, '..', '..', '..', 'out', 'renderer')
  return here.endsWith('chunks') ? join(here, '..', '..', 'renderer') : join(here, '..', 'renderer')
}
