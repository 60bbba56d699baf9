import './flow-states.css'
import type { FlowNodeState, FlowRunState } from '../../../../shared/flow-types'
import { useT } from '../../i18n/use-t'

/** A flow run's state as a badge in its state colour (flow-states.css). */
export function FlowRunStateBadge({ state }: { state: FlowRunState }) {
  const t = useT()
  return (
    <span className="jd-flow-badge" data-flow-state={state} data-testid="flow-run-state">
      {t(`flowRunState.${state}`)}
    </span>
  )
}

export function FlowNodeStateBadge({ state }: { state: FlowNodeState }) {
  const t = useT()
  return (
    <span className="jd-flow-badge" data-flow-state={state} data-testid="flow-node-state">
      {t(`flowNodeState.${state}`)}
    </span>
  )
}
