import { app, BrowserWindow, dialog } from 'electron'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { IPC_EVENT } from '../shared/ipc'
import { CoreClient } from './shell/core-client'
import { resolveDataDir } from './app/data-dir'
import { spawnWorker } from './kernel/spawn-worker'
import { wireIpc } from './shell/ipc-bridge'
import { createMainWindow } from './shell/main-window'
import { notifyFromEvents } from './shell/notifications'
import { ShellLanguage } from './shell/shell-language'
import { createTray } from './shell/tray'
import { desktopSecretsKey } from './shell/desktop-secrets-key'

// The Electron entry: a thin shell. The core (SQLite, scheduler, executor, admin API) runs in a
// worker thread; this thread only owns the window, the tray, notifications and IPC.
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const dataDirFlag = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length)
const dataDir = resolveDataDir(dataDirFlag)

if (!app.requestSingleInstanceLock()) app.quit()
else void main()

async function main(): Promise<void> {
  app.setPath('userData', dataDir)
  await app.whenReady()
  const core = new CoreClient(spawnWorker, { dataDir, nativeBinding: electronSqliteBinding(), secretsKey: desktopSecretsKey(dataDir) })
  try {
    await core.ready
  } catch (error) {
    dialog.showErrorBox('JobDesk cannot start', (error as Error).message)
    app.exit(1)
    return
  }

  let window: BrowserWindow | null = null
  const openWindow = (): BrowserWindow => {
    if (!window) {
      window = createMainWindow(outDir, dataDir)
      window.on('closed', () => (window = null))
    }
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
    return window
  }
  const openRun = (logId: number) => {
    const target = openWindow()
    const send = () => target.webContents.send(IPC_EVENT, { type: 'open-run', logId })
    if (target.webContents.isLoading()) target.webContents.once('did-finish-load', send)
    else send()
  }

  // The tray and notifications speak the console's language: stored by the console, told again when it changes.
  const language = new ShellLanguage()
  await language.load(core)
  openWindow()
  wireIpc(
    core,
    () => window,
    (settings) => language.note(settings),
  )
  const closeTray = createTray(core, { openWindow, openRun, quit: () => app.quit() }, language)
  notifyFromEvents(core, { openRun, openWindow }, language)

  app.on('second-instance', () => openWindow())
  app.on('activate', () => openWindow())

  let quitting = false
  app.on('before-quit', (event) => {
    if (quitting) return
    event.preventDefault()
    quitting = true
    closeTray()
    // Drain: no new fires, running jobs get their grace period, callbacks are written.
    void core.stop().finally(() => app.exit(0))
  })
  // Closing the window keeps JobDesk scheduling in the tray; Quit (tray or menu) stops it.
  app.on('window-all-closed', () => {})
}

/** The copy of better-sqlite3 built for Electron by scripts/build-electron-sqlite.mjs, if present. */
function electronSqliteBinding(): string | undefined {
  const file = join(outDir, '..', '.electron-abi', process.versions.electron, 'better_sqlite3.node')
  return existsSync(file) ? file : undefined
}
