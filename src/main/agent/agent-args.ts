import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PROTOCOL_GENERATIONS } from '../../shared/model'
import { parseAllowEntry } from '../executor/handlers/http-allowlist'
import { UsageError } from '../kernel/command-line'
import type { AdminGeneration } from '../net/admin-client'
import { parseAdminAddresses } from '../net/admin-client'
import { DEFAULT_EXECUTOR_HOST, DEFAULT_EXECUTOR_PORT } from '../net/executor-server'
import { DEFAULT_BEAT_INTERVAL_MS } from '../net/registry-beat'

/** The LAN executor agent's settings, from its command line (and one environment variable). */
export interface AgentConfig {
  adminAddresses: string[]
  accessToken: string
  appName: string
  port: number
  host: string
  /** The address registered with the admin; null → derived from host and port. */
  address: string | null
  handlerDirs: string[]
  logPath: string
  logRetentionDays: number
  enableScripts: boolean
  /** GLUE_NODEJS's interpreter; absent → the agent's own Node (process.execPath). */
  nodeInterpreter?: string
  /** URL prefixes httpJobHandler and an LLM step's provider may call, or every URL. */
  httpAllowPrefixes: string[] | 'any'
  adminGeneration: AdminGeneration
  /** XXL-JOB's file per run (default, what operators and tools expect) or JobDesk's packed segments. */
  runLogLayout: 'files' | 'packed'
  beatIntervalMs: number
  callbackRetryMs: number
}

export const TOKEN_ENV = 'JOBDESK_EXECUTOR_TOKEN'
export const DEFAULT_LOG_PATH = join(homedir(), '.jobdesk', 'executor-logs')

export const USAGE = `Usage: jobdesk-executor --admin URL[,URL…] --token TOKEN --app NAME [options]

Runs a JobDesk executor that speaks the XXL-JOB executor protocol and registers with the admin(s).

  --admin URL[,URL…]        admin base URL(s), tried in order (e.g. http://10.0.0.2:8080/xxl-job-admin)
  --token TOKEN             access token (XXL-JOB-ACCESS-TOKEN); or set ${TOKEN_ENV}
  --app NAME                app name of the executor group (XXL-JOB appname)
  --port N                  port to listen on (default ${DEFAULT_EXECUTOR_PORT}; 0 picks a free one)
  --host ADDR               interface to bind (default 127.0.0.1: this machine only; 0.0.0.0 for the LAN)
  --address URL             address to register (default from --host: http://127.0.0.1:<port>/ on
                            loopback, http://<host>:<port>/ for one address, the first LAN IPv4 for 0.0.0.0)
  --handlers DIR            directory of .js/.mjs handler modules (repeatable)
  --log-path DIR            run logs, glue sources, callback spool (default ${DEFAULT_LOG_PATH})
  --log-retention-days N    delete run-log folders older than N days; < 3 keeps all (default 30)
  --enable-scripts          run GLUE script jobs (shell, python, …): remote code execution by design
  --node-interpreter PATH   program for GLUE_NODEJS scripts (a path, or a command on PATH such as
                            node; default: the Node running this agent)
  --http-allow PREFIX[,…]   URLs httpJobHandler and an LLM step's provider may call:
                            scheme://host[:port][/path] each, matched on scheme, host, port and whole
                            path segments ("any" allows all; default none)
  --admin-generation G      g1 | g2 | g3 | auto (default auto: detected from the admin's replies)
  --run-log-layout L        files (default: XXL-JOB's <yyyy-MM-dd>/<logId>.log) | packed (day segments;
                            for thousands of short runs a second, where a file per run costs too much)
  --beat-interval-ms N      registry beat interval (default ${DEFAULT_BEAT_INTERVAL_MS})
  --callback-retry-ms N     pause between retries of spooled callbacks (default 30000)
  --help                    print this text`

const OPTIONS = {
  admin: { type: 'string' },
  token: { type: 'string' },
  app: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  address: { type: 'string' },
  handlers: { type: 'string', multiple: true },
  'log-path': { type: 'string' },
  'log-retention-days': { type: 'string' },
  'enable-scripts': { type: 'boolean' },
  'node-interpreter': { type: 'string' },
  'http-allow': { type: 'string' },
  'admin-generation': { type: 'string' },
  'run-log-layout': { type: 'string' },
  'beat-interval-ms': { type: 'string' },
  'callback-retry-ms': { type: 'string' },
  help: { type: 'boolean' },
} as const

