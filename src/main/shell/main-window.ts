import { BrowserWindow, shell } from 'electron'
import { join } from 'node:path'

/**
 * The one window: sandboxed renderer, context isolation, no Node, navigation and new windows
 * blocked (links to the web open in the system browser instead). The CSP is in index.html.
 */
export function createMainWindow(outDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
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
  window.once('ready-to-show', () => window.show())
  window.webContents.on('will-navigate', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  void window.loadFile(join(outDir, 'renderer', 'index.html'))
  return window
}
