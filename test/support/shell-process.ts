import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IpcResult } from '../../src/shared/ipc'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const HOST = join(ROOT, 'test', 'shell', 'shell-host.mjs')
export const BUILT_SHELL = join(ROOT, 'out', 'main', 'index.js')

export interface MenuItemData {
  label: string | null
  type: string
  enabled: boolean
  clickable: boolean
  submenu?: MenuItemData[]
}

/** What the shell did, as the stand-in recorded it (see test/shell/shell-host.mjs). */
export interface ShellSnapshot {
  app: { paths: Record<string, string>; singleInstanceLock: number; exitCode: number | null; quitCalls: number }
  ipcHandleCalls: string[]
  removedHandlers: string[]
  errorBoxes: { title: string; content: string }[]
  openedExternally: string[]
  windows: {
    options: { webPreferences: Record<string, unknown>; [key: string]: unknown }
    loadedFile: string | null
    loadedUrl: string | null
    shown: number
    focused: number
    sent: { channel: string; payload: unknown }[]
    listens: { window: string[]; webContents: string[] }
  }[]
  trays: { destroyed: boolean; toolTips: string[]; colours: [number, number, number][]; menu: MenuItemData[] | null }[]
  notifications: { title: string; body: string; shown: number }[]
}

export interface PreloadReport {
  keys: string[]
  calls: { key: string; invoked: { channel: string; args: unknown[] }[] }[]
  listening: string[]
  afterOff: number
}

export interface ShellProcess {
  send<T>(command: string, fields?: Record<string, unknown>): Promise<T>
  snapshot(): Promise<ShellSnapshot>
  /** An API call through the shell's IPC bridge, as the window (or another frame) makes it. */
  invoke(method: string, args: unknown[], from?: { url?: string | null; fromWindow?: boolean }): Promise<IpcResult>
  exited: Promise<number | null>
  output(): string
  kill(): void
}

/** Starts the built shell under Node with the recording `electron` stand-in, on `dataDir`. */
export async function startShell(dataDir: string): Promise<ShellProcess> {
  if (!existsSync(BUILT_SHELL)) throw new Error(`${BUILT_SHELL} is missing: build first (npx electron-vite build; npm test does)`)
  const child: ChildProcess = fork(HOST, [`--data-dir=${dataDir}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (message.ready) return resolve()
      const waiter = waiting.get(message.id!)
      waiting.delete(message.id!)
      if (message.ok) waiter?.resolve(message.result)
      else waiter?.reject(new Error(message.error))
    })
    void exited.then((code) => {
      reject(new Error(`the shell host exited (code ${code}) before it was ready:\n${output}`))
      for (const waiter of waiting.values()) waiter.reject(new Error(`the shell host exited (code ${code}):\n${output}`))
    })
  })
  await ready
  const send = <T>(command: string, fields: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ id, command, ...fields })
    })
  return {
    send,
    snapshot: () => send<ShellSnapshot>('snapshot'),
    invoke: (method, args, from = {}) =>
      send<IpcResult>('invoke', {
        method,
        args,
        url: from.url === undefined ? 'file:///app/out/renderer/index.html' : from.url,
        fromWindow: from.fromWindow ?? true,
      }),
    exited,
    output: () => output,
    kill: () => child.kill('SIGKILL'),
  }
}