/** Parses the agent's arguments; 'help' when --help was asked for. Throws UsageError on bad input. */
export function parseAgentArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): AgentConfig | 'help' {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error))
  }
  if (values.help) return 'help'

  const accessToken = (values.token ?? env[TOKEN_ENV] ?? '').trim()
  if (accessToken === '') {
    throw new UsageError(
      `--token is required (or ${TOKEN_ENV}): every executor endpoint checks XXL-JOB-ACCESS-TOKEN, and an executor without one would run whatever anyone who can reach its port sends`,
    )
  }
  return {
    adminAddresses: readAdmins(values.admin),
    accessToken,
    appName: readAppName(values.app),
    port: readInt('--port', values.port, DEFAULT_EXECUTOR_PORT, 0, 65_535),
    host: readHost(values.host),
    address: values.address === undefined ? null : readHttpUrl('--address', values.address),
    handlerDirs: (values.handlers ?? []).map((dir) => nonBlank('--handlers', dir)),
    logPath: values['log-path'] === undefined ? DEFAULT_LOG_PATH : nonBlank('--log-path', values['log-path']),
    logRetentionDays: readInt('--log-retention-days', values['log-retention-days'], 30, 0, 36_500),
    enableScripts: values['enable-scripts'] ?? false,
    ...(values['node-interpreter'] === undefined ? {} : { nodeInterpreter: readInterpreter(values['node-interpreter']) }),
    httpAllowPrefixes: readHttpAllow(values['http-allow']),
    adminGeneration: readGeneration(values['admin-generation']),
    runLogLayout: readLayout(values['run-log-layout']),
    beatIntervalMs: readInt('--beat-interval-ms', values['beat-interval-ms'], DEFAULT_BEAT_INTERVAL_MS, 10, 3_600_000),
    callbackRetryMs: readInt('--callback-retry-ms', values['callback-retry-ms'], 30_000, 10, 3_600_000),
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false })
}

function nonBlank(flag: string, value: string): string {
  const trimmed = value.trim()
  if (trimmed === '') throw new UsageError(`${flag}: must not be empty`)
  return trimmed
}

function readAdmins(value: string | undefined): string[] {
  if (value === undefined) throw new UsageError('--admin is required: the admin base URL(s) to register with, e.g. http://10.0.0.2:8080/xxl-job-admin')
  const admins = parseAdminAddresses(value)
  if (admins.length === 0) throw new UsageError('--admin: give at least one admin URL')
  return admins.map((admin) => readHttpUrl('--admin', admin))
}

function readHttpUrl(flag: string, value: string): string {
  const trimmed = value.trim()
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new UsageError(`${flag}: '${trimmed}' is not a URL (expected http://host:port/…)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag}: '${trimmed}' must start with http:// or https://`)
  return trimmed
}

function readAppName(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--app is required: the app name of the executor group on the admin')
  const name = nonBlank('--app', value)
  if (/[\s,]/.test(name)) throw new UsageError(`--app: '${name}' must not contain spaces or commas`)
  return name
}

function readHost(value: string | undefined): string {
  return value === undefined ? DEFAULT_EXECUTOR_HOST : nonBlank('--host', value)
}

function readInt(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const trimmed = value.trim()
  const parsed = Number(trimmed)
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(parsed)) throw new UsageError(`${flag}: expected a whole number, got '${value}'`)
  if (parsed < min || parsed > max) throw new UsageError(`${flag}: must be between ${min} and ${max}, got ${parsed}`)
  return parsed
}

/** Each entry an origin with an optional path prefix (see executor/handlers/http-allowlist.ts). */
function readHttpAllow(value: string | undefined): string[] | 'any' {
  if (value === undefined) return []
  if (value.trim() === 'any') return 'any'
  const prefixes = value
    .split(',')
    .map((prefix) => prefix.trim())
    .filter((prefix) => prefix !== '')
  for (const prefix of prefixes) {
    const entry = parseAllowEntry(prefix)
    if (typeof entry === 'string') {
      throw new UsageError(`--http-allow: '${cutValue(prefix)}' ${entry}; e.g. --http-allow http://10.0.0.5:8080/api,https://intranet.example`)
    }
  }
  if (prefixes.length === 0) throw new UsageError('--http-allow: give at least one URL prefix, or "any"')
  return prefixes
}

function cutValue(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text
}

/** A path must exist; a bare name (no slash) is looked up on PATH when a script runs. */
function readInterpreter(value: string): string {
  const command = nonBlank('--node-interpreter', value)
  if (/[/\\]/.test(command) && !existsSync(command)) throw new UsageError(`--node-interpreter: '${cutValue(command)}' does not exist`)
  return command
}

function readLayout(value: string | undefined): 'files' | 'packed' {
  if (value === undefined) return 'files'
  if (value === 'files' || value === 'packed') return value
  throw new UsageError(`--run-log-layout: expected files or packed, got '${value}'`)
}

function readGeneration(value: string | undefined): AdminGeneration {
  if (value === undefined) return 'auto'
  const generation = value.trim()
  if (generation === 'auto' || (PROTOCOL_GENERATIONS as readonly string[]).includes(generation)) return generation as AdminGeneration
  throw new UsageError(`--admin-generation: expected g1, g2, g3 or auto, got '${value}'`)
}
