import { memo } from 'react'
import { useT } from '../../i18n/use-t'

const STATUS_SWATCHES = [
  ['success', 'var(--mantine-color-teal-6)'],
  ['failed', 'var(--mantine-color-red-6)'],
  ['running', 'var(--mantine-color-blue-6)'],
] as const

const LINK_SWATCHES = [
  ['SUCCESS', 'var(--mantine-color-teal-6)', 'solid'],
  ['FAILURE', 'var(--mantine-color-red-6)', 'solid'],
  ['ALWAYS', 'var(--mantine-color-gray-6)', 'dashed'],
] as const

/** What the node and link colours mean. */
export const DagLegend = memo(function DagLegend() {
  const t = useT()
  return (
    <div className="jd-legend" aria-label={t('dag.legend')}>
      {STATUS_SWATCHES.map(([status, color]) => (
        <span key={status} className="jd-legend-item">
          <span className="jd-legend-swatch" style={{ background: color }} />
          {t(`status.${status}`)}
        </span>
      ))}
      {LINK_SWATCHES.map(([condition, color, style]) => (
        <span key={condition} className="jd-legend-item">
          <span className="jd-legend-line" style={{ borderTopColor: color, borderTopStyle: style }} />
          {t(`linkCondition.${condition}`)}
        </span>
      ))}
    </div>
  )
})
