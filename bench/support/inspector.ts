/**
 * The heap of a running Node process, black-box: the process is started with
 * `--inspect=127.0.0.1:0`, and this client asks its inspector (Chrome DevTools protocol, loopback
 * WebSocket) to collect garbage and report the main isolate's heap. Worker threads have isolates of
 * their own, which this does not see; their memory is in the process's RSS.
 */
import WebSocket from 'ws'
import type { Child } from './child'

export interface HeapProbe {
  /** Full GC, then the main isolate's used heap in MB. */
  heapAfterGcMb(): Promise<number>
  close(): void
}

export async function attachInspector(child: Child): Promise<HeapProbe> {
  const match = await child.waitFor(/Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/\S+)/, 30_000)
  const ws = new WebSocket(match[1])
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let nextId = 1
  const pending = new Map<number, (result: Record<string, unknown>) => void>()
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } }
    if (message.id === undefined) return
    const resolve = pending.get(message.id)
    pending.delete(message.id)
    resolve?.(message.result ?? {})
  })
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => reject(new Error(`inspector ${method} got no answer within 30 s`)), 30_000)
      pending.set(id, (result) => {
        clearTimeout(timer)
        resolve(result)
      })
      ws.send(JSON.stringify({ id, method }))
    })
  return {
    async heapAfterGcMb() {
      await call('HeapProfiler.collectGarbage')
      const usage = await call('Runtime.getHeapUsage')
      return Number(usage.usedSize) / 1048576
    },
    close: () => ws.close(),
  }
}
