import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { parseArgs } from 'node:util'
import { resolveDataDir } from './app/data-dir'
import { startHeadless } from './app/headless'
import { exitWith } from './kernel/command-line'
import { createFileLogger } from './kernel/file-logger'
import { consoleLogger, jsonConsoleLogger } from './kernel/logger'
import { DEFAULT_REGISTRY_TIMINGS } from './registry/health'
import { DatabaseOpenError } from './store/open-database'
import { ListenError } from './net/http-server'
import { describeError, ValidationError } from '../shared/errors'
import { PASSWORD_MIN_CHARS } from '../shared/password-length'
import { SERVE_OPTIONS, SERVE_USAGE as USAGE } from './serve-args'
import { DirectoryFlagError, directorySettingsFrom } from './auth/directory/directory-flags'
import { SecretKeyError } from './secrets/secret-key-file'

/** `--admin-password-file`: the first admin's password, the file's first line (never on the command line, where `ps` shows it). */
function readAdminPassword(file: string | undefined): string | undefined {
  if (file === undefined) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(`--admin-password-file: cannot read ${file}: ${(error as Error).message}`)
  }
  const password = text.split(/\r?\n/)[0]
  if (password.length < PASSWORD_MIN_CHARS)
    fail(`--admin-password-file: the password in ${file} has ${password.length} characters; at least ${PASSWORD_MIN_CHARS} are needed`)
  return password
}

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      options: SERVE_OPTIONS,
      strict: true,
    }))
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`)
  }
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: '${values.port}' is not a port number (0-65535)`)

  const database = values.database ?? process.env.JOBDESK_DATABASE_URL
  if (database !== undefined && database.trim() === '') fail('--database: empty; give a postgres:// or mysql:// URL or a SQLite file path')
  const nodeName = values['node-name'] ?? `${hostname()}:${port}`
  if (nodeName.trim() === '' || nodeName.length > 100) fail(`--node-name: '${nodeName.slice(0, 120)}' must be 1-100 characters`)
  const nodeUrl = values['node-url']
  if (nodeUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(nodeUrl)) fail(`--node-url: '${nodeUrl.slice(0, 120)}' is not an http:// or https:// URL`)

  const logFormat = values['log-format']
  if (logFormat !== 'text' && logFormat !== 'json') fail(`--log-format: '${String(logFormat).slice(0, 40)}' is not text or json`)
  const json = logFormat === 'json'
  // --log-format json: every line on the terminal is a JSON object too, the start-up lines included.
  const say = (text: string) => (json ? console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: text })) : console.log(text))

  const adminPassword = readAdminPassword(values['admin-password-file'])
  let directory
  try {
    directory = directorySettingsFrom(values)
  } catch (error) {
    if (error instanceof DirectoryFlagError) fail(error.message)
    throw error
  }
  const dataDir = resolveDataDir(values['data-dir'])
  // The rotating log file in the data folder, and the console as before.
  const logFile = createFileLogger({ dir: dataDir, alsoTo: json ? jsonConsoleLogger() : consoleLogger('jobdesk') })
  const logger = logFile.logger
  let headless
  try {
    headless = await startHeadless({
      dataDir,
      host: values.host!,
      port,
      database,
      nodeName,
      nodeUrl,
      consoleToken: values['console-token'] ?? process.env.JOBDESK_CONSOLE_TOKEN,
      adminPassword,
      secretsKeyFile: values['secrets-key-file'],
      directory,
      accessToken: values.token ?? process.env.JOBDESK_ACCESS_TOKEN,
      apiToken: values['api-token'] ?? process.env.JOBDESK_API_TOKEN,
      enableScripts: values['enable-scripts'],
      seedDemo: !values['no-demo'],
      executorOptions: { handlerDirs: values.handlers ?? [] },
      registryTimings: registryTimings(values),
      retryJitterRatio: retryJitter(values['retry-jitter']),
      metricsPublic: values['metrics-public'],
      logger,
      logFile: logFile.file,
    })
  } catch (error) {
    // A wrong secrets key is the operator's to fix and says so in one line on stderr, with no log line repeating it there.
    if (error instanceof SecretKeyError) {
      await logFile.close()
      fail(error.message)
    }
    logger.error('JobDesk did not start', { error: (error as Error).message })
    await logFile.close()
    if (error instanceof DatabaseOpenError || error instanceof ListenError || error instanceof ValidationError) fail(describeError(error))
    throw error
  }
  // Every line from here on names the node it comes from (a cluster's nodes may share a collector).
  if (json) logFile.bind({ node: headless.core.nodeId })
  const adminUrl = headless.url.replace(/#.*$/, '')
  say(`JobDesk is running (data in ${headless.core.database.location}; log file ${logFile.file}).`)
  if (headless.core.database.engine !== 'sqlite')
    say(`Cluster node '${nodeName}' (${headless.core.nodeId}); other nodes reach it at ${headless.core.nodeUrl()}.`)
  const tokenAccepted = await headless.core.access.consoleTokenAccepted()
  // Once a user has a password the token opens nothing: the address is printed without it.
  say(`Console: ${tokenAccepted ? headless.url : adminUrl}`)
  if (headless.adminOneTimePassword !== null) {
    say(`First start: user 'admin' has the one-time password ${headless.adminOneTimePassword} — sign in and set your own.`)
    say('Until then the console token above opens the console; once the admin has set a password it no longer does.')
  } else if (tokenAccepted) {
    say('No user has set a password yet: the console token opens the console until the admin signs in and sets one.')
  } else {
    say('Sign in at the console address with your user name (`jobdesk reset-password USER` sets a new one-time password).')
  }
  say(`Executors register at ${adminUrl} with access token ${headless.core.settings.accessToken()}`)
  say(`Job OpenAPI: ${adminUrl}api/<method> with the API token ${headless.core.settings.apiToken()}`)
  if (values['metrics-public']) say('Metrics: /metrics answers without a token (--metrics-public).')
  if (values['enable-scripts']) say('Script (GLUE) jobs run on this machine as this user (--enable-scripts).')
  say('Press Ctrl-C to stop.')

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    say(`${signal}: draining — running jobs get a few seconds to finish…`)
    await headless.stop()
    await logFile.close()
    say('JobDesk stopped.')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/**
 * Registry timings (XXL-JOB: beat 30 s, dead after 90 s, swept every 30 s), shortened for tests and
 * demos with --registry-beat-ms / --registry-dead-ms / --registry-sweep-ms.
 */
function registryTimings(values: Record<string, unknown>) {
  const read = (flag: string, fallback: number) => {
    const text = values[flag]
    if (text === undefined) return fallback
    const ms = Number(text)
    if (!Number.isInteger(ms) || ms < 50 || ms > 3_600_000) fail(`--${flag}: '${String(text)}' is not a duration in ms (50-3600000)`)
    return ms
  }
  return {
    beatIntervalMs: read('registry-beat-ms', DEFAULT_REGISTRY_TIMINGS.beatIntervalMs),
    deadTimeoutMs: read('registry-dead-ms', DEFAULT_REGISTRY_TIMINGS.deadTimeoutMs),
    sweepPeriodMs: read('registry-sweep-ms', DEFAULT_REGISTRY_TIMINGS.sweepPeriodMs),
  }
}

/** `--retry-jitter R`: the share of each retry backoff added as jitter, 0 (off) to 1; default 0.1. */
function retryJitter(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const ratio = Number(text)
  if (text.trim() === '' || !Number.isFinite(ratio) || ratio < 0 || ratio > 1) fail(`--retry-jitter: '${text}' is not a ratio between 0 and 1 (e.g. 0.1)`)
  return ratio
}

function fail(message: string): never {
  return exitWith('jobdesk', message, 1)
}

void main()
