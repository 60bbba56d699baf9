import { Text, Tooltip } from '@mantine/core'
import { useMemo } from 'react'
import type { FlowNodeRun, FlowRun } from '../../../../../shared/flow-types'
import { useNow } from '../../../components/use-now'
import { useLanguage, useT } from '../../../i18n/use-t'
import { isActiveFlowRun } from '../../../lib/flows/flow-run-actions'
import { ganttLayout, type GanttBar } from '../../../lib/flows/flow-gantt'
import { useNodeAttempts } from './use-node-attempts'
import { formatDuration } from '../../../lib/format/format-duration'
import { formatDateTime } from '../../../lib/format/format-time'

/**
 * The run's nodes on a time axis (a Gantt chart): one row per node in the graph's order, a bar
 * from its start to its end in its state colour, running and waiting ones growing until now.
 * A click on a row selects the node, as on the graph.
 */
export function RunTimeline({ run, selectedKey, onSelect }: { run: FlowRun; selectedKey: string | null; onSelect(key: string): void }) {
  const t = useT()
  const language = useLanguage()
  // Only an active run's bars grow: a finished run's chart does not tick.
  const now = useNow(isActiveFlowRun(run.state) ? 1000 : 3_600_000)
  const ordered = useMemo(() => {
    const byKey = new Map(run.nodes.map((node) => [node.key, node]))
    return run.definition.nodes.map((def) => byKey.get(def.key)).filter((node): node is FlowNodeRun => node !== undefined)
  }, [run])
  const attempts = useNodeAttempts(run)
  const chart = useMemo(() => ganttLayout(ordered, now, 6, attempts), [ordered, now, attempts])
  const barOf = (bar: GanttBar) => (
    <Tooltip
      key={bar.startMs}
      label={t(bar.attempt === null ? 'gantt.bar' : 'gantt.attemptBar', {
        key: bar.key,
        attempt: bar.attempt ?? 1,
        state: t(`flowNodeState.${bar.state}`),
        start: formatDateTime(bar.startMs),
        duration: formatDuration(bar.endMs - bar.startMs, language),
      })}
      withArrow
    >
      <span
        className="jd-gantt-bar"
        data-flow-state={bar.state}
        data-growing={bar.growing}
        data-attempt={bar.attempt ?? undefined}
        style={{ left: `${bar.leftPct}%`, width: `${bar.widthPct}%` }}
        data-testid="flow-timeline-bar"
      />
    </Tooltip>
  )

  if (chart.ticks.length === 0) {
    return (
      <Text c="dimmed" p="md" data-testid="flow-timeline-empty">
        {t('gantt.empty')}
      </Text>
    )
  }
  return (
    <div className="jd-gantt" role="table" aria-label={t('gantt.label')} data-testid="flow-timeline">
      <div className="jd-gantt-row jd-gantt-axis" role="row">
        <div className="jd-gantt-key" role="columnheader" title={formatDateTime(chart.startMs)}>
          <span className="jd-mono jd-sub">{formatDateTime(chart.startMs)}</span>
        </div>
        <div className="jd-gantt-track" role="columnheader">
          {chart.ticks.map((tick) => (
            <span key={tick.offsetMs} className="jd-gantt-tick" style={{ left: `${tick.pct}%` }} data-edge={tick.pct > 92 ? 'end' : undefined}>
              {tick.offsetMs === 0 ? '0' : `+${formatDuration(tick.offsetMs, language)}`}
            </span>
          ))}
        </div>
      </div>
      {chart.rows.map((row) => (
        <div
          key={row.key}
          className="jd-gantt-row jd-clickable"
          role="row"
          data-selected={row.key === selectedKey}
          onClick={() => onSelect(row.key)}
          data-testid="flow-timeline-row"
          data-key={row.key}
        >
          <div className="jd-gantt-key jd-cell jd-mono" role="cell" title={row.key}>
            {row.key}
          </div>
          <div className="jd-gantt-track" role="cell">
            {chart.ticks.map((tick) => (
              <span key={tick.offsetMs} className="jd-gantt-grid" style={{ left: `${tick.pct}%` }} />
            ))}
            {row.earlier.map(barOf)}
            {row.bar ? (
              barOf(row.bar)
            ) : (
              <span className="jd-gantt-none" data-flow-state={row.state}>
                {t(`flowNodeState.${row.state}`)} · {t('gantt.notStarted')}
              </span>
            )}
          </div>
        </div>
      ))}
    </div>
  )
}
