import { describe, expect, it } from 'vitest'
import { neighbourHighlight, NO_HIGHLIGHT } from '../../lib/dag/dag-highlight'
import { selectionCss } from './selection-style'

describe('selectionCss', () => {
  it('outlines the job, dashes its neighbours and thickens their links', () => {
    const css = selectionCss(
      neighbourHighlight(2, [
        { parentJobId: 1, childJobId: 2, condition: 'SUCCESS' },
        { parentJobId: 2, childJobId: 3, condition: 'ALWAYS' },
        { parentJobId: 3, childJobId: 4, condition: 'SUCCESS' },
      ]),
    )
    expect(css.split('\n')).toEqual([
      '.jd-dag-node[data-job-id="2"]{outline:3px solid var(--mantine-primary-color-filled)}',
      '.jd-dag-node[data-job-id="1"],.jd-dag-node[data-job-id="3"]{outline:2px dashed var(--mantine-primary-color-filled)}',
      '.react-flow__edge[data-id="link-1-2"] .react-flow__edge-path,.react-flow__edge[data-id="link-2-3"] .react-flow__edge-path{stroke-width:3.5px}',
    ])
  })

  it('is empty without a selection', () => {
    expect(selectionCss(NO_HIGHLIGHT)).toBe('')
  })
})
