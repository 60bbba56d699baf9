import { createHmac } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { CLUSTER_SECRET_SETTING } from '../../../src/main/cluster/cluster-secret'
import { createFileLogger, type FileLogger } from '../../../src/main/kernel/file-logger'
import { REDACTED } from '../../../src/main/kernel/known-secrets'
import type { Logger } from '../../../src/main/kernel/logger'
import { jobDeskSignature } from '../../../src/main/hooks/hook-signature'
import { ALARM_STATUS, EMBEDDED_APP_NAME } from '../../../src/shared/model'
import type { HttpRecorder } from '../alarms/support/http-recorder'
import type { MailSink } from '../alarms/support/mail-sink'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { ECHO_MARKER, secretSettings, startEchoingMailServer, startEchoingRobots } from './support/echoing-robots'

/**
 * Secrets never land in the audit trail or the logs: a headless server with every secret setting
 * configured, saved and changed, its channels tested against robots that quote their tokens back,
 * and failing runs alarming through them. Then every audit row, the log file, the terminal's lines,
 * the test results and the runs' alarm reasons are searched for every configured value: none is
 * there. And a trigger URL's delivery, once used, is refused under every signature scheme.
 */
const FLAG_TOKENS = { accessToken: 'access-token-flag-q7Zx', apiToken: 'api-token-flag-q7Zx', consoleToken: 'console-token-flag-q7Zx' }
const GROUP_TOKEN = 'group-own-token-q7Zx'
const ADMIN_PASSWORD = 'first-admin-password-q7Zx'

const dir = makeTempDir('jobdesk-secrets-')
const dataDir = join(dir.path, 'data')
const terminal: string[] = []
let log: FileLogger
let headless: Headless<CoreParts>
let robots: HttpRecorder
let mail: MailSink
/** Every value configured in the test; filled as they are made. */
const configured: string[] = [...Object.values(FLAG_TOKENS), GROUP_TOKEN, ADMIN_PASSWORD]
/** What the console was shown: the channel tests' results. */
const shown: string[] = []

function recordingTerminal(): Logger {
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void terminal.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`)
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

const api = () => headless.core.api

beforeAll(async () => {
  robots = await startEchoingRobots()
  mail = await startEchoingMailServer()
  log = createFileLogger({ dir: dataDir, alsoTo: recordingTerminal() })
  headless = await startHeadless(
    {
      dataDir,
      host: '127.0.0.1',
      port: 0,
      logger: log.logger,
      logFile: log.file,
      seedDemo: false,
      ...FLAG_TOKENS,
      adminPassword: ADMIN_PASSWORD,
      shutdownGraceMs: 200,
      rendererDir: join(dir.path, 'renderer'),
      monitorTimings: { failMonitorPeriodMs: 100 },
    },
    assembleCore,
  )
  const cluster = (await headless.core.store.settings.all()).get(CLUSTER_SECRET_SETTING) as { current: string }
  configured.push(cluster.current)
}, 60_000)

afterAll(async () => {
  await headless?.stop()
  await log?.close()
  await robots?.close()
  await mail?.close()
  dir.remove()
})

describe('a trigger URL’s delivery, once used', () => {
  it('is refused under every signature scheme, whichever scheme used it', async () => {
    const hook = await api().createHook({ jobId: (await embeddedJob({ name: 'hooked', executorHandler: 'demoJobHandler' })).id })
    configured.push(hook.secret)
    const hmac = (body: string) => createHmac('sha256', hook.secret).update(body).digest('hex')
    const schemes: Record<string, (body: string, delivery: string) => Record<string, string>> = {
      github: (body, delivery) => ({ 'X-Hub-Signature-256': `sha256=${hmac(body)}`, 'X-GitHub-Delivery': delivery }),
      gitea: (body, delivery) => ({ 'X-Gitea-Signature': hmac(body), 'X-Gitea-Delivery': delivery }),
      gitlab: (_body, delivery) => ({ 'X-Gitlab-Token': hook.secret, 'X-Gitlab-Event-UUID': delivery }),
    }
    for (const [first, sign] of Object.entries(schemes)) {
      const body = JSON.stringify({ ref: `refs/heads/${first}` })
      expect(await post(hook.path, body, sign(body, `${first}-1`)), `${first} delivers once`).toBe(202)
      for (const [again, resign] of Object.entries(schemes)) {
        expect(await post(hook.path, body, resign(body, `${again}-2`)), `${first}'s delivery again under ${again}`).toBe(401)
        expect(await lastRefusal()).toBe('hook.replayed')
      }
    }
    const body = JSON.stringify({ param: 'signed the JobDesk way' })
    const atSec = Math.floor(Date.now() / 1000)
    const signed = { 'X-JobDesk-Timestamp': String(atSec), 'X-JobDesk-Signature': jobDeskSignature(hook.secret, atSec, body) }
    expect(await post(hook.path, body, signed)).toBe(202)
    expect(await post(hook.path, body, signed)).toBe(401)
    expect(await lastRefusal()).toBe('hook.replayed')
  }, 60_000)
})

