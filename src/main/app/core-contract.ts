import type { ArtifactLimits } from '../artifacts/artifact-store'
import type { SecretReader } from '../secrets/secret-reader'
import type { DirectorySettings } from '../auth/directory/directory-settings'
import type { JobDeskApi } from '../../shared/api'
import type { Access } from '../auth/access'
import type { ScryptParams } from '../auth/password'
import type { Executor, ExecutorOptions } from '../executor'
import type { Clock } from '../kernel/clock'
import type { KnownSecrets } from '../kernel/known-secrets'
import type { Logger } from '../kernel/logger'
import type { SpawnWorker } from '../kernel/spawn-worker'
import type { RegistryTimings } from '../registry/health'
import type { RegistryService } from '../registry/registry-service'
import type { Scheduler } from '../scheduler/scheduler'
import type { ListenDefaults, SettingsService } from '../settings/settings-service'
import type { MonitorTimings } from '../completion/monitors'
import type { RunCompletion } from '../domain/runs'
import type { Store } from '../store/store'
import type { EventHub } from '../kernel/events'
import type { AdminHandler } from './admin-surface'

export interface CoreOptions {
  dataDir: string
  /**
   * Where the data is: a SQLite file path (default `<dataDir>/jobdesk.db`), or a PostgreSQL or
   * MySQL/MariaDB URL (`--database`), shared by every node of a cluster.
   */
  database?: string
  /** `--secrets-key-file`: the key the secrets are encrypted with (docs/secrets.md); default `<dataDir>/secrets.key`, made on first start. */
  secretsKeyFile?: string
  /** The desktop shell's secrets key as base64, kept with Electron's safeStorage; takes the place of the key file. */
  secretsKey?: string
  /** What operators call this node in the cluster view (`--node-name`; default the host name). */
  nodeName?: string
  clock?: Clock
  /** Where the core's lines go; each passes through the redaction of `secrets` first. */
  logger?: Logger
  /**
   * The secret values the core holds, which it keeps current (headless mode passes its own, to
   * redact the lines of its server with the same values); default a new one.
   */
  secrets?: KnownSecrets
  /**
   * What the trigger and the maskers read of the secrets store (`${secrets.NAME}` values, every value
   * to mask); default none: no reference resolves, nothing is masked.
   */
  secretReader?: SecretReader
  /** The file `logger` writes to (kernel/file-logger.ts), shown in Settings; none in tests. */
  logFile?: string
  spawnWorker?: SpawnWorker
  /** better-sqlite3 built for Electron's ABI (docs/development.md#native-sqlite-for-electron); plain Node leaves it unset. */
  nativeBinding?: string
  /** The desktop app (default) or headless mode, as the settings show it. */
  mode?: 'desktop' | 'headless'
  /** Headless mode: `--console-token` / `JOBDESK_CONSOLE_TOKEN`; default: stored or generated at first start. */
  consoleToken?: string
  /** Headless mode, first start: the `admin` user's password (`--admin-password-file`); default a one-time password. */
  adminPassword?: string
  /** Headless mode: sign-in through LDAP and/or OpenID Connect (auth/directory/directory-flags.ts). */
  directory?: DirectorySettings
  /** Password hashing cost (tests lower it; default auth/password.ts). */
  scrypt?: ScryptParams
  /** Seed the demo jobs on first start (default true). */
  seedDemo?: boolean
  /** Run the embedded executor (default true). */
  embeddedExecutor?: boolean
  /** How much runs may leave behind (docs/artifacts.md#limits); default DEFAULT_ARTIFACT_LIMITS. */
  artifactLimits?: ArtifactLimits
  registryTimings?: RegistryTimings
  scanBatchSize?: number
  /** How long before each second its fires' run rows are written (Scheduler's `prepareAheadMs`; default PREPARE_AHEAD_MS). */
  prepareAheadMs?: number
  /** Milliseconds a graceful stop waits for running runs before killing them (default 5000). */
  shutdownGraceMs?: number
  /** The global executor access token (`--token` / `JOBDESK_ACCESS_TOKEN`); default: stored or generated. */
  accessToken?: string
  /** The OpenAPI's token (`--api-token` / `JOBDESK_API_TOKEN`); default: stored or generated. */
  apiToken?: string
  /** `--enable-scripts`: the embedded executor runs script jobs whatever the setting says. */
  enableScripts?: boolean
  /** `--metrics-public`: GET /metrics answers without a bearer token (a trusted network only). */
  metricsPublic?: boolean
  /** Where the admin server listens, as shown in the settings. */
  listen?: ListenDefaults
  /** Completion monitor periods and thresholds (tests shorten them). */
  monitorTimings?: Partial<MonitorTimings>
  /**
   * Share of each retry backoff added as jitter, 0-1 (`--retry-jitter`): spreads the retries of runs
   * that failed together. Default 0.1; 0 retries exactly on the interval.
   */
  retryJitterRatio?: number
  /** Settings for the embedded executor beyond the ones the core decides (handler folders, limits). */
  executorOptions?: Pick<ExecutorOptions, 'handlerDirs' | 'httpAllowPrefixes' | 'maxWorkers' | 'idleRunnerExitMs' | 'nodeInterpreter'>
}

export type CoreState = 'starting' | 'running' | 'draining' | 'stopped'

/** What the shells (desktop window, headless server, worker thread) need of a running core. */
export interface Core {
  readonly api: JobDeskApi
  readonly adminApi: AdminHandler
  readonly events: EventHub
  /** Sign-in, sessions, tokens and the audit trail: the headless server's console bridge and auth routes. */
  readonly access: Access
  /** The listen address and the tokens the shells print or pass on. */
  readonly settings: Pick<SettingsService, 'get' | 'accessToken' | 'apiToken'>
  readonly consoleToken: string | null
  readonly adminOneTimePassword: string | null
  readonly nodeId: string
  /** Where the data lives, for the start-up line. */
  readonly database: { location: string; engine: Store['engine'] }
  setAdminUrl(url: string): Promise<void>
  nodeUrl(): string
  state(): CoreState
  stop(): Promise<void>
}

/** A core with its internals in reach: for tests and benchmarks, which look inside (`assembleCore`). */
export interface CoreParts extends Omit<Core, 'settings'> {
  readonly store: Store
  readonly scheduler: Scheduler
  readonly executor: Executor | null
  readonly settings: SettingsService
  readonly registry: RegistryService
  completeRuns(completions: RunCompletion[]): Promise<void>
  writerStats(): { transactions: number; outcomes: number; completions: number }
}
