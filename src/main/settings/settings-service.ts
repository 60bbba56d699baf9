import { CONSOLE_LANGUAGES, type ConsoleLanguage, type Settings } from '../../shared/api'
import { invalidField } from '../../shared/messages/coded-errors'
import { parseInput } from '../../shared/schema/parse-input'
import { settingsInputSchema } from '../../shared/schema/settings'
import { validateAlarmSettings } from '../completion/alarms'
import { generateToken } from '../net/token'
import type { SettingRepo } from '../store/setting-repo'
import type { UnitOfWork } from '../store/store'
import { ALARM_SETTINGS_KEY, type AlarmService } from '../completion/alarm-service'
import { KnownSecrets } from '../kernel/known-secrets'
import { secretTextsOfSettings } from './secret-texts'
import { DEFAULT_ALARM_POLICY, type AlarmPolicy } from '../../shared/alarm-policy'

const KEYS = {
  accessToken: 'access_token',
  apiToken: 'api_token',
  listenHost: 'listen_host',
  listenPort: 'listen_port',
  logRetentionDays: 'log_retention_days',
  auditRetentionDays: 'audit_retention_days',
  openApiAcceptsExecutorToken: 'openapi_accepts_executor_token',
  embeddedScriptsEnabled: 'embedded_scripts_enabled',
  consoleLanguage: 'console_language',
  alarmAfterFailures: 'alarm_after_failures',
  alarmQuietSec: 'alarm_quiet_sec',
} as const

export const DEFAULT_LOG_RETENTION_DAYS = 30
/** An audit trail covers at least half a year unless the operator says otherwise (at least 30 days). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 180
/** XXL-JOB's well-known default token; JobDesk never uses it (anyone knows it). */
const FORBIDDEN_TOKENS = new Set(['default_token'])

export interface ListenDefaults {
  host: string
  port: number
}

export interface TokenOverrides {
  /** `--token` / `JOBDESK_ACCESS_TOKEN`: the executor access token. */
  accessToken?: string
  /** `--api-token` / `JOBDESK_API_TOKEN`: the OpenAPI's token. */
  apiToken?: string
}

/** What the process that runs the core knows about itself and shows in the settings. */
export interface ShellFacts {
  mode: Settings['mode']
  consoleToken: string | null
  logFile: string
}

const DESKTOP: ShellFacts = { mode: 'desktop', consoleToken: null, logFile: '' }

type SettingsStore = { settings: SettingRepo } & UnitOfWork<{ settings: SettingRepo }>

/**
 * Operator settings kept in the database. Each token comes from its flag or environment variable
 * when given, else the stored one, else a random one generated at first start (the first node of a
 * cluster to start generates it; the others read it). The executor token and the API token are
 * never equal: they grant different things (docs/trust.md). The values are read once and kept in
 * memory — the hot paths (every executor request checks a token) read them synchronously — and
 * reread by `reload` when the settings' version moved (another node saved them).
 */
export class SettingsService {
  private values = new Map<string, unknown>()

  /** Reads the settings and makes the tokens a first start needs. */
  static async open(
    store: SettingsStore,
    alarms: AlarmService,
    listenDefaults: ListenDefaults,
    overrides: TokenOverrides = {},
    scriptsForced = false,
    shell: ShellFacts = DESKTOP,
    secrets: KnownSecrets = new KnownSecrets(),
  ): Promise<SettingsService> {
    const service = new SettingsService(store, alarms, listenDefaults, overrides, scriptsForced, shell, secrets)
    await service.init()
    return service
  }

  private constructor(
    private readonly store: SettingsStore,
    private readonly alarms: AlarmService,
    private readonly listenDefaults: ListenDefaults,
    private readonly overrides: TokenOverrides = {},
    /** `--enable-scripts`: scripts on the embedded executor for this run, whatever the setting says. */
    private readonly scriptsForced = false,
    /** Where this core runs and what that process knows of itself (mode, console token, log file). */
    private readonly shell: ShellFacts,
    /** Told the secret settings' values at every reread, for the redaction of logs and results. */
    private readonly secrets: KnownSecrets,
  ) {
    if (overrides.accessToken !== undefined) checkToken(overrides.accessToken, '--token')
    if (overrides.apiToken !== undefined) checkToken(overrides.apiToken, '--api-token')
  }

  private async init(): Promise<void> {
    const { overrides, store } = this
    // setIfAbsent: two nodes starting on an empty database agree on the first token written.
    if (!overrides.accessToken) await store.settings.setIfAbsent(KEYS.accessToken, generateToken())
    if (!overrides.apiToken) await store.settings.setIfAbsent(KEYS.apiToken, generateToken())
    await this.reload()
    if (this.apiToken() === this.accessToken()) {
      if (overrides.apiToken !== undefined) {
        throw invalidField('--api-token', 'settings.tokensEqual')
      }
      await store.settings.set(KEYS.apiToken, this.freshTokenUnlike(this.accessToken()))
      await this.reload()
    }
  }

  /** Rereads every setting (at start, after a save, and when another node saved some). */
  async reload(): Promise<void> {
    this.values = await this.store.settings.all()
    this.alarms.reload(this.values.get(ALARM_SETTINGS_KEY))
    this.secrets.set('settings', secretTextsOfSettings(this.get()))
  }

