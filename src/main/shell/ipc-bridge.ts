import { ipcMain, type BrowserWindow } from 'electron'
import { API_METHODS, type ApiMethod } from '../../shared/api'
import { WatchLedger } from '../app/watch-ledger'
import { IPC_CALL, IPC_EVENT, type IpcResult } from '../../shared/ipc'
import type { CoreClient } from '../app/core-client'

const methods = new Set<string>(API_METHODS)

/**
 * Forwards the renderer's calls to the core worker and the core's events to the window. The method
 * name and argument list are checked here; each argument is then validated by the facade.
 */
export function wireIpc(core: CoreClient, getWindow: () => BrowserWindow | null): () => void {
  // One ledger per page load: a reload or a closed window releases that page's log watches.
  const ledgers = new Map<number, WatchLedger>()
  const release = (id: number) => {
    void ledgers.get(id)?.release({ unwatchRunLog: async (logId) => void (await core.call('unwatchRunLog', [logId])) })
    ledgers.delete(id)
  }
  ipcMain.handle(IPC_CALL, async (event, method: unknown, args: unknown): Promise<IpcResult> => {
    // Only the app's own page in its own window: a frame whose address is unknown (gone, or
    // navigating), remote content, or another web contents is refused before anything is read.
    const frameUrl = event.senderFrame?.url
    if (!frameUrl || !frameUrl.startsWith('file://') || event.sender !== getWindow()?.webContents) {
      return { ok: false, error: { name: 'Error', message: 'calls are accepted from the app window only' } }
    }
    if (typeof method !== 'string' || !methods.has(method) || !Array.isArray(args)) {
      return { ok: false, error: { name: 'Error', message: `unknown call ${String(method)}` } }
    }
    const sender = event.sender
    if (!ledgers.has(sender.id)) {
      ledgers.set(sender.id, new WatchLedger())
      sender.once('destroyed', () => release(sender.id))
      sender.once('did-navigate', () => release(sender.id))
    }
    const result = await core.call(method as ApiMethod, args)
    if (result.ok) ledgers.get(sender.id)?.note(method as ApiMethod, args)
    return result
  })
  const unsubscribe = core.onEvent((event) => getWindow()?.webContents.send(IPC_EVENT, event))
  return () => {
    unsubscribe()
    ipcMain.removeHandler(IPC_CALL)
  }
}
