import { ipcMain, type BrowserWindow } from 'electron'
import { API_METHODS } from '../../shared/api'
import { IPC_CALL, IPC_EVENT, type IpcResult } from '../../shared/ipc'
import type { CoreClient } from '../app/core-client'

const methods = new Set<string>(API_METHODS)

/**
 * Forwards the renderer's calls to the core worker and the core's events to the window. The method
 * name and argument list are checked here; each argument is then validated by the facade.
 */
export function wireIpc(core: CoreClient, getWindow: () => BrowserWindow | null): () => void {
  ipcMain.handle(IPC_CALL, async (event, method: unknown, args: unknown): Promise<IpcResult> => {
    if (event.senderFrame?.url && !event.senderFrame.url.startsWith('file://')) {
      return { ok: false, error: { name: 'Error', message: 'calls are accepted from the app window only' } }
    }
    if (typeof method !== 'string' || !methods.has(method) || !Array.isArray(args)) {
      return { ok: false, error: { name: 'Error', message: `unknown call ${String(method)}` } }
    }
    return core.call(method as (typeof API_METHODS)[number], args)
  })
  const unsubscribe = core.onEvent((event) => getWindow()?.webContents.send(IPC_EVENT, event))
  return () => {
    unsubscribe()
    ipcMain.removeHandler(IPC_CALL)
  }
}
