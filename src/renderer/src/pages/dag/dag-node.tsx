import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useT } from '../../i18n/use-t'
import type { JobNode } from './flow-elements'

/**
 * One job in the DAG: its name, id and last-run state, a target handle on the left (links into
 * it) and a source handle on the right (drag from here to another job to link it). Plain elements
 * only: a thousand of these may mount while panning.
 */
export const DagNode = memo(function DagNode({ data }: NodeProps<JobNode>) {
  const t = useT()
  const state = data.status === 'none' ? t('dag.neverRan') : t(`status.${data.status}`)
  return (
    <div
      className="jd-dag-node"
      data-testid="dag-node"
      data-job-id={data.jobId}
      data-status={data.status}
      data-mark={data.mark ?? 'none'}
      data-stopped={data.stopped}
      title={`#${data.jobId} ${data.name} · ${state}`}
      // A long name is cut inside the box; the title says it whole (and the search finds it).
      data-truncate
    >
      <Handle type="target" position={Position.Left} className="jd-dag-handle" data-testid="dag-handle-in" aria-label={t('dag.handleIn')} />
      <span className="jd-dag-dot" aria-hidden="true" />
      <div className="jd-dag-text">
        <div className="jd-dag-name">{data.name}</div>
        <div className="jd-dag-sub">
          #{data.jobId} · {state}
          {data.stopped ? ` · ${t('jobStatus.stopped')}` : ''}
        </div>
      </div>
      <Handle type="source" position={Position.Right} className="jd-dag-handle" data-testid="dag-handle-out" aria-label={t('dag.handleOut')} />
    </div>
  )
})
