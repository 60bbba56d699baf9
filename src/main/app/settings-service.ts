import type { AlarmChannels, Settings, SettingsInput } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import { generateToken } from '../net/token'
import type { Store } from '../store/store'
import type { AlarmService } from './alarm-service'

const KEYS = {
  accessToken: 'access_token',
  listenHost: 'listen_host',
  listenPort: 'listen_port',
  logRetentionDays: 'log_retention_days',
} as const

export const DEFAULT_LOG_RETENTION_DAYS = 30
/** XXL-JOB's well-known default token; JobDesk never uses it (anyone knows it). */
const FORBIDDEN_TOKENS = new Set(['default_token'])

export interface ListenDefaults {
  host: string
  port: number
}

/** What the process that runs the core knows about itself and shows in the settings. */
export interface ShellFacts {
  mode: Settings['mode']
  consoleToken: string | null
  logFile: string
}

const DESKTOP: ShellFacts = { mode: 'desktop', consoleToken: null, logFile: '' }

/**
 * Operator settings kept in the database. The executor access token comes from `--token` /
 * `JOBDESK_ACCESS_TOKEN` when given, else the stored one, else a random one generated at first start.
 */
export class SettingsService {
  private readonly tokenOverride: string | undefined

  constructor(
    private readonly store: Store,
    private readonly alarms: AlarmService,
    private readonly listenDefaults: ListenDefaults,
    tokenOverride?: string,
    private readonly shell: ShellFacts = DESKTOP,
  ) {
    if (tokenOverride !== undefined) checkToken(tokenOverride, '--token')
    this.tokenOverride = tokenOverride
    if (!tokenOverride && !this.store.settings.get<string>(KEYS.accessToken)) this.store.settings.set(KEYS.accessToken, generateToken())
  }

  accessToken(): string {
    return this.tokenOverride ?? this.store.settings.get<string>(KEYS.accessToken)!
  }

  logRetentionDays(): number {
    return this.store.settings.get<number>(KEYS.logRetentionDays) ?? DEFAULT_LOG_RETENTION_DAYS
  }

  get(): Settings {
    return {
      accessToken: this.accessToken(),
      listenHost: this.store.settings.get<string>(KEYS.listenHost) ?? this.listenDefaults.host,
      listenPort: this.store.settings.get<number>(KEYS.listenPort) ?? this.listenDefaults.port,
      logRetentionDays: this.logRetentionDays(),
      alarms: this.alarms.settings() as AlarmChannels,
      mode: this.shell.mode,
      consoleToken: this.shell.consoleToken,
      logFile: this.shell.logFile,
    }
  }

  save(raw: unknown): Settings {
    const input = validateSettingsInput(raw)
    // Alarm settings are validated (and may throw) before anything is stored.
    this.store.transaction(() => {
      if (input.alarms !== undefined) this.alarms.saveSettings(input.alarms)
      if (input.listenHost !== undefined) this.store.settings.set(KEYS.listenHost, input.listenHost)
      if (input.listenPort !== undefined) this.store.settings.set(KEYS.listenPort, input.listenPort)
      if (input.logRetentionDays !== undefined) this.store.settings.set(KEYS.logRetentionDays, input.logRetentionDays)
    })
    return this.get()
  }

  regenerateAccessToken(): Settings {
    if (this.tokenOverride) {
      throw new ValidationError('accessToken', 'the token is set by --token or JOBDESK_ACCESS_TOKEN; change it there')
    }
    this.store.settings.set(KEYS.accessToken, generateToken())
    return this.get()
  }
}

/** Refuses an empty token and XXL-JOB's published default (ValidationError naming `field`). */
export function checkToken(token: string, field: string): void {
  if (token.trim() === '') throw new ValidationError(field, 'an empty access token would let anyone register executors; leave it unset to get a random one')
  if (FORBIDDEN_TOKENS.has(token)) throw new ValidationError(field, `'${token}' is XXL-JOB's published default; choose a secret token`)
}

function validateSettingsInput(raw: unknown): SettingsInput {
  if (typeof raw !== 'object' || raw === null) throw new ValidationError('settings', 'expected an object')
  const body = raw as Record<string, unknown>
  const input: SettingsInput = {}
  if (body.listenHost !== undefined) {
    if (typeof body.listenHost !== 'string' || !/^[0-9A-Za-z.:_-]{1,253}$/.test(body.listenHost)) {
      throw new ValidationError('listenHost', 'expected an IP address or host name, e.g. 0.0.0.0 or 127.0.0.1')
    }
    input.listenHost = body.listenHost
  }
  if (body.listenPort !== undefined) {
    if (typeof body.listenPort !== 'number' || !Number.isInteger(body.listenPort) || body.listenPort < 1 || body.listenPort > 65535) {
      throw new ValidationError('listenPort', 'expected a port number 1-65535')
    }
    input.listenPort = body.listenPort
  }
  if (body.logRetentionDays !== undefined) {
    if (typeof body.logRetentionDays !== 'number' || !Number.isInteger(body.logRetentionDays) || body.logRetentionDays < 0 || body.logRetentionDays > 3650) {
      throw new ValidationError('logRetentionDays', 'expected whole days 0-3650 (below 3 keeps runs forever)')
    }
    input.logRetentionDays = body.logRetentionDays
  }
  if (body.alarms !== undefined) input.alarms = body.alarms as AlarmChannels
  return input
}
