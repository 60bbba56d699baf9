import type { JobInfo } from '../../../shared/model'
import { useLanguage, useT } from '../i18n/use-t'
import { describeSchedule } from '../lib/format/describe-schedule'

/**
 * The schedule as configured, with its human description on a second line and on hover. Plain
 * elements and a native title: a table shows this on every row, so it must be cheap to mount.
 */
export function ScheduleText({
  job,
  of = 'job',
}: {
  job: Pick<JobInfo, 'scheduleType' | 'scheduleConf' | 'timezone'> & Partial<Pick<JobInfo, 'calendar'>>
  /** A job without a schedule still runs as another job's child; a flow only when started. */
  of?: 'job' | 'flow'
}) {
  const t = useT()
  const language = useLanguage()
  // A narrow column cuts these (the title says them whole).
  if (job.scheduleType === 'NONE') {
    const none = t(of === 'flow' ? 'flows.noSchedule' : 'jobs.noSchedule')
    return (
      <span className="jd-dimmed" title={none} data-truncate>
        {none}
      </span>
    )
  }
  if (job.scheduleType === 'FIX_RATE') {
    const rate = t('jobs.fixRate', { n: job.scheduleConf })
    return (
      <span title={rate} data-truncate>
        {rate}
      </span>
    )
  }
  const schedule = describeSchedule(job.scheduleType, job.scheduleConf, language)
  const description = schedule && job.calendar ? `${schedule} · ${t('jobs.byCalendar', { calendar: job.calendar })}` : schedule
  return (
    <div className="jd-cell" title={`${job.scheduleConf}${description ? ` · ${description}` : ''} (${job.timezone})`} data-truncate>
      <div className="jd-cell jd-mono">{job.scheduleConf}</div>
      {description && (
        <div className="jd-cell jd-sub" data-testid="schedule-description">
          {description}
        </div>
      )}
    </div>
  )
}
