import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef } from 'react'
import type { JobInfo, JobRun } from '../../../../shared/model'
import { BoltIcon, EditIcon, ListIcon, PlayIcon, StopIcon, TrashIcon } from '../../app/icons'
import { ScheduleText } from '../../components/schedule-text'
import { JobStatusBadge, RunStatusBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format-time'

/** Fixed row height (px): two text lines for the schedule and its description. */
export const JOB_ROW_HEIGHT = 52

export interface JobActions {
  start(job: JobInfo): void
  stop(job: JobInfo): void
  trigger(job: JobInfo): void
  edit(job: JobInfo): void
  remove(job: JobInfo): void
  showRuns(job: JobInfo): void
  openRun(runId: number): void
}

interface JobRowProps {
  job: JobInfo
  lastRun: JobRun | undefined
  actions: JobActions
  top: number
}

const JobRow = memo(function JobRow({ job, lastRun, actions, top }: JobRowProps) {
  const t = useT()
  const running = job.triggerStatus === 1
  return (
    <div
      role="row"
      className="jd-grid-row jd-grid-body-row jd-jobs-grid"
      style={{ height: JOB_ROW_HEIGHT, transform: `translateY(${top}px)` }}
      data-testid="job-row"
      data-job-id={job.id}
    >
      <div role="cell" className="jd-cell">
        {job.id}
      </div>
      <div role="cell" className="jd-cell">
        <Text size="sm" truncate data-testid="job-name">
          {job.name}
        </Text>
        <Text size="xs" c="dimmed" truncate ff="monospace">
          {job.glueType === 'BEAN' ? job.executorHandler : job.glueType}
        </Text>
      </div>
      <div role="cell" className="jd-cell">
        <ScheduleText job={job} />
      </div>
      <div role="cell" className="jd-cell">
        <Text size="xs" ff="monospace">
          {running && job.triggerNextTimeMs > 0 ? formatDateTime(job.triggerNextTimeMs) : t('common.none')}
        </Text>
      </div>
      <div role="cell">
        <JobStatusBadge triggerStatus={job.triggerStatus} />
      </div>
      <div role="cell" data-testid="job-last-run">
        {lastRun ? (
          <UnstyledButton onClick={() => actions.openRun(lastRun.id)} aria-label={t('trigger.openRun', { id: lastRun.id })}>
            <RunStatusBadge run={lastRun} />
          </UnstyledButton>
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.none')}
          </Text>
        )}
      </div>
      <Group role="cell" gap={2} wrap="nowrap">
        {running ? (
          <Tooltip label={t('jobs.action.stop')}>
            <ActionIcon variant="subtle" color="orange" aria-label={t('jobs.action.stop')} onClick={() => actions.stop(job)} data-testid="job-stop">
              <StopIcon />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={t('jobs.action.start')}>
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={t('jobs.action.start')}
              onClick={() => actions.start(job)}
              disabled={job.scheduleType === 'NONE'}
              data-testid="job-start"
            >
              <PlayIcon />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('jobs.action.trigger')}>
          <ActionIcon variant="subtle" aria-label={t('jobs.action.trigger')} onClick={() => actions.trigger(job)} data-testid="job-trigger">
            <BoltIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('jobs.action.edit')}>
          <ActionIcon variant="subtle" aria-label={t('jobs.action.edit')} onClick={() => actions.edit(job)} data-testid="job-edit">
            <EditIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('jobs.action.runs')}>
          <ActionIcon variant="subtle" aria-label={t('jobs.action.runs')} onClick={() => actions.showRuns(job)} data-testid="job-runs">
            <ListIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('jobs.action.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('jobs.action.delete')} onClick={() => actions.remove(job)} data-testid="job-delete">
            <TrashIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  )
})

interface JobsTableProps {
  jobs: readonly JobInfo[]
  lastRunByJob: Readonly<Record<number, JobRun>>
  actions: JobActions
}

/** Only the rows in view (plus a few) are in the DOM, so 10,000 jobs scroll like 10. */
export function JobsTable({ jobs, lastRunByJob, actions }: JobsTableProps) {
  const t = useT()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => JOB_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => jobs[index].id,
  })

  return (
    <div ref={scrollRef} className="jd-scroll" role="table" aria-label={t('jobs.title')} aria-rowcount={jobs.length} data-testid="jobs-table">
      <div role="row" className="jd-grid-row jd-grid-head jd-jobs-grid">
        <div role="columnheader">{t('jobs.col.id')}</div>
        <div role="columnheader">{t('jobs.col.name')}</div>
        <div role="columnheader">{t('jobs.col.schedule')}</div>
        <div role="columnheader">{t('jobs.col.nextFire')}</div>
        <div role="columnheader">{t('jobs.col.status')}</div>
        <div role="columnheader">{t('jobs.col.lastRun')}</div>
        <div role="columnheader">{t('jobs.col.actions')}</div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const job = jobs[item.index]
          return <JobRow key={item.key} job={job} lastRun={lastRunByJob[job.id]} actions={actions} top={item.start} />
        })}
      </div>
      {jobs.length === 0 && (
        <Text c="dimmed" ta="center" p="lg" data-testid="jobs-empty">
          {t('jobs.empty')}
        </Text>
      )}
    </div>
  )
}
