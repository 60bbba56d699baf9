import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Access } from '../auth/access'
import type { JobInfo } from '../../shared/model'
import type { LinkService } from '../definitions/link-service'
import type { JobService } from '../definitions/job-service'
import type { Logger } from '../kernel/logger'
import type { ArtifactStore } from '../artifacts/artifact-store'
import type { ArtifactLinks } from '../artifacts/artifact-links'
import type { HookService } from '../hooks/hook-service'
import type { ExecutorRegistration } from '../registry/executor-registration'
import type { SettingsService } from '../settings/settings-service'
import type { Repos } from '../store/store'
import type { EventHub } from '../kernel/events'

/** What the admin surface (adminSurface) and the artifact route's credentials (artifactRouteDeps) are built from. */
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
  /** Every known secret value in a text masked: the last pass over each MCP answer. */
  redactSecrets: (text: string) => string
  /** Flow nodes' one-time links to artifacts: `/api/artifact-links/<token>`. */
  artifactLinks: Pick<ArtifactLinks, 'redeem'>
}
