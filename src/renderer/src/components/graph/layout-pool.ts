import { DEFAULT_DAG_LAYOUT, type ComponentBox, type DagLayoutOptions, type LayoutComponent } from '../../lib/dag/dag-layout'
import type { LayoutReply, LayoutRequest } from './layout-messages'

/**
 * Layout workers: one per spare core (at most 3), so a first layout of a thousand jobs is spread
 * over the cores the page does not need. Components are dealt out round-robin. One pool for every
 * graph of the console (the DAG page, the flow editor): ELK is the one layout engine.
 */
const POOL_SIZE = Math.max(1, Math.min(3, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1))
const workers: (Worker | null)[] = Array.from({ length: POOL_SIZE }, () => null)
let nextRequestId = 1
const pending = new Map<number, { worker: number; resolve(boxes: Map<string, ComponentBox>): void; reject(error: Error): void }>()

function layoutWorker(index: number): Worker {
  const existing = workers[index]
  if (existing) return existing
  const worker = new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<LayoutReply>) => {
    const reply = event.data
    const waiter = pending.get(reply.requestId)
    if (!waiter) return
    pending.delete(reply.requestId)
    if (reply.type === 'failed') return waiter.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }))
    waiter.resolve(new Map(reply.boxes.map((box) => [box.key, { local: new Map(box.local), width: box.width, height: box.height }])))
  }
  // A worker that cannot start (or dies) fails every layout waiting on it; the next asks a new one.
  worker.onerror = (event) => {
    event.preventDefault()
    for (const [id, waiter] of pending) {
      if (waiter.worker !== index) continue
      pending.delete(id)
      waiter.reject(new Error(event.message || 'the layout worker failed'))
    }
    worker.terminate()
    workers[index] = null
  }
  workers[index] = worker
  return worker
}

function layOutOn(index: number, components: LayoutComponent[], options: DagLayoutOptions): Promise<Map<string, ComponentBox>> {
  const requestId = nextRequestId++
  return new Promise((resolve, reject) => {
    pending.set(requestId, { worker: index, resolve, reject })
    layoutWorker(index).postMessage({ type: 'layout', requestId, components, options } satisfies LayoutRequest)
  })
}

/** Each component's box, by component key, laid out by ELK in the workers with these sizes and gaps. */
export async function layOutInWorkers(
  components: readonly LayoutComponent[],
  options: DagLayoutOptions = DEFAULT_DAG_LAYOUT,
): Promise<Map<string, ComponentBox>> {
  const shares: LayoutComponent[][] = workers.map(() => [])
  components.forEach((component, i) => shares[i % shares.length].push(component))
  const answers = await Promise.all(shares.map((share, index) => (share.length > 0 ? layOutOn(index, share, options) : Promise.resolve(new Map()))))
  return new Map(answers.flatMap((boxes) => [...boxes]))
}
