import { ValidationError } from '../../shared/errors'
import { failureReason } from '../../shared/failure-reason'
import { AuditService } from '../audit/audit-service'
import { ClusterSecret } from '../cluster/cluster-secret'
import { AlarmService } from '../completion/alarm-service'
import { RunEnded } from '../completion/run-ended'
import { RunWriter } from '../completion/run-writer'
import { ArtifactStore, DEFAULT_ARTIFACT_LIMITS } from '../artifacts/artifact-store'
import { ARTIFACT_LINK_KEY_SETTING } from '../artifacts/artifact-links'
import { randomBytes } from 'node:crypto'
import { systemClock, type Clock } from '../kernel/clock'
import { EventHub } from '../kernel/events'
import { KnownSecrets, redactingLogger } from '../kernel/known-secrets'
import { consoleLogger, type Logger } from '../kernel/logger'
import { spawnWorker as defaultSpawnWorker, type SpawnWorker } from '../kernel/spawn-worker'
import { JobDeskMetrics } from '../metrics/jobdesk-metrics'
import { resolveConsoleToken } from '../settings/console-token'
import { checkToken, SettingsService } from '../settings/settings-service'
import { StoredSecrets } from '../settings/stored-secrets'
import { openStore } from '../store/open-store'
import { ReportReader } from '../store/report-reader'
import { storeReportReads, type ReportReads } from '../store/report-reads'
import { SqliteStore } from '../store/sqlite/sqlite-store'
import { openSecretStore } from '../secrets/open-secret-store'
import type { SecretStore } from '../secrets/secret-store'
import type { Repos, Store } from '../store/store'
import type { CoreOptions } from './core-contract'
import { artifactDir, databaseFile } from './data-dir'
import { SecretMasks } from '../secrets/secret-masks'

/** What every part of the core is given: the time, the log, and how to start a worker thread. */
export interface CoreBase {
  clock: Clock
  /** Every line passes through the redaction of `secrets`. */
  logger: Logger
  /** The secret values this process holds, kept current by their owners; the one redaction of logs and results. */
  secrets: KnownSecrets
  nowMs: () => number
  spawnWorker: SpawnWorker
}

/** The store and what lives on it before any loop runs: events, settings, alarms, audit, the run writer. */
export interface CoreData {
  store: Store
  events: EventHub
  settings: SettingsService
  alarms: AlarmService
  audit: AuditService
  clusterSecret: ClusterSecret
  /** The groups' tokens and the trigger URLs' secrets, as the redaction knows them. */
  storedSecrets: StoredSecrets
  consoleToken: string | null
  writer: RunWriter
  /** What a run's end sets off, in its order (completion/run-ended.ts): the one listener of the writer's flushes. */
  runEnded: RunEnded
  /** The node's Prometheus metrics: fed where the facts are committed, served at /metrics. */
  metrics: JobDeskMetrics
  /** Named secrets, encrypted at rest (docs/secrets.md); read by the trigger path and the maskers as a SecretReader. */
  secretStore: SecretStore
  /** The runs' kept files (docs/artifacts.md). */
  artifacts: ArtifactStore
  /** The key of the one-time links flow nodes fetch artifacts by (artifacts/artifact-links.ts), the same on every node. */
  artifactLinkKey: Buffer
  /** The masker of the secrets store's values: run logs, handle messages, flow outputs and alarm texts pass it. */
  secretMasks: SecretMasks
  /** The dashboard's aggregates over a day of runs and the runs list: on SQLite from a reader thread (store/report-reader.ts). */
  reports: ReportReads & { close(): Promise<void> }
}

/** Checked before anything is opened, so a bad flag fails start-up without leaving files open. */
export function coreBase(options: CoreOptions): CoreBase {
  if (options.accessToken !== undefined) checkToken(options.accessToken, '--token')
  if (options.apiToken !== undefined) checkToken(options.apiToken, '--api-token')
  const jitter = options.retryJitterRatio
  if (jitter !== undefined && !(jitter >= 0 && jitter <= 1)) throw new ValidationError('retryJitterRatio', `expected 0-1, got ${jitter}`)
  const clock = options.clock ?? systemClock
  const secrets = options.secrets ?? new KnownSecrets()
  secrets.set('start-up', startUpSecretsOf(options))
  const logger = redactingLogger(options.logger ?? consoleLogger('core'), secrets)
  return { clock, logger, secrets, nowMs: () => clock.nowMs(), spawnWorker: options.spawnWorker ?? defaultSpawnWorker }
}

