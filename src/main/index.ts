import { app, BrowserWindow, dialog } from 'electron'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CoreClient } from './app/core-client'
import { resolveDataDir } from './app/data-dir'
import { spawnWorker } from './kernel/spawn-worker'
import { wireIpc } from './shell/ipc-bridge'
import { createMainWindow } from './shell/main-window'

// The Electron entry: a thin shell. The core (SQLite, scheduler, executor) runs in a worker thread.
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const dataDirFlag = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length)
const dataDir = resolveDataDir(dataDirFlag)

if (!app.requestSingleInstanceLock()) app.quit()
else void main()

async function main(): Promise<void> {
  app.setPath('userData', dataDir)
  await app.whenReady()
  const core = new CoreClient(spawnWorker, { dataDir, nativeBinding: electronSqliteBinding() })
  try {
    await core.ready
  } catch (error) {
    dialog.showErrorBox('JobDesk cannot start', (error as Error).message)
    app.exit(1)
    return
  }
  let window: BrowserWindow | null = createMainWindow(outDir)
  window.on('closed', () => (window = null))
  wireIpc(core, () => window)

  app.on('second-instance', () => {
    if (!window) window = createMainWindow(outDir)
    if (window.isMinimized()) window.restore()
    window.focus()
  })
  app.on('activate', () => {
    if (!window) window = createMainWindow(outDir)
  })

  let quitting = false
  app.on('before-quit', (event) => {
    if (quitting) return
    event.preventDefault()
    quitting = true
    void core.stop().finally(() => app.exit(0))
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}

/** The copy of better-sqlite3 built for Electron by scripts/build-electron-sqlite.mjs, if present. */
function electronSqliteBinding(): string | undefined {
  const file = join(outDir, '..', '.electron-abi', process.versions.electron, 'better_sqlite3.node')
  return existsSync(file) ? file : undefined
}
