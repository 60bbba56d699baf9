import type { MessageKey } from '../../i18n/dictionary'
import { useHorizontalDrag } from '../../components/use-horizontal-drag'
import { useT } from '../../i18n/use-t'
import { resizeColumn, RUN_COLUMNS, type RunColumn, type RunColumnWidths } from '../../lib/runs/runs-layout'

const LABELS: Record<RunColumn, MessageKey> = {
  id: 'runs.col.id',
  job: 'runs.col.job',
  status: 'runs.col.status',
  triggered: 'runs.col.triggerTime',
  duration: 'runs.col.duration',
  address: 'runs.col.address',
  group: 'runs.col.group',
  type: 'runs.col.type',
}

/** Keyboard steps of a column grip (px). */
const KEY_STEP_PX = 16

/**
 * The runs list's header: each column's right edge is a grip to drag (or move with the arrow keys)
 * to change its width; the rows follow through the shared CSS grid template.
 */
export function RunsHeader({ columns, onColumnsChange }: { columns: RunColumnWidths; onColumnsChange(widths: RunColumnWidths): void }) {
  const t = useT()
  return (
    <div role="row" className="jd-grid-row jd-grid-head jd-runs-grid">
      {RUN_COLUMNS.map((column) => (
        <div role="columnheader" key={column} className="jd-runs-head-cell" data-testid={`runs-col-${column}`}>
          <span className="jd-cell">{t(LABELS[column])}</span>
          <ColumnGrip column={column} columns={columns} label={t('runs.resizeColumn', { column: t(LABELS[column]) })} onColumnsChange={onColumnsChange} />
        </div>
      ))}
    </div>
  )
}

function ColumnGrip({
  column,
  columns,
  label,
  onColumnsChange,
}: {
  column: RunColumn
  columns: RunColumnWidths
  label: string
  onColumnsChange(widths: RunColumnWidths): void
}) {
  const dragHandlers = useHorizontalDrag(
    () => columns,
    (start, dx) => onColumnsChange(resizeColumn(start, column, dx)),
  )
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={columns[column]}
      tabIndex={0}
      className="jd-column-grip"
      data-testid="column-resize"
      {...dragHandlers}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
        event.preventDefault()
        onColumnsChange(resizeColumn(columns, column, event.key === 'ArrowRight' ? KEY_STEP_PX : -KEY_STEP_PX))
      }}
    />
  )
}