describe('a delivery used before the replay key was shared', () => {
  it('is still refused: the keys it was recorded under then are read too', async () => {
    const hook = await api().createHook({ jobId: (await embeddedJob({ name: 'hooked before', executorHandler: 'demoJobHandler' })).id })
    configured.push(hook.secret)
    const body = JSON.stringify({ ref: 'refs/heads/before' })
    const hmac = createHmac('sha256', hook.secret).update(body).digest('hex')
    // What an earlier version wrote for a GitHub delivery: its scheme's name and the HMAC.
    await headless.core.store.hookUses.claim(hook.hook.id, `github:${hmac}`, Date.now() + 86_400_000, Date.now())
    expect(await post(hook.path, body, { 'X-Gitea-Signature': hmac, 'X-Gitea-Delivery': 'g-9' })).toBe(401)
    expect(await lastRefusal()).toBe('hook.replayed')
  })
})

describe('the secrets of the settings, groups and trigger URLs', () => {
  it('are saved, changed and used, their channels tested and their alarms sent', async () => {
    for (const round of [1, 2]) {
      const settings = secretSettings(robots.origin, mail.port, round)
      configured.push(...settings.values)
      await api().saveSettings({ alarms: settings.alarms })
    }
    const group = { appName: 'secret-app', name: 'secret group', addressType: 0 as const, addressList: '', accessToken: GROUP_TOKEN }
    const { id } = await api().saveGroup(group)
    await api().saveGroup({ ...group, id, name: 'secret group, renamed' })
    configured.push((await api().createHook({ jobId: (await failingJob()).id })).secret)

    const { alarms } = secretSettings(robots.origin, mail.port, 2)
    shown.push(JSON.stringify(await api().testWebhook({ url: alarms.webhooks[0].url })))
    for (const channel of alarms.imChannels) shown.push(JSON.stringify(await api().testImChannel({ name: channel.name })))
    shown.push(JSON.stringify(await api().sendTestEmail({ to: 'ops@example.test' })))
    expect(
      shown.every((result) => result.includes('"ok":false')),
      'every robot refused, quoting its token',
    ).toBe(true)

    const job = await failingJob()
    const requestsBefore = robots.requests.length
    await api().triggerJob({ jobId: job.id })
    const run = await waitFor('the failed run’s alarm to be done', async () => {
      const [latest] = (await api().listRuns({ jobId: job.id, limit: 1 })).runs
      return latest?.alarmStatus === ALARM_STATUS.failed && latest
    })
    shown.push(run.alarmMessage)
    // The webhook and the four robots got the alarm and answered with its credentials: they were there to leak.
    expect(robots.requests.length - requestsBefore).toBe(5)
  }, 60_000)

  it('are in no audit row: a save records which secret settings changed, never a value', async () => {
    const trail = await api().exportAudit({ format: 'json' })
    expect(found(trail)).toEqual([])
    const saves = (JSON.parse(trail) as { action: string; detail: { params?: { alarms?: { webhooks?: { headers?: Record<string, string> }[] } } } }[]).filter(
      (row) => row.action === 'settings.save',
    )
    expect(saves.map((row) => row.detail.params?.alarms?.webhooks?.[0]?.headers)).toEqual(
      expect.arrayContaining([{ Authorization: 'changed', 'X-Api-Key': 'changed' }]),
    )
  })

  it('are in no test result shown in the console, and no run’s alarm reason', () => {
    expect(shown.join('\n')).toContain(REDACTED)
    expect(found(shown.join('\n'))).toEqual([])
  })

  it('are in no line of jobdesk.log nor of the terminal, though the robots’ replies are', async () => {
    await headless.stop()
    await log.close()
    const files = readdirSync(dataDir).filter((name) => /^jobdesk(\.\d+)?\.log$/.test(name))
    const text = files.map((name) => readFileSync(join(dataDir, name), 'utf8')).join('\n')
    expect(text, 'the alarm failures, with the robots’ replies, were logged').toContain(ECHO_MARKER)
    expect(text).toContain(REDACTED)
    expect(found(text)).toEqual([])
    expect(terminal.join('\n')).toContain(ECHO_MARKER)
    expect(found(terminal.join('\n'))).toEqual([])
  })
})

/** The configured values that occur in `text` (none, when the secrets stayed out). */
function found(text: string): string[] {
  expect(configured.length).toBeGreaterThan(20)
  return configured.filter((value) => text.includes(value) || text.includes(encodeURIComponent(value)))
}

function failingJob() {
  return embeddedJob({
    name: `fails and alarms ${configured.length}`,
    executorHandler: 'failJobHandler',
    executorFailRetryCount: 0,
    alarmEmail: 'ops@example.test',
  })
}

async function embeddedJob(overrides: Parameters<typeof jobInput>[1]) {
  const groupId = (await api().listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  return api().saveJob(jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', ...overrides }))
}

async function post(path: string, body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${headless.server.port}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })
  await response.body?.cancel()
  return response.status
}

/** The reason code of the newest `hook.refused` row. */
async function lastRefusal(): Promise<string | undefined> {
  const [row] = (await api().listAudit({ action: 'hook.refused', limit: 1 })).entries
  return row?.detail.reason?.code
}
