import { useEffect, useState } from 'react'
import type { SilenceInForce } from '../../../shared/alarm-policy'
import { silenceInForceAt, type AlarmSilence } from '../../../shared/alarm-silence'
import { useLanguage, useT } from '../i18n/use-t'
import { untilText } from '../lib/alarms/alarm-text'
import { listSilences } from '../services/silences'
import { useJobDesk } from '../store'
import { selectSilencesVersion } from '../store/maintenance/selectors'

/** The silence over a job (its own or its group's), the longest lasting; null when none is in force. */
export type SilenceOfJob = (jobId: number, groupId: number) => SilenceInForce | null

/** The silences in force, read once per list and again whenever one is added or lifted anywhere. */
export function useSilenceOfJob(): SilenceOfJob {
  const version = useJobDesk(selectSilencesVersion)
  // Each silence read once as the mark shows it: the same object every render, so the memoized rows stay as they are.
  const [silences, setSilences] = useState<(SilenceInForce & Pick<AlarmSilence, 'target'>)[]>([])
  useEffect(() => {
    let current = true
    // A console that may not read them shows no marks; the Silences section says why.
    listSilences().then(
      (read) =>
        current && setSilences(read.filter((s) => silenceInForceAt(s, Date.now())).map(({ id, reason, untilMs, target }) => ({ id, reason, untilMs, target }))),
      () => current && setSilences([]),
    )
    return () => {
      current = false
    }
  }, [version])
  return (jobId, groupId) => {
    const covering = silences.filter((s) => s.target.jobId === jobId || s.target.groupId === groupId)
    return covering.sort((a, b) => b.untilMs - a.untilMs)[0] ?? null
  }
}

/** A job's "Silenced" mark: its alarms are muted until the time in its title, for the reason there. */
export function SilencedMark({ silence }: { silence: SilenceInForce | null }) {
  const t = useT()
  const language = useLanguage()
  if (!silence) return null
  const title = t('silences.silencedTitle', { until: untilText(language, silence.untilMs, Date.now()), reason: silence.reason })
  return (
    <span
      className="jd-small"
      title={title}
      aria-label={title}
      data-testid="job-silenced"
      style={{ color: 'var(--mantine-color-orange-7)', whiteSpace: 'nowrap' }}
    >
      {t('silences.silenced')}
    </span>
  )
}
