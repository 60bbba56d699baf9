import { useEffect, useMemo, useState } from 'react'
import { assembleLayout, gridBox, splitComponents, type DagLayout, type LayoutComponent, type LayoutEdge } from '../../lib/dag-layout'
import { cachedBox, rememberBox } from './layout-cache'
import type { LayoutReply, LayoutRequest } from './layout-messages'

/**
 * Layout workers: one per spare core (at most 3), so a first layout of a thousand jobs is spread
 * over the cores the page does not need. Components are dealt out round-robin.
 */
const POOL_SIZE = Math.max(1, Math.min(3, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1))
const workers: (Worker | null)[] = Array.from({ length: POOL_SIZE }, () => null)
let nextRequestId = 1
const pending = new Map<number, { worker: number; resolve(): void; reject(error: Error): void }>()

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
    for (const box of reply.boxes) rememberBox(box.key, { local: new Map(box.local), width: box.width, height: box.height })
    waiter.resolve()
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

function layOutOn(index: number, components: LayoutComponent[]): Promise<void> {
  const requestId = nextRequestId++
  return new Promise((resolve, reject) => {
    pending.set(requestId, { worker: index, resolve, reject })
    layoutWorker(index).postMessage({ type: 'layout', requestId, components } satisfies LayoutRequest)
  })
}

async function layOut(components: LayoutComponent[]): Promise<void> {
  const shares: LayoutComponent[][] = workers.map(() => [])
  components.forEach((component, i) => shares[i % shares.length].push(component))
  await Promise.all(shares.map((share, index) => (share.length > 0 ? layOutOn(index, share) : Promise.resolve())))
}

export interface DagLayoutState {
  /** The layout of the jobs and links asked for; while a new one is computed, the previous one (or null at first). */
  layout: DagLayout | null
  /** The layout shown is for the graph asked for. */
  current: boolean
  error: string | null
}

/**
 * The DAG's layout for these jobs and links: components ELK has seen before come from the cache
 * (layout-cache.ts, kept in this browser), the others are laid out in the workers. `structure`
 * names the graph (ids and links) so the layout is not recomputed when only statuses change.
 */
export function useDagLayout(structure: string, nodeIds: readonly number[], edges: readonly LayoutEdge[]): DagLayoutState {
  const split = useMemo(
    () => splitComponents(nodeIds, edges),
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `structure` is exactly what the split reads
    [structure],
  )
  const assemble = () =>
    assembleLayout(
      split.linked.map((c) => cachedBox(c.key)!),
      gridBox(split.isolated),
    )
  // The layout shown and the graph it is for: a render after the graph changed knows at once that it is stale.
  const [shown, setShown] = useState<{ structure: string; layout: DagLayout | null; error: string | null }>(() => ({
    structure,
    layout: split.linked.every((c) => cachedBox(c.key) !== undefined) ? assemble() : null,
    error: null,
  }))

  useEffect(() => {
    let live = true
    const todo = split.linked.filter((c) => cachedBox(c.key) === undefined)
    if (todo.length === 0) {
      setShown((previous) => (previous.structure === structure && previous.layout ? previous : { structure, layout: assemble(), error: null }))
    } else {
      layOut(todo).then(
        () => live && setShown({ structure, layout: assemble(), error: null }),
        (error: Error) => live && setShown((previous) => ({ ...previous, error: error.message })),
      )
    }
    return () => {
      live = false
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- recomputed per graph, which `split` is
  }, [split])

  return { layout: shown.layout, current: shown.structure === structure && shown.layout !== null, error: shown.error }
}