  private value<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined
  }

  accessToken(): string {
    return this.overrides.accessToken ?? this.value<string>(KEYS.accessToken)!
  }

  apiToken(): string {
    return this.overrides.apiToken ?? this.value<string>(KEYS.apiToken)!
  }

  openApiAcceptsExecutorToken(): boolean {
    return this.value<boolean>(KEYS.openApiAcceptsExecutorToken) ?? false
  }

  embeddedScriptsEnabled(): boolean {
    return this.scriptsForced || (this.value<boolean>(KEYS.embeddedScriptsEnabled) ?? false)
  }

  /** What the console showed last (a stored value it no longer knows reads as none). */
  consoleLanguage(): ConsoleLanguage | null {
    const stored = this.value<string>(KEYS.consoleLanguage)
    return (CONSOLE_LANGUAGES as readonly unknown[]).includes(stored) ? (stored as ConsoleLanguage) : null
  }

  logRetentionDays(): number {
    return this.value<number>(KEYS.logRetentionDays) ?? DEFAULT_LOG_RETENTION_DAYS
  }

  auditRetentionDays(): number {
    return this.value<number>(KEYS.auditRetentionDays) ?? DEFAULT_AUDIT_RETENTION_DAYS
  }

  /** The alarm policy jobs and flows follow where they set none of their own (src/shared/alarm-policy.ts). */
  alarmPolicy(): AlarmPolicy {
    return {
      afterFailures: this.value<number>(KEYS.alarmAfterFailures) ?? DEFAULT_ALARM_POLICY.afterFailures,
      quietSec: this.value<number>(KEYS.alarmQuietSec) ?? DEFAULT_ALARM_POLICY.quietSec,
    }
  }

  get(): Settings {
    return {
      accessToken: this.accessToken(),
      apiToken: this.apiToken(),
      tokensFromFlags: { accessToken: this.overrides.accessToken !== undefined, apiToken: this.overrides.apiToken !== undefined },
      openApiAcceptsExecutorToken: this.openApiAcceptsExecutorToken(),
      embeddedScriptsEnabled: this.embeddedScriptsEnabled(),
      embeddedScriptsForced: this.scriptsForced,
      listenHost: this.value<string>(KEYS.listenHost) ?? this.listenDefaults.host,
      listenPort: this.value<number>(KEYS.listenPort) ?? this.listenDefaults.port,
      logRetentionDays: this.logRetentionDays(),
      auditRetentionDays: this.auditRetentionDays(),
      alarmAfterFailures: this.alarmPolicy().afterFailures,
      alarmQuietSec: this.alarmPolicy().quietSec,
      alarms: this.alarms.settings(),
      mode: this.shell.mode,
      consoleToken: this.shell.consoleToken,
      logFile: this.shell.logFile,
      consoleLanguage: this.consoleLanguage(),
    }
  }

  /** Checks everything first (alarm channels included), then stores it in one transaction. */
  async save(raw: unknown): Promise<Settings> {
    const input = parseInput(settingsInputSchema, raw, 'settings')
    const alarms = input.alarms === undefined ? undefined : validateAlarmSettings(input.alarms)
    const values: [string, unknown][] = [
      [KEYS.listenHost, input.listenHost],
      [KEYS.listenPort, input.listenPort],
      [KEYS.logRetentionDays, input.logRetentionDays],
      [KEYS.auditRetentionDays, input.auditRetentionDays],
      [KEYS.openApiAcceptsExecutorToken, input.openApiAcceptsExecutorToken],
      [KEYS.embeddedScriptsEnabled, input.embeddedScriptsEnabled],
      [KEYS.consoleLanguage, input.consoleLanguage],
      [KEYS.alarmAfterFailures, input.alarmAfterFailures],
      [KEYS.alarmQuietSec, input.alarmQuietSec],
    ]
    if (alarms !== undefined) values.push([ALARM_SETTINGS_KEY, alarms])
    await this.store.transaction(async (tx) => {
      for (const [key, value] of values) if (value !== undefined) await tx.settings.set(key, value)
    })
    await this.reload()
    return this.get()
  }

  async regenerateAccessToken(): Promise<Settings> {
    if (this.overrides.accessToken !== undefined) {
      throw invalidField('accessToken', 'settings.tokenFromFlag', { flag: '--token', env: 'JOBDESK_ACCESS_TOKEN' })
    }
    await this.store.settings.set(KEYS.accessToken, this.freshTokenUnlike(this.apiToken()))
    await this.reload()
    return this.get()
  }

  async regenerateApiToken(): Promise<Settings> {
    if (this.overrides.apiToken !== undefined) {
      throw invalidField('apiToken', 'settings.tokenFromFlag', { flag: '--api-token', env: 'JOBDESK_API_TOKEN' })
    }
    await this.store.settings.set(KEYS.apiToken, this.freshTokenUnlike(this.accessToken()))
    await this.reload()
    return this.get()
  }

  private freshTokenUnlike(other: string): string {
    for (;;) {
      const token = generateToken()
      if (token !== other) return token
    }
  }
}

/** Refuses an empty token and XXL-JOB's published default (ValidationError naming `field`). */
export function checkToken(token: string, field: string): void {
  if (token.trim() === '') {
    throw invalidField(field, 'settings.tokenEmpty')
  }
  if (FORBIDDEN_TOKENS.has(token)) {
    throw invalidField(field, 'settings.tokenDefault', { token })
  }
}
