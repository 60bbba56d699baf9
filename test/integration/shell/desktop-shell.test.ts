import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../src/main/app/data-dir'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { Store } from '../../../src/main/store/store'
import { API_METHODS } from '../../../src/shared/api-methods'
import { defaultJobInput } from '../../../src/shared/job-defaults'
import { runStatus, type JobGroup, type JobInfo, type JobRun } from '../../../src/shared/model'
import { startShell, type ShellProcess, type ShellSnapshot } from '../../support/shell-process'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

// The desktop shell (src/main/index.ts + shell/) as built into out/main/index.js, run under plain
// Node with a recording stand-in for `electron` (test/shell/): the real core worker, database and
// embedded executor behind it. The `_electron` e2e test covers the same shell where the binary exists.

const APP_URL = 'file:///opt/JobDesk/resources/app/out/renderer/index.html'
const GREEN = [46, 160, 67]
const AMBER = [219, 150, 0]
const RED = [214, 48, 49]

let shell: ShellProcess | null = null
let dir: ReturnType<typeof makeTempDir> | null = null
afterEach(async () => {
  if (shell) {
    shell.kill()
    await shell.exited
  }
  dir?.remove()
  shell = dir = null
})

/** A data folder whose admin API listens on the loopback (port picked by the kernel), optionally with more set up. */
async function dataDir(prepare?: (store: Store) => Promise<void>): Promise<string> {
  dir = makeTempDir('jobdesk-shell-')
  const store = openSqliteStore(databaseFile(dir.path))
  await store.settings.set('listen_host', '127.0.0.1')
  await store.settings.set('listen_port', 0)
  await prepare?.(store)
  await store.close()
  return dir.path
}

async function ready(process: ShellProcess): Promise<ShellSnapshot> {
  return waitFor('the window and the tray with its menu', async () => {
    const now = await process.snapshot()
    return now.windows.length === 1 && now.windows[0].shown > 0 && now.trays[0]?.menu !== null && now
  })
}

async function call<T>(process: ShellProcess, method: string, ...args: unknown[]): Promise<T> {
  const result = await process.invoke(method, args, { url: APP_URL })
  if (!result.ok) throw new Error(`${method} failed: ${result.error.message}`)
  return result.value as T
}

const lastColour = (snapshot: ShellSnapshot) => snapshot.trays[0]?.colours.at(-1)
const openRunsSent = (snapshot: ShellSnapshot) =>
  snapshot.windows.flatMap((w) => w.sent).filter((m) => m.channel === 'jobdesk:event' && (m.payload as { type: string }).type === 'open-run')

