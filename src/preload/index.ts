import { contextBridge, ipcRenderer } from 'electron'
import { API_METHODS } from '../shared/api-methods'
import { bindApi, IPC_CALL, IPC_CONNECT_SERVER, IPC_EVENT, type IpcApi, type JobDeskIpc } from '../shared/ipc'
import type { JobDeskEvent } from '../shared/api'

// Exactly the API's methods and the shell's one action, nothing else: the renderer never sees ipcRenderer itself.
const bridge: JobDeskIpc = {
  ...bindApi<IpcApi>(API_METHODS, (method, args) => ipcRenderer.invoke(IPC_CALL, method, args)),
  onEvent(listener: (event: JobDeskEvent) => void): () => void {
    const handler = (_: unknown, event: JobDeskEvent) => listener(event)
    ipcRenderer.on(IPC_EVENT, handler)
    return () => ipcRenderer.removeListener(IPC_EVENT, handler)
  },
  connectServer: (request) => ipcRenderer.invoke(IPC_CONNECT_SERVER, request),
}

contextBridge.exposeInMainWorld('jobdesk', bridge)
