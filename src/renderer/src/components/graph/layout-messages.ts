import type { DagLayoutOptions, LayoutComponent, Point } from '../../lib/dag/dag-layout'

/** To the layout worker: lay these components out (each on its own) with these node sizes and gaps. */
export interface LayoutRequest {
  type: 'layout'
  requestId: number
  components: LayoutComponent[]
  options: DagLayoutOptions
}

/** From the layout worker: one box per requested component, in order, as plain data. */
export type LayoutReply =
  | { type: 'laid-out'; requestId: number; boxes: { key: string; local: [number, Point][]; width: number; height: number }[] }
  | { type: 'failed'; requestId: number; error: { name: string; message: string } }
