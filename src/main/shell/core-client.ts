import type { Worker } from 'node:worker_threads'
import type { ApiMethod, JobDeskEvent } from '../../shared/api'
import { fromErrorInfo } from '../../shared/errors'
import type { IpcResult } from '../../shared/ipc'
import type { SpawnWorker } from '../kernel/spawn-worker'
import type { CoreMessage, CoreRequest, CoreWorkerData } from '../app/core-messages'

/**
 * The main process's handle on the core worker: forwards API calls, relays events, and rejects every
 * pending call if the worker dies (a crashed core must not leave the window waiting forever).
 */
export class CoreClient {
  private readonly worker: Worker
  private readonly pending = new Map<number, (result: IpcResult) => void>()
  private readonly stopWaiters = new Map<number, () => void>()
  private readonly listeners = new Set<(event: JobDeskEvent) => void>()
  private nextId = 1
  private exited = false
  readonly ready: Promise<void>

  constructor(spawnWorker: SpawnWorker, data: CoreWorkerData) {
    this.worker = spawnWorker('core', { workerData: data })
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: CoreMessage) => {
        switch (message.type) {
          case 'ready':
            resolve()
            return
          case 'fatal':
            reject(fromErrorInfo(message.error))
            return
          case 'result':
            this.pending.get(message.requestId)?.(message.result)
            this.pending.delete(message.requestId)
            return
          case 'stopped':
            this.stopWaiters.get(message.requestId)?.()
            this.stopWaiters.delete(message.requestId)
            return
          case 'event':
            for (const listener of this.listeners) listener(message.event)
            return
        }
      })
      this.worker.on('error', (error) => reject(error))
      this.worker.on('exit', (code) => {
        this.exited = true
        reject(new Error(`the core worker exited with code ${code} before it was ready`))
        for (const settle of this.pending.values()) {
          settle({ ok: false, error: { name: 'Error', message: `the core stopped (worker exit code ${code})` } })
        }
        this.pending.clear()
        for (const done of this.stopWaiters.values()) done()
        this.stopWaiters.clear()
      })
    })
  }

  call(method: ApiMethod, args: unknown[]): Promise<IpcResult> {
    if (this.exited) return Promise.resolve({ ok: false, error: { name: 'Error', message: 'the core is not running' } })
    const requestId = this.nextId++
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve)
      this.send({ type: 'call', requestId, method, args })
    })
  }

  onEvent(listener: (event: JobDeskEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Drains the core (graceful executor stop included), then ends the worker. */
  async stop(): Promise<void> {
    if (this.exited) return
    const requestId = this.nextId++
    await new Promise<void>((resolve) => {
      this.stopWaiters.set(requestId, resolve)
      this.send({ type: 'stop', requestId })
    })
    await this.worker.terminate()
  }

  private send(request: CoreRequest): void {
    this.worker.postMessage(request)
  }
}
