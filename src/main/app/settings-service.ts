import { CONSOLE_LANGUAGES, type ConsoleLanguage, type Settings } from '../../shared/api'
import { invalidField } from '../../shared/messages/coded-errors'
import { parseInput } from '../../shared/schema/parse-input'
import { settingsInputSchema } from '../../shared/schema/settings'
import { validateAlarmSettings } from '../completion/alarms'
import { generateToken } from '../net/token'
import type { Store } from '../store/store'
import type { AlarmService } from './alarm-service'

const KEYS = {
  accessToken: 'access_token',
  apiToken: 'api_token',
  listenHost: 'listen_host',
  listenPort: 'listen_port',
  logRetentionDays: 'log_retention_days',
  openApiAcceptsExecutorToken: 'openapi_accepts_executor_token',
  embeddedScriptsEnabled: 'embedded_scripts_enabled',
  consoleLanguage: 'console_language',
} as const

export const DEFAULT_LOG_RETENTION_DAYS = 30
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

/**
 * Operator settings kept in the database. Each token comes from its flag or environment variable
 * when given, else the stored one, else a random one generated at first start. The executor token
 * and the API token are never equal: they grant different things (design.md §8).
 */
export class SettingsService {
  constructor(
    private readonly store: Store,
    private readonly alarms: AlarmService,
    private readonly listenDefaults: ListenDefaults,
    private readonly overrides: TokenOverrides = {},
    /** `--enable-scripts`: scripts on the embedded executor for this run, whatever the setting says. */
    private readonly scriptsForced = false,
    /** Where this core runs and what that process knows of itself (mode, console token, log file). */
    private readonly shell: ShellFacts = DESKTOP,
  ) {
    if (overrides.accessToken !== undefined) checkToken(overrides.accessToken, '--token')
    if (overrides.apiToken !== undefined) checkToken(overrides.apiToken, '--api-token')
    store.transaction(() => {
      if (!overrides.accessToken && !store.settings.get<string>(KEYS.accessToken)) store.settings.set(KEYS.accessToken, generateToken())
      if (!overrides.apiToken && !store.settings.get<string>(KEYS.apiToken)) store.settings.set(KEYS.apiToken, generateToken())
    })
    if (this.apiToken() === this.accessToken()) {
      if (overrides.apiToken !== undefined) {
        throw invalidField('--api-token', 'settings.tokensEqual')
      }
      store.settings.set(KEYS.apiToken, generateToken())
    }
  }

  accessToken(): string {
    return this.overrides.accessToken ?? this.store.settings.get<string>(KEYS.accessToken)!
  }

  apiToken(): string {
    return this.overrides.apiToken ?? this.store.settings.get<string>(KEYS.apiToken)!
  }

  openApiAcceptsExecutorToken(): boolean {
    return this.store.settings.get<boolean>(KEYS.openApiAcceptsExecutorToken) ?? false
  }

  embeddedScriptsEnabled(): boolean {
    return this.scriptsForced || (this.store.settings.get<boolean>(KEYS.embeddedScriptsEnabled) ?? false)
  }

  /** What the console showed last (a stored value it no longer knows reads as none). */
  consoleLanguage(): ConsoleLanguage | null {
    const stored = this.store.settings.get<string>(KEYS.consoleLanguage)
    return (CONSOLE_LANGUAGES as readonly unknown[]).includes(stored) ? (stored as ConsoleLanguage) : null
  }

  logRetentionDays(): number {
    return this.store.settings.get<number>(KEYS.logRetentionDays) ?? DEFAULT_LOG_RETENTION_DAYS
  }

  get(): Settings {
    return {
      accessToken: this.accessToken(),
      apiToken: this.apiToken(),
      tokensFromFlags: { accessToken: this.overrides.accessToken !== undefined, apiToken: this.overrides.apiToken !== undefined },
      openApiAcceptsExecutorToken: this.openApiAcceptsExecutorToken(),
      embeddedScriptsEnabled: this.embeddedScriptsEnabled(),
      embeddedScriptsForced: this.scriptsForced,
      listenHost: this.store.settings.get<string>(KEYS.listenHost) ?? this.listenDefaults.host,
      listenPort: this.store.settings.get<number>(KEYS.listenPort) ?? this.listenDefaults.port,
      logRetentionDays: this.logRetentionDays(),
      alarms: this.alarms.settings(),
      mode: this.shell.mode,
      consoleToken: this.shell.consoleToken,
      logFile: this.shell.logFile,
      consoleLanguage: this.consoleLanguage(),
    }
  }

  /** Checks everything first (alarm channels included), then stores it in one transaction. */
  save(raw: unknown): Settings {
    const input = parseInput(settingsInputSchema, raw, 'settings')
    const alarms = input.alarms === undefined ? undefined : validateAlarmSettings(input.alarms)
    const values: [string, unknown][] = [
      [KEYS.listenHost, input.listenHost],
      [KEYS.listenPort, input.listenPort],
      [KEYS.logRetentionDays, input.logRetentionDays],
      [KEYS.openApiAcceptsExecutorToken, input.openApiAcceptsExecutorToken],
      [KEYS.embeddedScriptsEnabled, input.embeddedScriptsEnabled],
      [KEYS.consoleLanguage, input.consoleLanguage],
    ]
    this.store.transaction(() => {
      for (const [key, value] of values) if (value !== undefined) this.store.settings.set(key, value)
      if (alarms !== undefined) this.alarms.keep(alarms)
    })
    if (alarms !== undefined) this.alarms.use(alarms)
    return this.get()
  }

  regenerateAccessToken(): Settings {
    if (this.overrides.accessToken !== undefined) {
      throw invalidField('accessToken', 'settings.tokenFromFlag', { flag: '--token', env: 'JOBDESK_ACCESS_TOKEN' })
    }
    this.store.settings.set(KEYS.accessToken, this.freshTokenUnlike(this.apiToken()))
    return this.get()
  }

  regenerateApiToken(): Settings {
    if (this.overrides.apiToken !== undefined) {
      throw invalidField('apiToken', 'settings.tokenFromFlag', { flag: '--api-token', env: 'JOBDESK_API_TOKEN' })
    }
    this.store.settings.set(KEYS.apiToken, this.freshTokenUnlike(this.accessToken()))
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
