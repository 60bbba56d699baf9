import { BrowserWindow, shell } from 'electron'
import { remoteConsoleUrl, type ServerConnectRequest } from '../../shared/schema/server-connect'

/**
 * The console of a JobDesk server (a cluster node, headless mode) in a window of its own: the
 * server's own page over the same browser bridge a browser uses, in a sandbox with no preload —
 * remote content never reaches this app's IPC (the bridge also refuses any frame but the app's own
 * file). It may navigate within its server only; links elsewhere open in the system browser.
 */
export function openRemoteConsole(request: ServerConnectRequest): BrowserWindow {
  const origin = new URL(request.url).origin
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: `JobDesk — ${new URL(request.url).host}`,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // A session of its own: the server's storage stays apart from the local console's.
      partition: `remote:${origin}`,
    },
  })
  window.webContents.on('will-navigate', (event, url) => {
    if (!sameOrigin(url, origin)) event.preventDefault()
  })
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.webContents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  void window.loadURL(remoteConsoleUrl(request))
  return window
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}
