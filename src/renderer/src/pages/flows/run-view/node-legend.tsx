import { memo } from 'react'
import { FLOW_NODE_STATES } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'

/** What the node colours mean: every node state with its swatch. */
export const NodeLegend = memo(function NodeLegend() {
  const t = useT()
  return (
    <div className="jd-flow-legend" role="list" aria-label={t('flowRun.legend')} data-testid="flow-run-legend">
      {FLOW_NODE_STATES.map((state) => (
        <span key={state} className="jd-flow-legend-item" role="listitem">
          <span className="jd-flow-swatch" data-flow-state={state} />
          {t(`flowNodeState.${state}`)}
        </span>
      ))}
    </div>
  )
})
