/** Settings as the console reads and writes them (getSettings / saveSettings). */

export interface Settings {
  /**
   * The global token executors present (`XXL-JOB-ACCESS-TOKEN`); groups may have their own. It lets
   * an executor register, beat, leave and call back — nothing else.
   */
  accessToken: string
  /** The job OpenAPI's token (`XXL-JOB-ACCESS-TOKEN` on `/api/addJob` …); never the executor token. */
  apiToken: string
  /** Which tokens come from the command line or the environment (then they cannot be regenerated here). */
  tokensFromFlags: { accessToken: boolean; apiToken: boolean }
  /**
   * XXL-JOB 3.5 lets its executor token call the OpenAPI; scripts written against it may need that.
   * Off by default: every executor box holds that token.
   */
  openApiAcceptsExecutorToken: boolean
  /** Whether the embedded executor runs script (GLUE) jobs on this machine, as JobDesk's user. */
  embeddedScriptsEnabled: boolean
  /** True when `--enable-scripts` turned them on for this run (the setting cannot turn them off then). */
  embeddedScriptsForced: boolean
  /** Where the console and the executor-facing API listen (headless: as started; desktop: applied at next start). */
  listenHost: string
  listenPort: number
  /** Runs older than this many days are deleted (below 3 disables cleanup, as in XXL-JOB). */
  logRetentionDays: number
  /** Days the audit trail is kept (default 180). */
  auditRetentionDays: number
  /** The alarm policy's defaults for jobs and flows that set none (src/shared/alarm-policy.ts): alarm after this many failures in a row… */
  alarmAfterFailures: number
  /** …and fold an alarm within this many seconds of the last one sent (0: never). */
  alarmQuietSec: number
  alarms: AlarmChannels
  /** How this JobDesk runs: the desktop app (window, tray, notifications) or headless mode (a browser console). */
  mode: 'desktop' | 'headless'
  /** Headless mode: the token a browser needs to open the console (`#token=…`); null in the desktop app. */
  consoleToken: string | null
  /** Absolute path of JobDesk's current log file (rotated beside it); '' when it writes none. */
  logFile: string
  /**
   * The language the desktop console last showed, for what the shell says outside it (tray menu,
   * notifications); null until the console told it. Each browser keeps its own choice.
   */
  consoleLanguage: ConsoleLanguage | null
}

/** The console's languages (src/renderer/src/i18n/). */
export const CONSOLE_LANGUAGES = ['en', 'zh-CN'] as const
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]

export interface AlarmChannels {
  desktop: boolean
  webhooks: { url: string; headers?: Record<string, string>; timeoutMs?: number; retries?: number }[]
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string; timeoutMs?: number } | null
  /** Comma-separated addresses mailed when an executor goes dead or a cluster node is lost. */
  alertEmail?: string
  /** Chat robots (DingTalk, WeCom, Feishu/Lark, Slack); absent in settings saved before they existed. */
  imChannels?: ImChannel[]
}

/** The chat robots JobDesk can post to. */
export const IM_CHANNEL_TYPES = ['dingtalk', 'wecom', 'feishu', 'slack'] as const
export type ImChannelType = (typeof IM_CHANNEL_TYPES)[number]

/** What an IM channel hears besides the failed runs of jobs that name it (`#name` in their alarm list). */
export const IM_CHANNEL_EVENTS = ['failedRuns', 'infraAlerts', 'flowNotices'] as const
export type ImChannelEvent = (typeof IM_CHANNEL_EVENTS)[number]

/**
 * One chat robot. Its URL carries the robot's token (DingTalk's access_token, WeCom's key, the path
 * of Feishu's and Slack's hooks) and, like the secret, only admins read it.
 */
export interface ImChannel {
  type: ImChannelType
  /** Jobs name it in their alarm list as `#name`: letters, digits, '.', '_' or '-'. */
  name: string
  url: string
  /** The signing secret of a DingTalk ("sign" security) or Feishu robot; the others have none. */
  secret?: string
  /** The language its messages are written in. */
  language: ConsoleLanguage
  /** failedRuns: every failed run's alarm (not only those of jobs naming it); infraAlerts: dead executors, lost nodes, misfire bursts; flowNotices: flows failed, timed out or waiting for approval. */
  events: ImChannelEvent[]
}

export interface SettingsInput {
  listenHost?: string
  listenPort?: number
  logRetentionDays?: number
  auditRetentionDays?: number
  alarmAfterFailures?: number
  alarmQuietSec?: number
  alarms?: AlarmChannels
  openApiAcceptsExecutorToken?: boolean
  embeddedScriptsEnabled?: boolean
  consoleLanguage?: ConsoleLanguage
}

export interface ChannelCheck {
  ok: boolean
  target: string
  error?: string
  note?: string
}
