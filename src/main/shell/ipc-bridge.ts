import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { WatchLedger } from '../net/watch-ledger'
import { IPC_CALL, IPC_CONNECT_SERVER, IPC_EVENT, type IpcResult } from '../../shared/ipc'
import { serverConnectSchema } from '../../shared/schema/server-connect'
import { openRemoteConsole } from './remote-console'
import { apiCallSchema } from '../../shared/schema/api-args'
import type { CoreClient } from './core-client'
import type { Settings } from '../../shared/api'

/**
 * Forwards the renderer's calls to the core worker and the core's events to the window. The method
 * name and argument list are checked here (the shared call schema); each argument is then parsed by the
 * facade's argument schemas.
 */
export function wireIpc(core: CoreClient, getWindow: () => BrowserWindow | null, onSettingsSaved: (settings: Settings) => void = () => {}): () => void {
  // One ledger per page load: a reload or a closed window releases that page's log watches.
  const ledgers = new Map<number, WatchLedger>()
  const release = (id: number) => {
    void ledgers.get(id)?.release({ unwatchRunLog: async (logId) => void (await core.call('unwatchRunLog', [logId])) })
    ledgers.delete(id)
  }
  ipcMain.handle(IPC_CALL, async (event, method: unknown, args: unknown): Promise<IpcResult> => {
    if (!fromAppWindow(event, getWindow)) {
      return { ok: false, error: { name: 'Error', message: 'calls are accepted from the app window only' } }
    }
    const call = apiCallSchema.safeParse({ method, args })
    if (!call.success) {
      return { ok: false, error: { name: 'ValidationError', field: 'method', code: 'ipc.unknownCall', message: `unknown call ${String(method).slice(0, 64)}` } }
    }
    const sender = event.sender
    if (!ledgers.has(sender.id)) {
      ledgers.set(sender.id, new WatchLedger())
      sender.once('destroyed', () => release(sender.id))
      sender.once('did-navigate', () => release(sender.id))
    }
    const result = await core.call(call.data.method, call.data.args)
    if (result.ok) ledgers.get(sender.id)?.note(call.data.method, call.data.args)
    // The console's language (and other settings) may concern the shell: the tray speaks it.
    if (result.ok && call.data.method === 'saveSettings') onSettingsSaved(result.value as Settings)
    return result
  })
  ipcMain.handle(IPC_CONNECT_SERVER, async (event, raw: unknown): Promise<IpcResult> => {
    if (!fromAppWindow(event, getWindow)) return { ok: false, error: { name: 'Error', message: 'calls are accepted from the app window only' } }
    const request = serverConnectSchema.safeParse(raw)
    if (!request.success) {
      const issue = request.error.issues[0]
      const field = issue.path.join('.') || 'request'
      return { ok: false, error: { name: 'ValidationError', field, code: 'validation.connect', message: issue.message } }
    }
    openRemoteConsole(request.data)
    return { ok: true, value: null }
  })
  const unsubscribe = core.onEvent((event) => getWindow()?.webContents.send(IPC_EVENT, event))
  return () => {
    unsubscribe()
    ipcMain.removeHandler(IPC_CALL)
    ipcMain.removeHandler(IPC_CONNECT_SERVER)
  }
}

/**
 * Only the app's own page in its own window: a frame whose address is unknown (gone, or
 * navigating), remote content, or another web contents is refused before anything is read.
 */
function fromAppWindow(event: IpcMainInvokeEvent, getWindow: () => BrowserWindow | null): boolean {
  const frameUrl = event.senderFrame?.url
  return !!frameUrl && frameUrl.startsWith('file://') && event.sender === getWindow()?.webContents
}
