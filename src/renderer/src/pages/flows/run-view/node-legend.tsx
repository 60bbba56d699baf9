import { memo } from 'react'
import { FLOW_NODE_STATES, type FlowNodeRun } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'

/** What the node colours mean: the states this run's nodes are in (in the states' order), each with its swatch. */
export const NodeLegend = memo(function NodeLegend({ nodes }: { nodes: readonly FlowNodeRun[] }) {
  const t = useT()
  // Pending always: a node the run has not reached may have no entry yet, and is drawn as pending.
  const shown = FLOW_NODE_STATES.filter((state) => state === 'pending' || nodes.some((node) => node.state === state))
  return (
    <div className="jd-flow-legend" role="list" aria-label={t('flowRun.legend')} data-testid="flow-run-legend">
      {shown.map((state) => (
        <span key={state} className="jd-flow-legend-item" role="listitem">
          <span className="jd-flow-swatch" data-flow-state={state} />
          {t(`flowNodeState.${state}`)}
        </span>
      ))}
    </div>
  )
})
