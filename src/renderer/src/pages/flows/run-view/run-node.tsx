import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useT } from '../../../i18n/use-t'
import type { RunGraphNode } from './run-graph-elements'
import { DeadlineBadges } from '../../../components/deadline-badges'

/**
 * One node of a flow run: its key, what it runs (a job's name, "Approval", "Switch", a sub-flow's
 * name), its state colour, a fan-out's items done, and its trigger rule when it is not the default.
 * Each kind has its own frame (run-view-kinds.css); a skipped node is faded, as a branch not taken.
 * Read-only: the handles only anchor the edges.
 */
export const RunNode = memo(function RunNode({ data }: NodeProps<RunGraphNode>) {
  const t = useT()
  const state = t(`flowNodeState.${data.state}`)
  const what =
    data.kind === 'approval'
      ? t('flowNode.approval')
      : data.kind === 'switch'
        ? t('flowNode.switch')
        : data.kind === 'subflow'
          ? `${t('flowNode.subflow')} · ${data.label}`
          : data.label
  const items = data.items && t('flowNode.itemsDone', { done: data.items.done, total: data.items.total })
  return (
    <div
      className="jd-flow-node"
      data-flow-state={data.state}
      data-kind={data.kind}
      data-selected={data.selected}
      data-testid="flow-run-node"
      data-key={data.key}
      title={`${data.key} · ${what} · ${state}${items ? ` · ${items}` : ''}`}
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
        {items && (
          <div className="jd-flow-node-items" data-testid="flow-run-node-items">
            {items}
          </div>
        )}
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
