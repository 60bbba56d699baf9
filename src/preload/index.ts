import { contextBridge, ipcRenderer } from 'electron'
import { API_METHODS } from '../shared/api'
import { IPC_CALL, IPC_CONNECT_SERVER, IPC_EVENT, type IpcResult, type JobDeskIpc } from '../shared/ipc'
import type { JobDeskEvent } from '../shared/api'

// Exactly the API's methods and the shell's one action, nothing else: the renderer never sees ipcRenderer itself.
const calls = Object.fromEntries(
  API_METHODS.map((method) => [method, (...args: unknown[]): Promise<IpcResult> => ipcRenderer.invoke(IPC_CALL, method, args)]),
)

const bridge = {
  ...calls,
  onEvent(listener: (event: JobDeskEvent) => void): () => void {
    const handler = (_: unknown, event: JobDeskEvent) => listener(event)
    ipcRenderer.on(IPC_EVENT, handler)
    return () => ipcRenderer.removeListener(IPC_EVENT, handler)
  },
  connectServer: (request: unknown): Promise<IpcResult> => ipcRenderer.invoke(IPC_CONNECT_SERVER, request),
} as JobDeskIpc

contextBridge.exposeInMainWorld('jobdesk', bridge)
