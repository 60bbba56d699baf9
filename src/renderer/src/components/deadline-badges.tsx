import './badges.css'
import { runBadgesOf } from '../../../shared/deadline-terms'
import { useT } from '../i18n/use-t'

/**
 * A run's broken promises (docs/deadlines.md) beside its status: `late` (not started or not done
 * by its deadline) and `slow`. Plain spans, like the status badges, for the virtual lists. Nothing
 * for a run that kept them.
 */
export function DeadlineBadges({ marks }: { marks: number }) {
  const t = useT()
  if (marks === 0) return null
  return (
    <>
      {runBadgesOf(marks).map((badge) => (
        <span
          key={badge}
          className="jd-badge"
          data-color={badge === 'late' ? 'orange' : 'yellow'}
          title={t(`deadline.badge.${badge}Title`)}
          data-testid={`run-${badge}`}
        >
          {t(`deadline.badge.${badge}`)}
        </span>
      ))}
    </>
  )
}
