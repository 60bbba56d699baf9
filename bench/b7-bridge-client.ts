import WebSocket from 'ws'
import type { ApiMethod } from '../src/shared/api'
import { BRIDGE_PATH, type BridgeServerMessage } from '../src/shared/bridge-protocol'

/** The console's WebSocket bridge from Node: for a benchmark to create its data through the real API. */
export interface BridgeCaller {
  call(method: ApiMethod, ...args: unknown[]): Promise<unknown>
  close(): void
}

export async function connectBridge(origin: string, token: string): Promise<BridgeCaller> {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}${BRIDGE_PATH}?token=${encodeURIComponent(token)}`)
  await new Promise<void>((done, fail) => {
    ws.once('open', () => done())
    ws.once('error', fail)
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as BridgeServerMessage
    if (message.type !== 'result') return
    const waiter = pending.get(message.id)
    pending.delete(message.id)
    if (message.ok) waiter?.resolve(message.value)
    else waiter?.reject(new Error(message.error.message))
  })
  return {
    call(method, ...args) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        ws.send(JSON.stringify({ type: 'call', id, method, args }))
      })
    },
    close: () => ws.close(),
  }
}
