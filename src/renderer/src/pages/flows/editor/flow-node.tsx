import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useT } from '../../../i18n/use-t'
import type { FlowCanvasNode, FlowNodeData } from './flow-elements'

/** The second line of a node: what it runs, by kind. */
function useSubtitle(data: FlowNodeData): string {
  const t = useT()
  switch (data.kind) {
    case 'approval':
      return `${t('flowEditor.node.approval')}${data.title ? ` · ${data.title}` : ''}`
    case 'switch':
      return t('flowEditor.node.switch', { count: data.cases })
    case 'subflow':
      return data.missingJob ? t('flowEditor.node.missingFlow', { id: data.flowId ?? 0 }) : `${t('flowEditor.node.subflow')} · #${data.flowId} ${data.title}`
    default:
      return data.missingJob ? t('flowEditor.node.missingJob', { id: data.jobId ?? 0 }) : `#${data.jobId} ${data.title}`
  }
}

/**
 * One node of the flow being edited: its key, what it runs (a job, an approval, a sub-flow, a
 * switch's cases), a fan-out's badge and, when it is not the default, its trigger rule. Each kind
 * has its own colour (flow-editor.css). Links come in on the left handle and go out on the right one.
 */
export const FlowNode = memo(function FlowNode({ data, selected }: NodeProps<FlowCanvasNode>) {
  const t = useT()
  const sub = useSubtitle(data)
  const rule = t(`flowEditor.rule.${data.triggerRule}`)
  const fanOut = data.forEach === null ? null : t('flowEditor.node.forEach', { count: data.forEach })
  return (
    <div
      className="jd-flow-node"
      data-testid="flow-node"
      data-key={data.key}
      data-kind={data.kind}
      data-selected={selected}
      data-problem={data.missingJob || data.problem}
      data-cycle={data.onCycle}
      title={`${data.key} · ${sub}${fanOut ? ` · ${fanOut}` : ''} · ${rule}${data.problem ? ` · ${t('flowEditor.node.problem')}` : ''}`}
    >
      <Handle type="target" position={Position.Left} className="jd-flow-handle" data-testid="flow-handle-in" aria-label={t('flowEditor.handleIn')} />
      <div className="jd-flow-node-head">
        <span className="jd-flow-node-key">{data.key}</span>
        {fanOut && (
          <span className="jd-flow-node-badge" data-testid="flow-node-foreach">
            {fanOut}
          </span>
        )}
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
