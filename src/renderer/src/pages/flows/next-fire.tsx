import type { Flow } from '../../../../shared/flow-types'
import { useNow } from '../../components/use-now'
import { useT } from '../../i18n/use-t'
import { formatDateTime, formatDuration } from '../../lib/format-time'

/** When an active schedule fires next, counting down live (`in 4 min 5 s`); the time itself on hover. */
export function NextFire({ flow }: { flow: Pick<Flow, 'triggerStatus' | 'triggerNextTimeMs' | 'scheduleType'> }) {
  const t = useT()
  const now = useNow(1000)
  if (flow.triggerStatus !== 1 || flow.scheduleType === 'NONE' || flow.triggerNextTimeMs <= 0) return <span className="jd-dimmed">{t('common.none')}</span>
  const at = flow.triggerNextTimeMs
  return (
    <span className="jd-mono jd-small" title={formatDateTime(at)} data-testid="flow-next-fire" data-at={at}>
      {at > now ? t('flows.nextIn', { time: formatDuration(at - now) }) : t('flows.nextDue')}
    </span>
  )
}
