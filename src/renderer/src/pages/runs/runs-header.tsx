import { useRef } from 'react'
import type { MessageKey } from '../../i18n/dictionary'
import { useT } from '../../i18n/use-t'
import { resizeColumn, RUN_COLUMNS, type RunColumn, type RunColumnWidths } from '../../lib/runs-layout'

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
  const drag = useRef<{ column: RunColumn; startX: number; start: RunColumnWidths } | null>(null)
  return (
    <div role="row" className="jd-grid-row jd-grid-head jd-runs-grid">
      {RUN_COLUMNS.map((column) => (
        <div role="columnheader" key={column} className="jd-runs-head-cell" data-testid={`runs-col-${column}`}>
          <span className="jd-cell">{t(LABELS[column])}</span>
          <span
            role="separator"
            aria-orientation="vertical"
            aria-label={t('runs.resizeColumn', { column: t(LABELS[column]) })}
            aria-valuenow={columns[column]}
            tabIndex={0}
            className="jd-column-grip"
            data-testid="column-resize"
            onPointerDown={(event) => {
              event.preventDefault()
              event.currentTarget.setPointerCapture(event.pointerId)
              drag.current = { column, startX: event.clientX, start: columns }
            }}
            onPointerMove={(event) => {
              const at = drag.current
              if (at) onColumnsChange(resizeColumn(at.start, at.column, event.clientX - at.startX))
            }}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
              event.preventDefault()
              onColumnsChange(resizeColumn(columns, column, event.key === 'ArrowRight' ? KEY_STEP_PX : -KEY_STEP_PX))
            }}
          />
        </div>
      ))}
    </div>
  )
}