export async function openCoreData({
  options,
  base: { clock, logger, secrets, spawnWorker },
}: {
  options: Pick<
    CoreOptions,
    | 'database'
    | 'dataDir'
    | 'nativeBinding'
    | 'mode'
    | 'consoleToken'
    | 'listen'
    | 'accessToken'
    | 'apiToken'
    | 'enableScripts'
    | 'logFile'
    | 'secretsKeyFile'
    | 'secretsKey'
    | 'artifactLimits'
    | 'secretReader'
  >
  base: Pick<CoreBase, 'clock' | 'logger' | 'secrets' | 'spawnWorker'>
}): Promise<CoreData> {
  const store = await openStore(options.database ?? databaseFile(options.dataDir), { nativeBinding: options.nativeBinding, quickCheck: false })
  // Before anything else reads the store: a node with the wrong secrets key stops here, with one line.
  const secretStore = await openSecretStore(store, options, () => clock.nowMs()).catch(async (error: unknown) => {
    await store.close()
    throw error
  })
  const events = new EventHub((ids) => store.runs.getMany(ids))
  // The store is the reader; a test may give its own.
  const secretReader = options.secretReader ?? secretStore
  const alarms = new AlarmService(store, {
    logger,
    clock,
    secrets,
    secretValues: (names) => secretReader.valuesFor(null, names),
    onDesktop: (facts) =>
      events.emit({ type: 'alarm', logId: facts.logId, jobId: facts.jobId, jobName: facts.jobName, handleMsg: facts.handleMsg, reason: failureReason(facts) }),
    onFlowDesktop: (notice) => events.emit({ type: 'flow-notice', ...notice }),
    onDeadlineDesktop: (notice) => events.emit({ type: 'deadline-miss', ...notice }),
  })
  const consoleToken = options.mode === 'headless' ? await resolveConsoleToken(store.settings, options.consoleToken) : null
  const settings = await SettingsService.open(
    store,
    alarms,
    options.listen ?? { host: '127.0.0.1', port: 8080 },
    { accessToken: options.accessToken, apiToken: options.apiToken },
    options.enableScripts === true,
    { mode: options.mode ?? 'desktop', consoleToken, logFile: options.logFile ?? '' },
    secrets,
  )
  const clusterSecret = new ClusterSecret(store.settings, clock, secrets)
  await clusterSecret.load()
  const storedSecrets = new StoredSecrets(store, secrets, clock, logger)
  await storedSecrets.refresh()
  // The store's values leave no trace in jobdesk.log either: the process log's redaction knows them.
  const secretMasks = new SecretMasks(secretReader, logger, (values) => secrets.set('secrets-store', values))
  await secretMasks.invalidate()
  // A set, a removal or a purge here, or another writer's change seen by a read: the masks follow.
  secretStore.onChange = () => void secretMasks.invalidate()
  const metrics = new JobDeskMetrics()
  timeTransactions(store, metrics)
  const writer = new RunWriter({ store, logger, nowMs: () => clock.nowMs() })
  const artifacts = new ArtifactStore({
    root: artifactDir(options.dataDir),
    repos: store,
    limits: options.artifactLimits ?? DEFAULT_ARTIFACT_LIMITS,
    nowMs: () => clock.nowMs(),
    logger,
  })
  await artifacts.sweep()
  const artifactLinkKey = Buffer.from(await store.settings.setIfAbsent(ARTIFACT_LINK_KEY_SETTING, randomBytes(32).toString('hex')), 'hex')
  return {
    artifacts,
    artifactLinkKey,
    store,
    events,
    settings,
    alarms,
    audit: new AuditService(store.audit, clock, logger, secrets),
    clusterSecret,
    storedSecrets,
    consoleToken,
    writer,
    runEnded: new RunEnded(writer, logger),
    metrics,
    secretStore,
    secretMasks,
    reports:
      store instanceof SqliteStore
        ? new ReportReader(
            { file: store.location, nativeBinding: options.nativeBinding },
            spawnWorker,
            storeReportReads(store),
            (ids) => store.runs.getMany(ids),
            logger,
          )
        : { ...storeReportReads(store), close: async () => {} },
  }
}

/** The secrets given at start: the database URL's password, the directory's bind password and client secret, the first admin's password. */
function startUpSecretsOf(options: CoreOptions): string[] {
  const { ldap, oidc } = options.directory ?? {}
  let databasePassword = ''
  try {
    databasePassword = options.database === undefined ? '' : decodeURIComponent(new URL(options.database).password)
  } catch {
    // A SQLite path, or a URL the store will refuse with its own message (which masks the password).
  }
  return [databasePassword, ldap?.bindPassword ?? '', oidc?.clientSecret ?? '', options.adminPassword ?? ''].filter((text) => text !== '')
}

/** Every transaction of the store is timed (jobdesk_db_transaction_seconds): one timer per transaction, never per row. */
function timeTransactions(store: Store, metrics: JobDeskMetrics): void {
  const transaction = store.transaction.bind(store)
  store.transaction = <T>(work: (tx: Repos) => Promise<T>): Promise<T> => {
    const done = metrics.transactionStarted()
    return transaction(work).finally(done)
  }
}
