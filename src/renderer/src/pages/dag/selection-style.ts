import type { DagHighlight } from '../../lib/dag/dag-highlight'

/** Job ids and link keys are numbers and `link-<n>-<n>`; anything else is left out of a selector. */
const SAFE = /^[\w-]+$/

/**
 * The clicked job's highlight (it, its parents and children, and the links between them) as CSS
 * rules on the nodes' and edges' own attributes. A click then changes one <style> element instead
 * of React Flow's node and edge lists, so with 1,000 jobs the highlight paints within a frame or two.
 */
export function selectionCss(highlight: DagHighlight): string {
  const focus: string[] = []
  const neighbours: string[] = []
  for (const [jobId, mark] of highlight.nodes) {
    const selector = `.jd-dag-node[data-job-id="${jobId}"]`
    if (mark === 'focus') focus.push(selector)
    else if (mark === 'neighbour') neighbours.push(selector)
  }
  const edges = [...highlight.edges].filter((key) => SAFE.test(key)).map((key) => `.react-flow__edge[data-id="${key}"] .react-flow__edge-path`)
  const rules: string[] = []
  if (focus.length > 0) rules.push(`${focus.join(',')}{outline:3px solid var(--mantine-primary-color-filled)}`)
  if (neighbours.length > 0) rules.push(`${neighbours.join(',')}{outline:2px dashed var(--mantine-primary-color-filled)}`)
  if (edges.length > 0) rules.push(`${edges.join(',')}{stroke-width:3.5px}`)
  return rules.join('\n')
}
