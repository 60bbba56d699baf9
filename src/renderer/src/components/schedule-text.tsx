import type { JobInfo } from '../../../shared/model'
import { useLanguage, useT } from '../i18n/use-t'
import { describeSchedule } from '../lib/format/describe-schedule'

/**
 * The schedule as configured, with its human description on a second line and on hover. Plain
 * elements and a native title: a table shows this on every row, so it must be cheap to mount.
 */
export function ScheduleText({ job }: { job: Pick<JobInfo, 'scheduleType' | 'scheduleConf' | 'timezone'> & Partial<Pick<JobInfo, 'calendar'>> }) {
  const t = useT()
  const language = useLanguage()
  if (job.scheduleType === 'NONE') return <span className="jd-dimmed">{t('jobs.noSchedule')}</span>
  if (job.scheduleType === 'FIX_RATE') return <span>{t('jobs.fixRate', { n: job.scheduleConf })}</span>
  const schedule = describeSchedule(job.scheduleType, job.scheduleConf, language)
  const description = schedule && job.calendar ? `${schedule} · ${t('jobs.byCalendar', { calendar: job.calendar })}` : schedule
  return (
    <div className="jd-cell" title={`${description ?? job.scheduleConf} (${job.timezone})`}>
      <div className="jd-cell jd-mono">{job.scheduleConf}</div>
      {description && (
        <div className="jd-cell jd-sub" data-testid="schedule-description">
          {description}
        </div>
      )}
    </div>
  )
}
