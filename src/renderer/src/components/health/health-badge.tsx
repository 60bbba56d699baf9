import '../badges.css'
import type { AddressHealth } from '../../../../shared/model'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatAgo } from '../../lib/format/format-duration'

const HEALTH_COLOR: Record<AddressHealth, string> = { online: 'teal', suspect: 'orange', dead: 'red' }

/** Online / suspect (a beat missed) / dead (past the dead timeout); unknown for a manual address. */
export function HealthBadge({ health }: { health: AddressHealth | null }) {
  const t = useT()
  return (
    <span className="jd-badge" data-color={health ? HEALTH_COLOR[health] : 'gray'} data-health={health ?? 'unknown'} data-testid="address-health">
      {t(health ? `health.${health}` : 'health.unknown')}
    </span>
  )
}

/** Time since the last beat, ticking with `nowMs`. */
export function BeatAge({ updateTimeMs, nowMs }: { updateTimeMs: number; nowMs: number }) {
  const language = useLanguage()
  const ageMs = Math.max(0, nowMs - updateTimeMs)
  return (
    <span className="jd-small" data-testid="beat-age" data-age-ms={Math.floor(ageMs / 1000) * 1000}>
      {formatAgo(ageMs, language)}
    </span>
  )
}
