import { useHorizontalDrag } from '../../components/use-horizontal-drag'
import { useT } from '../../i18n/use-t'
import { clampListWidth } from '../../lib/runs/runs-layout'

const KEY_STEP_PX = 32

/**
 * The bar between the runs list and the run's detail: drag it (or use the arrow keys once focused)
 * to give the log more room or the list more columns. The width is the list's, in px.
 */
export function RunsSplitter({ listPx, totalPx, onChange }: { listPx: number; totalPx: number; onChange(px: number): void }) {
  const t = useT()
  const dragHandlers = useHorizontalDrag(
    () => listPx,
    (startPx, dx) => onChange(clampListWidth(startPx + dx, totalPx)),
  )
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('runs.splitter')}
      aria-valuenow={listPx}
      tabIndex={0}
      className="jd-runs-splitter"
      data-testid="runs-splitter"
      {...dragHandlers}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
        event.preventDefault()
        onChange(clampListWidth(listPx + (event.key === 'ArrowRight' ? KEY_STEP_PX : -KEY_STEP_PX), totalPx))
      }}
    />
  )
}
