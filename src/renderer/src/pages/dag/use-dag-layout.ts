import { useEffect, useMemo, useState } from 'react'
import { assembleLayout, gridBox, splitComponents, type ComponentBox, type DagLayout, type LayoutComponent, type LayoutEdge } from '../../lib/dag-layout'
import type { LayoutReply, LayoutRequest } from './layout-messages'

/** Boxes of components already laid out, by component key: a new link re-lays out only its component. */
const boxCache = new Map<string, ComponentBox>()
/** Beyond this many cached boxes the oldest go (a session that reshapes a huge graph many times). */
const BOX_CACHE_MAX = 20_000

let worker: Worker | null = null
let nextRequestId = 1
const pending = new Map<number, { resolve(): void; reject(error: Error): void }>()

function layoutWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<LayoutReply>) => {
    const reply = event.data
    const waiter = pending.get(reply.requestId)
    if (!waiter) return
    pending.delete(reply.requestId)
    if (reply.type === 'failed') return waiter.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }))
    for (const box of reply.boxes) remember(box.key, { local: new Map(box.local), width: box.width, height: box.height })
    waiter.resolve()
  }
  // A worker that cannot start (or dies) fails every layout waiting on it; the next asks a new one.
  worker.onerror = (event) => {
    event.preventDefault()
    for (const waiter of pending.values()) waiter.reject(new Error(event.message || 'the layout worker failed'))
    pending.clear()
    worker?.terminate()
    worker = null
  }
  return worker
}

function remember(key: string, box: ComponentBox): void {
  boxCache.delete(key)
  boxCache.set(key, box)
  if (boxCache.size > BOX_CACHE_MAX) boxCache.delete(boxCache.keys().next().value!)
}

function layOut(components: LayoutComponent[]): Promise<void> {
  const requestId = nextRequestId++
  return new Promise((resolve, reject) => {
    pending.set(requestId, { resolve, reject })
    layoutWorker().postMessage({ type: 'layout', requestId, components } satisfies LayoutRequest)
  })
}

export interface DagLayoutState {
  /** The layout of the jobs and links asked for; while a new one is computed, the previous one (or null at first). */
  layout: DagLayout | null
  /** The layout shown is for the graph asked for. */
  current: boolean
  error: string | null
}

/**
 * The DAG's layout for these jobs and links: components ELK has seen before come from the cache,
 * the others are laid out in the worker. `structure` names the graph (ids and links) so the
 * layout is not recomputed when only statuses change.
 */
export function useDagLayout(structure: string, nodeIds: readonly number[], edges: readonly LayoutEdge[]): DagLayoutState {
  const split = useMemo(
    () => splitComponents(nodeIds, edges),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `structure` is exactly what the split reads
    [structure],
  )
  const assemble = () => assembleLayout(split.linked.map((c) => boxCache.get(c.key)!), gridBox(split.isolated))
  // The layout shown and the graph it is for: a render after the graph changed knows at once that it is stale.
  const [shown, setShown] = useState<{ structure: string; layout: DagLayout | null; error: string | null }>(() => ({
    structure,
    layout: split.linked.every((c) => boxCache.has(c.key)) ? assemble() : null,
    error: null,
  }))

  useEffect(() => {
    let live = true
    const todo = split.linked.filter((c) => !boxCache.has(c.key))
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed per graph, which `split` is
  }, [split])

  return { layout: shown.layout, current: shown.structure === structure && shown.layout !== null, error: shown.error }
}
