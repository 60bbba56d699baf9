import { runPeriodically, type Clock } from '../kernel/clock'
import type { KnownSecrets } from '../kernel/known-secrets'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'

/**
 * How often the groups' tokens and the trigger URLs' secrets are reread for the redaction: this
 * node's own changes are told at once (`refresh`); another node's reach this one within a period.
 */
export const STORED_SECRETS_PERIOD_MS = 30_000

/**
 * Keeps KnownSecrets up to date with the secrets that live in tables rather than settings: each
 * group's own executor token (`job_group.access_token`) and each trigger URL's secret (`job_hook.secret`).
 */
export class StoredSecrets {
  private readonly stopLoop = new AbortController()
  private loop: Promise<void> | null = null

  constructor(
    private readonly repos: Pick<Repos, 'groups' | 'hooks'>,
    private readonly secrets: KnownSecrets,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Rereads both tables (at start, after this node changed a group or a hook, and every period). */
  async refresh(): Promise<void> {
    const groups = await this.repos.groups.list()
    this.secrets.set(
      'groups',
      groups.map((group) => group.accessToken),
    )
    this.secrets.set('hooks', await this.repos.hooks.allSecrets())
  }

  /** `refresh` after this node changed a group or a hook: never rejects, since the change itself is made by then. */
  async changed(): Promise<void> {
    await this.refresh().catch((error: unknown) => this.logger.warn('rereading the stored secrets failed', { error: (error as Error).message }))
  }

  start(): void {
    this.loop = runPeriodically(
      this.clock,
      STORED_SECRETS_PERIOD_MS,
      this.stopLoop.signal,
      () => this.refresh(),
      (error) => this.logger.warn('rereading the stored secrets failed', { error: (error as Error).message }),
    )
  }

  async stop(): Promise<void> {
    this.stopLoop.abort()
    await this.loop
  }
}
