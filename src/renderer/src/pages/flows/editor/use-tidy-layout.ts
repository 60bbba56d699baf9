import { useCallback, useRef, useState } from 'react'
import type { FlowDefinition } from '../../../../../shared/flow-types'
import { layOutInWorkers } from '../../../components/graph/layout-pool'
import type { Point } from '../../../lib/dag/dag-layout'
import { FLOW_LAYOUT, flowLayoutPlan, flowPositions, gridPositions } from '../../../lib/flows/flow-layout'

export interface TidyLayout {
  /** Lays the whole flow out again (ELK in the layout workers) and hands over every node's place. */
  tidy(definition: FlowDefinition): void
  laying: boolean
  error: string | null
}

/** The editor's Tidy: only the newest request answers (a second click while ELK works wins). */
export function useTidyLayout(onLaidOut: (positions: ReadonlyMap<string, Point>, onlyUnplaced: boolean) => void): TidyLayout {
  const [laying, setLaying] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef(0)
  const tidy = useCallback(
    (definition: FlowDefinition) => {
      const request = ++latest.current
      const plan = flowLayoutPlan(definition)
      setLaying(true)
      layOutInWorkers(plan.linked, FLOW_LAYOUT).then(
        (boxes) => {
          if (request !== latest.current) return
          setLaying(false)
          setError(null)
          onLaidOut(flowPositions(plan, boxes), false)
        },
        (failure: Error) => {
          if (request !== latest.current) return
          setLaying(false)
          setError(failure.message)
          // Nodes keep their places; one that has none yet (the first layout) gets a grid cell, so it is drawn.
          onLaidOut(gridPositions(definition), true)
        },
      )
    },
    [onLaidOut],
  )
  return { tidy, laying, error }
}
