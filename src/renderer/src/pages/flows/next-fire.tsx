import type { Flow } from '../../../../shared/flow-types'
import { useNow } from '../../components/use-now'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatDateTime } from '../../lib/format/format-time'

/** When an active schedule fires next, counting down live (`in 4 min 5 sec`, `4分钟5秒 后`); the time itself on hover. */
export function NextFire({ flow }: { flow: Pick<Flow, 'triggerStatus' | 'triggerNextTimeMs' | 'scheduleType'> }) {
  const t = useT()
  const language = useLanguage()
  const now = useNow(1000)
  if (flow.triggerStatus !== 1 || flow.scheduleType === 'NONE' || flow.triggerNextTimeMs <= 0) return <span className="jd-dimmed">{t('common.none')}</span>
  const at = flow.triggerNextTimeMs
  return (
    <span className="jd-mono jd-small" title={formatDateTime(at)} data-testid="flow-next-fire" data-at={at}>
      {at > now ? t('flows.nextIn', { time: formatDuration(at - now, language) }) : t('flows.nextDue')}
    </span>
  )
}
