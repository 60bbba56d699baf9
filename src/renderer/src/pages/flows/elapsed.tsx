import { useNow } from '../../components/use-now'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'

/** How long something took, or — while `live` — has been going, ticking each second; a dash before it started. */
export function Elapsed({ startMs, endMs, live }: { startMs: number; endMs: number; live: boolean }) {
  const t = useT()
  const language = useLanguage()
  // A finished span does not change: the clock then ticks too rarely to matter.
  const now = useNow(live ? 1000 : 3_600_000)
  if (startMs <= 0) return <span className="jd-dimmed">{t('common.none')}</span>
  const end = live || endMs <= 0 ? now : endMs
  return <span className="jd-mono">{formatDuration(end - startMs, language)}</span>
}
