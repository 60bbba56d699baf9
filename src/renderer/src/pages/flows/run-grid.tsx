import { Tooltip } from '@mantine/core'
import { memo } from 'react'
import type { FlowSummary } from '../../../../shared/flow-types'
import { useNow } from '../../components/use-now'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatDateTime } from '../../lib/format/format-time'
import { gridRow, type GridCell } from '../../lib/flows/flow-grid'

/** A cell's tooltip: mounted only while it shows, so only then does a running run's age tick. */
function CellLabel({ cell }: { cell: GridCell }) {
  const t = useT()
  const language = useLanguage()
  const now = useNow(1000)
  const durationMs = cell.active && cell.startTimeMs > 0 ? Math.max(0, now - cell.startTimeMs) : cell.durationMs
  return (
    <div>
      <div>{t('flows.cellRun', { id: cell.id, state: t(`flowRunState.${cell.state}`) })}</div>
      <div>{cell.startTimeMs > 0 ? t('flows.cellStarted', { time: formatDateTime(cell.startTimeMs) }) : t('flows.cellQueued')}</div>
      {durationMs !== null && <div>{t(cell.active ? 'flows.cellRunning' : 'flows.cellTook', { time: formatDuration(durationMs, language) })}</div>}
    </div>
  )
}

/**
 * A flow's recent runs as a row of coloured cells, oldest left and newest right (Airflow's grid
 * view). Every row has the same number of slots, so runs line up from row to row; a click opens the run.
 */
export const RunGrid = memo(function RunGrid({
  name,
  recentRuns,
  onOpen,
}: {
  name: string
  recentRuns: FlowSummary['recentRuns']
  onOpen(flowRunId: number): void
}) {
  const t = useT()
  // Durations are shown by the tooltip, which reads the clock itself: no ticking here.
  const row = gridRow(recentRuns, Date.now())
  return (
    <div className="jd-flow-grid" role="group" aria-label={t('flows.gridLabel', { name })} data-testid="flow-grid" data-run-count={row.cells.length}>
      {Array.from({ length: row.padding }, (_, i) => (
        <span key={`empty-${i}`} className="jd-flow-cell" data-empty="true" />
      ))}
      <Tooltip.Group openDelay={150} closeDelay={60}>
        {row.cells.map((cell) => (
          <Tooltip key={cell.id} label={<CellLabel cell={cell} />} withArrow>
            <button
              type="button"
              className="jd-flow-cell"
              data-flow-state={cell.state}
              aria-label={t('flows.cellRun', { id: cell.id, state: t(`flowRunState.${cell.state}`) })}
              onClick={() => onOpen(cell.id)}
              data-testid="flow-grid-cell"
              data-flow-run-id={cell.id}
            />
          </Tooltip>
        ))}
      </Tooltip.Group>
    </div>
  )
})
