import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useT } from '../../../i18n/use-t'
import type { RunGraphNode } from './run-graph-elements'
import { DeadlineBadges } from '../../../components/deadline-badges'

/**
 * One node of a flow run: its key, what it runs (a job's name, or "Approval"), its state colour,
 * and its trigger rule when it is not the default. Read-only: the handles only anchor the edges.
 */
export const RunNode = memo(function RunNode({ data }: NodeProps<RunGraphNode>) {
  const t = useT()
  const state = t(`flowNodeState.${data.state}`)
  const what = data.kind === 'approval' ? t('flowNode.approval') : data.label
  return (
    <div
      className="jd-flow-node"
      data-flow-state={data.state}
      data-kind={data.kind}
      data-selected={data.selected}
      data-testid="flow-run-node"
      data-key={data.key}
      title={`${data.key} · ${what} · ${state}`}
      data-truncate
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="jd-flow-handle" />
      <span className="jd-flow-node-dot" aria-hidden="true" />
      <div className="jd-flow-node-text">
        <div className="jd-flow-node-key">{data.key}</div>
        <div className="jd-flow-node-sub">
          {what} · {state}
          {data.rule !== 'all_success' && <span className="jd-flow-node-rule"> · {data.rule}</span>}
        </div>
        {data.marks !== 0 && (
          <div className="jd-flow-node-marks">
            <DeadlineBadges marks={data.marks} />
          </div>
        )}
      </div>
      <Handle type="source" position={Position.Right} isConnectable={false} className="jd-flow-handle" />
    </div>
  )
})
