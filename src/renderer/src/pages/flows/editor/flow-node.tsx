import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useT } from '../../../i18n/use-t'
import type { FlowCanvasNode } from './flow-elements'

/**
 * One node of the flow being edited: its key, its job (or that it is an approval) and, when it is
 * not the default, its trigger rule. Links come in on the left handle and go out on the right one.
 */
export const FlowNode = memo(function FlowNode({ data, selected }: NodeProps<FlowCanvasNode>) {
  const t = useT()
  const approval = data.kind === 'approval'
  const sub = approval
    ? `${t('flowEditor.node.approval')}${data.title ? ` · ${data.title}` : ''}`
    : data.missingJob
      ? t('flowEditor.node.missingJob', { id: data.jobId ?? 0 })
      : `#${data.jobId} ${data.title}`
  const rule = t(`flowEditor.rule.${data.triggerRule}`)
  return (
    <div
      className="jd-flow-node"
      data-testid="flow-node"
      data-key={data.key}
      data-kind={data.kind}
      data-selected={selected}
      data-problem={data.missingJob || data.problem}
      data-cycle={data.onCycle}
      title={`${data.key} · ${sub} · ${rule}${data.problem ? ` · ${t('flowEditor.node.problem')}` : ''}`}
    >
      <Handle type="target" position={Position.Left} className="jd-flow-handle" data-testid="flow-handle-in" aria-label={t('flowEditor.handleIn')} />
      <div className="jd-flow-node-head">
        <span className="jd-flow-node-key">{data.key}</span>
        {data.triggerRule !== 'all_success' && (
          <span className="jd-flow-node-rule" data-testid="flow-node-rule">
            {rule}
          </span>
        )}
      </div>
      <div className="jd-flow-node-sub" data-missing={data.missingJob}>
        {sub}
      </div>
      <Handle type="source" position={Position.Right} className="jd-flow-handle" data-testid="flow-handle-out" aria-label={t('flowEditor.handleOut')} />
    </div>
  )
})
