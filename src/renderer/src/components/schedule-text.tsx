import { Text, Tooltip } from '@mantine/core'
import type { JobInfo } from '../../../shared/model'
import { useT, useLanguage } from '../i18n/use-t'
import { describeSchedule } from '../lib/describe-schedule'

/** The schedule as configured, with its human description on a second line and on hover. */
export function ScheduleText({ job }: { job: Pick<JobInfo, 'scheduleType' | 'scheduleConf' | 'timezone'> }) {
  const t = useT()
  const language = useLanguage()
  if (job.scheduleType === 'NONE') return <Text size="sm" c="dimmed">{t('jobs.noSchedule')}</Text>
  if (job.scheduleType === 'FIX_RATE') return <Text size="sm">{t('jobs.fixRate', { n: job.scheduleConf })}</Text>
  const description = describeSchedule(job.scheduleType, job.scheduleConf, language)
  return (
    <Tooltip label={`${description ?? job.scheduleConf} (${job.timezone})`} openDelay={300} withinPortal>
      <div className="jd-cell">
        <Text size="sm" ff="monospace" className="jd-cell">
          {job.scheduleConf}
        </Text>
        {description && (
          <Text size="xs" c="dimmed" className="jd-cell" data-testid="schedule-description">
            {description}
          </Text>
        )}
      </div>
    </Tooltip>
  )
}
