import { useEffect, useMemo, useState } from 'react'
import { assembleLayout, gridBox, splitComponents, type DagLayout, type LayoutComponent, type LayoutEdge } from '../../lib/dag/dag-layout'
import { layOutInWorkers } from '../../components/graph/layout-pool'
import { cachedBox, rememberBox } from './layout-cache'

/** Lays the components out in the workers and keeps their boxes in the cache (the layout reads them from there). */
async function layOut(components: LayoutComponent[]): Promise<void> {
  for (const [key, box] of await layOutInWorkers(components)) rememberBox(key, box)
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