describe('the desktop shell, run from its bundle with a stand-in for Electron', () => {
  it('opens one sandboxed window without Node, with a strict CSP, and blocks navigation, new windows and permissions', async () => {
    const dir = await dataDir()
    shell = await startShell(dir)
    const shown = await ready(shell)
    expect(shown.app.singleInstanceLock).toBe(1)
    // The secrets key is kept by the keychain (the stand-in's), never as a plain key file (docs/secrets.md#the-desktop-app).
    expect(readFileSync(join(dir, 'secrets.key.safe'), 'utf8')).toMatch(/^stand-in-keychain:[A-Za-z0-9+/]{43}=$/)
    expect(existsSync(join(dir, 'secrets.key'))).toBe(false)
    const prefs = shown.windows[0].options.webPreferences
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true })
    expect(prefs.nodeIntegrationInWorker ?? false).toBe(false)
    expect(String(prefs.preload)).toMatch(/out[\\/]preload[\\/]index\.cjs$/)
    expect(existsSync(String(prefs.preload))).toBe(true)

    const page = shown.windows[0].loadedFile!
    expect(page).toMatch(/out[\\/]renderer[\\/]index\.html$/)
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(readFileSync(page, 'utf8'))?.[1] ?? ''
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    )
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['script-src']).toEqual(["'self'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['base-uri']).toEqual(["'none'"])
    expect(directives['form-action']).toEqual(["'none'"])
    expect(csp).not.toMatch(/unsafe-eval|\*/)

    expect(await shell.send('willNavigate')).toBe(true)
    expect(await shell.send('windowOpen', { url: 'https://xxl-job.com/' })).toEqual({ action: 'deny' })
    expect(await shell.send('windowOpen', { url: 'http://example.org/' })).toEqual({ action: 'deny' })
    expect(await shell.send('permission')).toBe(false)
    // Only https links leave, and only to the system browser.
    expect((await shell.snapshot()).openedExternally).toEqual(['https://xxl-job.com/'])
  })

  it('registers the API once on the IPC bridge (and the shell action): every method reaches the core from the window, none from anywhere else', async () => {
    shell = await startShell(await dataDir())
    await ready(shell)
    expect((await shell.snapshot()).ipcHandleCalls).toEqual(['jobdesk:call', 'jobdesk:connect-server'])

    for (const method of API_METHODS) {
      for (const from of [{ url: 'http://evil.example/' }, { url: null }, { url: APP_URL, fromWindow: false }]) {
        const refused = await shell.invoke(method, [], from)
        expect(refused, `${method} from ${JSON.stringify(from)}`).toEqual({
          ok: false,
          error: { name: 'Error', message: 'calls are accepted from the app window only' },
        })
      }
      // From the window, with an argument no method takes: every method's argument schema refuses it
      // (a ValidationError with a validation.* code), so the call reached the core's check, not just the bridge's.
      const answered = await shell.invoke(method, [{ bogus: true }], { url: APP_URL })
      expect(answered, method).toMatchObject({ ok: false, error: { name: 'ValidationError', code: expect.stringMatching(/^validation\./) } })
    }
    expect(await shell.invoke('dropEverything', [], { url: APP_URL })).toMatchObject({ ok: false, error: { field: 'method', code: 'ipc.unknownCall' } })
    expect(await shell.send('invoke', { method: 'listJobs', args: 'not a list', url: APP_URL, fromWindow: true })).toMatchObject({ ok: false })

    // The preload exposes exactly these methods, each one call on that one channel, the event
    // stream, and the shell's one action on its own channel.
    const preload = await shell.send<{
      keys: string[]
      calls: { key: string; invoked: { channel: string; args: unknown[] }[] }[]
      listening: string[]
      afterOff: number
    }>('preload')
    expect([...preload.keys].sort()).toEqual([...API_METHODS, 'onEvent', 'connectServer'].sort())
    for (const { key, invoked } of preload.calls) {
      if (key === 'connectServer') expect(invoked).toEqual([{ channel: 'jobdesk:connect-server', args: ['an argument'] }])
      else expect(invoked).toEqual([{ channel: 'jobdesk:call', args: [key, ['an argument', 2]] }])
    }
    expect(preload.listening).toEqual(['jobdesk:event'])
    expect(preload.afterOff).toBe(0)
  })

  it("opens a JobDesk server's console in a sandboxed window of its own, without the preload, kept on that server", async () => {
    shell = await startShell(await dataDir())
    await ready(shell)
    const request = { url: 'http://127.0.0.1:18080/', token: 'console-token-of-the-server' }
    // Only the app's window may ask; a bad address or token opens nothing and says what is wrong.
    expect(await shell.send('connectServer', { request, fromWindow: false })).toMatchObject({
      ok: false,
      error: { message: 'calls are accepted from the app window only' },
    })
    for (const [bad, field] of [
      [{ url: 'file:///etc/passwd', token: 't' }, 'url'],
      [{ url: 'http://admin:secret@127.0.0.1:18080/', token: 't' }, 'url'],
      [{ url: 'http://127.0.0.1:18080/', token: 'two words' }, 'token'],
      [{ url: 'http://127.0.0.1:18080/', token: 't', preload: '/tmp/evil.js' }, 'request'],
    ] as const) {
      expect(await shell.send('connectServer', { request: bad }), JSON.stringify(bad)).toMatchObject({ ok: false, error: { name: 'ValidationError', field } })
    }
    expect((await shell.snapshot()).windows).toHaveLength(1)

    expect(await shell.send('connectServer', { request })).toEqual({ ok: true, value: null })
    const { windows } = await shell.snapshot()
    expect(windows).toHaveLength(2)
    const remote = windows[1]
    expect(remote.loadedUrl).toBe('http://127.0.0.1:18080/#token=console-token-of-the-server')
    expect(remote.loadedFile).toBeNull()
    const preferences = (remote.options as { webPreferences: Record<string, unknown> }).webPreferences
    expect(preferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true })
    expect(preferences.preload).toBeUndefined()
    // Within its server it may move; anywhere else it may not.
    expect(await shell.send('navigateIn', { index: 1, url: 'http://127.0.0.1:18080/#/runs' })).toBe(false)
    expect(await shell.send('navigateIn', { index: 1, url: 'http://127.0.0.1:18081/' })).toBe(true)
    expect(await shell.send('navigateIn', { index: 1, url: 'https://evil.example/' })).toBe(true)
  })

  it('turns the tray red and notifies a failed run; the notification and the tray menu open that run', async () => {
    shell = await startShell(await dataDir())
    const first = await ready(shell)
    expect(first.trays[0].colours[0]).toEqual(GREEN)
    expect(first.trays[0].toolTips.at(-1)).toMatch(/1 executor online · no failed runs in 24 h/)

    const failing = (await call<JobInfo[]>(shell, 'listJobs')).find((job) => job.executorHandler === 'failJobHandler')!
    const [logId] = (await call<{ logIds: number[] }>(shell, 'triggerJob', { jobId: failing.id })).logIds
    const notified = await waitFor(
      'a notification for the failed run',
      async () => {
        const now = await shell!.snapshot()
        const index = now.notifications.findIndex((n) => n.title === `Job failed: ${failing.name}`)
        return index >= 0 && { now, index }
      },
      30_000,
    )
    expect(notified.now.notifications[notified.index]).toMatchObject({ shown: 1, body: expect.stringContaining(`Run ${logId} of job ${failing.id}`) })
    expect(notified.now.notifications[notified.index].body).toContain('this demo job fails on purpose')
    const clicked = await shell.send<ShellSnapshot>('clickNotification', { index: notified.index })
    expect(openRunsSent(clicked)).toEqual([{ channel: 'jobdesk:event', payload: { type: 'open-run', logId } }])

    const red = await waitFor('the tray to turn red', async () => {
      const now = await shell!.snapshot()
      return String(lastColour(now)) === String(RED) && now
    })
    const menu = red.trays[0].menu!
    expect(menu[0]).toMatchObject({ label: expect.stringContaining('1 failed run in 24 h'), enabled: false })
    const failures = menu.find((item) => item.label === 'Recent failures')!
    expect(failures.submenu![0]).toMatchObject({ label: expect.stringMatching(new RegExp(`^Run ${logId} · job ${failing.id} · `)), clickable: true })
    expect(menu.filter((item) => item.clickable).map((item) => item.label)).toEqual(['Open JobDesk', 'Quit'])
    const fromTray = await shell.send<ShellSnapshot>('clickMenu', { path: ['Recent failures', `^Run ${logId} `] })
    expect(openRunsSent(fromTray)).toHaveLength(2)

    // A second start of the app shows the window instead of a second JobDesk.
    const before = fromTray.windows[0].shown
    expect((await shell.send<ShellSnapshot>('secondInstance')).windows[0].shown).toBeGreaterThan(before)
  })

  it('notifies a killed run as killed, not failed, and keeps it out of the tray’s failures', async () => {
    shell = await startShell(await dataDir())
    await ready(shell)
    const group = (await call<JobGroup[]>(shell, 'listGroups')).find((g) => g.appName === 'jobdesk-embedded')!
    const sleeper = await call<JobInfo>(
      shell,
      'saveJob',
      defaultJobInput(group.id, 'UTC', { name: 'sleeps until killed', executorHandler: 'sleepJobHandler', executorParam: '60000' }),
    )
    const [logId] = (await call<{ logIds: number[] }>(shell, 'triggerJob', { jobId: sleeper.id })).logIds
    await waitFor('the run to be running', async () => runStatus(await call<JobRun>(shell!, 'getRun', logId)) === 'running')
    await call(shell, 'killRun', logId)
    const notified = await waitFor(
      'a notification for the killed run',
      async () => (await shell!.snapshot()).notifications.find((n) => n.body.includes(`Run ${logId} of job ${sleeper.id}`)),
      30_000,
    )
    expect(notified.title).toBe('Run killed: sleeps until killed')
    const tray = await waitFor('the tray menu after the kill', async () => {
      const menu = (await shell!.snapshot()).trays[0].menu
      return menu !== null && String(menu[0].label).includes('no failed runs in 24 h') && menu
    })
    expect(tray.find((item) => item.label === 'Recent failures')!.submenu).toEqual([expect.objectContaining({ label: 'None' })])
  })

  it('speaks the console’s language in the tray and notifications: told by the console, kept for the next start', async () => {
    const path = await dataDir()
    shell = await startShell(path)
    const english = await ready(shell)
    expect(english.trays[0].menu!.filter((item) => item.clickable).map((item) => item.label)).toEqual(['Open JobDesk', 'Quit'])

    // The console switched to Chinese (it saves the setting; the shell hears of the save at once).
    await call(shell, 'saveSettings', { consoleLanguage: 'zh-CN' })
    const chinese = await waitFor('the tray menu in Chinese', async () => {
      const now = await shell!.snapshot()
      return now.trays[0].menu?.some((item) => item.label === '打开 JobDesk') === true && now
    })
    expect(chinese.trays[0].menu!.filter((item) => item.clickable).map((item) => item.label)).toEqual(['打开 JobDesk', '退出'])
    expect(chinese.trays[0].menu!.some((item) => item.label === '最近的失败')).toBe(true)
    expect(chinese.trays[0].toolTips.at(-1)).toMatch(/1 个执行器在线 · 24 小时内无失败/)

    const failing = (await call<JobInfo[]>(shell, 'listJobs')).find((job) => job.executorHandler === 'failJobHandler')!
    const [logId] = (await call<{ logIds: number[] }>(shell, 'triggerJob', { jobId: failing.id })).logIds
    const notified = await waitFor(
      'a notification in Chinese for the failed run',
      async () => (await shell!.snapshot()).notifications.find((n) => n.title === `任务失败：${failing.name}`),
      30_000,
    )
    // The reason stays in the handler's own words.
    expect(notified.body).toContain(`任务 ${failing.id} 的调度日志 ${logId}`)
    expect(notified.body).toContain('this demo job fails on purpose')
    const failures = await waitFor('the failure in the Chinese tray menu', async () => {
      const menu = (await shell!.snapshot()).trays[0].menu
      return menu?.find((item) => item.label === '最近的失败')?.submenu?.find((item) => item.label?.startsWith(`调度日志 ${logId} · 任务 ${failing.id} · `))
    })
    expect(failures.clickable).toBe(true)

    shell.kill()
    await shell.exited
    shell = await startShell(path)
    const restarted = await ready(shell)
    expect(restarted.trays[0].menu!.filter((item) => item.clickable).map((item) => item.label)).toEqual(['打开 JobDesk', '退出'])
  })

  it('shows amber for failures earlier in the day, and remembers where the window was', async () => {
    const path = await dataDir(async (store) => {
      // A failed run two hours ago whose alarm was dealt with: amber, not red.
      const id = (await store.runs.insert({
        jobGroup: 1,
        jobId: 1,
        executorHandler: 'failJobHandler',
        executorParam: '',
        executorShardingParam: '',
        executorFailRetryCount: 0,
        triggerTimeMs: Date.now() - 2 * 3_600_000,
        triggerType: 'MANUAL',
        scheduleTimeMs: null,
        parentLogId: null,
      }))!
      await store.runs.recordOutcomes([{ logId: id, executorAddress: '', triggerCode: 500, triggerMsg: 'Trigger result: failed — no executor address' }])
      await store.runs.setAlarmStatus(id, 1)
    })
    shell = await startShell(path)
    const amber = await waitFor('the tray to turn amber', async () => {
      const now = await shell!.snapshot()
      return String(lastColour(now)) === String(AMBER) && now
    })
    expect(amber.trays[0].toolTips.at(-1)).toContain('1 failed run in 24 h')
    await shell.send('closeWindow')
    const state = JSON.parse(readFileSync(join(path, 'window-state.json'), 'utf8'))
    expect(state).toEqual({ bounds: { x: 40, y: 40, width: 1360, height: 860 }, maximized: false })
  })

  it('drains the core on quit: a run in flight finishes, then the process exits with code 0', async () => {
    const path = await dataDir()
    shell = await startShell(path)
    await ready(shell)
    const group = (await call<{ id: number; appName: string }[]>(shell, 'listGroups')).find((g) => g.appName === 'jobdesk-embedded')!
    const job = await call<JobInfo>(
      shell,
      'saveJob',
      defaultJobInput(group.id, 'UTC', { name: 'sleeps 1.5 s', executorHandler: 'sleepJobHandler', executorParam: '1500' }),
    )
    const [logId] = (await call<{ logIds: number[] }>(shell, 'triggerJob', { jobId: job.id })).logIds
    await waitFor('the run to be running', async () => (await call<JobRun>(shell!, 'getRun', logId)).triggerCode === 200)

    const quit = await shell.send<{ exitCode: number; snapshot: ShellSnapshot }>('quit')
    expect(quit.exitCode).toBe(0)
    expect(quit.snapshot.trays[0].destroyed).toBe(true)
    expect(await shell.exited).toBe(0)
    shell = null
    // The run ended inside the drain (not cut off, not left running).
    const store = openSqliteStore(databaseFile(path))
    try {
      expect(await store.runs.get(logId)).toMatchObject({ handleCode: 200 })
    } finally {
      await store.close()
    }
  })
})
