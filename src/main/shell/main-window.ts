import { BrowserWindow, shell } from 'electron'
import { join } from 'node:path'
import { loadWindowState, rememberWindowState } from './window-state'

/**
 * The one window: sandboxed renderer, context isolation, no Node, navigation and new windows
 * blocked (https links open in the system browser instead), size and place remembered. The CSP is in
 * index.html; no remote content is ever loaded.
 */
export function createMainWindow(outDir: string, dataDir: string): BrowserWindow {
  const state = loadWindowState(dataDir)
  const window = new BrowserWindow({
    width: state?.bounds.width ?? 1360,
    height: state?.bounds.height ?? 860,
    x: state?.bounds.x,
    y: state?.bounds.y,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'JobDesk',
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  if (state?.maximized) window.maximize()
  rememberWindowState(window, dataDir)
  window.once('ready-to-show', () => window.show())
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.webContents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  void window.loadFile(join(outDir, 'renderer', 'index.html'))
  return window
}
