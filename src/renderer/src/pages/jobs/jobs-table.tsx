import type { SilenceInForce } from '../../../../shared/alarm-policy'
import { SilencedMark, useSilenceOfJob } from '../../components/silenced-mark'
import { Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useRef, type ReactNode } from 'react'
import type { LastRun } from '../../../../shared/api'
import type { JobSort } from '../../../../shared/job-query'
import type { JobGroup, JobInfo } from '../../../../shared/model'
import { BackfillIcon, BoltIcon, CodeIcon, CopyIcon, EditIcon, ListIcon, PlayIcon, StopIcon, TrashIcon } from '../../kit/icons'
import { JobOriginBadge } from '../../components/definition-origin/origin-badge'
import { ScheduleText } from '../../components/schedule-text'
import { JobStatusBadge, LastRunBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { enumText } from '../../components/enum-label'
import { useJobDesk } from '../../store'
import { operatesGroup } from '../../store/session/selectors'
import type { JobFilter } from '../../lib/jobs/job-filter'
import { useStaleNextFires } from './use-stale-next-fires'

/** Fixed row height (px): two text lines for the schedule and its description. */
export const JOB_ROW_HEIGHT = 52
/** Read the next page when the last rendered row is this close to the end of what is loaded. */
const NEAR_END_ROWS = 20

export interface JobActions {
  start(job: JobInfo): void
  stop(job: JobInfo): void
  trigger(job: JobInfo): void
  /** Opens the Backfill dialog: its backfills, and a new one over a past range. */
  backfill(job: JobInfo): void
  edit(job: JobInfo): void
  remove(job: JobInfo): void
  showRuns(job: JobInfo): void
  openRun(runId: number): void
  copy(job: JobInfo): void
  /** Opens the GLUE editor (script jobs). */
  glue(job: JobInfo): void
  toggleSelected(jobId: number): void
}

/**
 * The cells of one job. Memoised apart from the row's position, so scrolling re-renders only the
 * positioned wrappers; native titles instead of tooltip components keep a row cheap to mount.
 */
const JobCells = memo(function JobCells({
  job,
  groupName,
  appName,
  lastRun,
  selected,
  actions,
  silence,
}: {
  job: JobInfo
  /** The silence muting its alarms now, if any. */
  silence: SilenceInForce | null
  groupName: string
  /** The group's app name: with the job's name, the key of its definition file, if any. */
  appName: string | undefined
  lastRun: LastRun | undefined
  selected: boolean
  actions: JobActions
}) {
  const t = useT()
  // Buttons the core would refuse are not shown (viewers, groups not granted).
  const operates = useJobDesk((s) => operatesGroup(s.session, job.jobGroup))
  const running = job.triggerStatus === 1
  const none = t('common.none')
  const action = (label: string, testId: string, onClick: () => void, icon: ReactNode, color?: string, disabled?: boolean) => (
    <button
      type="button"
      className="jd-icon-btn"
      data-color={color}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
    </button>
  )
  return (
    <>
      <div role="cell">
        <input
          type="checkbox"
          className="jd-check"
          checked={selected}
          onChange={() => actions.toggleSelected(job.id)}
          aria-label={t('jobs.select', { id: job.id })}
          data-testid="job-select"
        />
      </div>
      <div role="cell" className="jd-cell">
        {job.id}
      </div>
      <div role="cell" className="jd-cell">
        <div className="jd-name-line">
          <div className="jd-cell" data-testid="job-name" title={job.name} data-truncate>
            {job.name}
          </div>
          <JobOriginBadge appName={appName} name={job.name} />
          <SilencedMark silence={silence} />
        </div>
        <div className="jd-cell jd-sub jd-mono" title={job.glueType === 'BEAN' ? job.executorHandler : enumText(t, 'glueType', job.glueType)} data-truncate>
          {job.glueType === 'BEAN' ? job.executorHandler : job.glueType}
        </div>
      </div>
      <div role="cell" className="jd-cell jd-small jd-col-group" data-testid="job-group" title={groupName} data-truncate>
        {groupName}
      </div>
      <div role="cell" className="jd-cell">
        <ScheduleText job={job} />
      </div>
      <div role="cell" className="jd-cell jd-mono jd-sub jd-col-next" data-testid="job-next-fire">
        {running && job.triggerNextTimeMs > 0 ? formatDateTime(job.triggerNextTimeMs) : none}
      </div>
      <div role="cell">
        <JobStatusBadge triggerStatus={job.triggerStatus} />
      </div>
      <div role="cell" data-testid="job-last-run">
        {lastRun ? (
          <button type="button" className="jd-link-btn" onClick={() => actions.openRun(lastRun.logId)} aria-label={t('trigger.openRun', { id: lastRun.logId })}>
            <LastRunBadge status={lastRun.status} killed={lastRun.killed} />
          </button>
        ) : (
          <span className="jd-dimmed">{none}</span>
        )}
      </div>
      <div role="cell" className="jd-actions">
        {operates && (
          <>
            {running
              ? action(t('jobs.action.stop'), 'job-stop', () => actions.stop(job), <StopIcon />, 'orange')
              : action(t('jobs.action.start'), 'job-start', () => actions.start(job), <PlayIcon />, 'teal', job.scheduleType === 'NONE')}
            {action(t('jobs.action.trigger'), 'job-trigger', () => actions.trigger(job), <BoltIcon />)}
            {/* A job without a schedule has no slots to backfill. */}
            {action(t('backfill.action'), 'job-backfill', () => actions.backfill(job), <BackfillIcon />, undefined, job.scheduleType === 'NONE')}
            {action(t('jobs.action.edit'), 'job-edit', () => actions.edit(job), <EditIcon />)}
            {/* BEAN jobs have no script: an empty slot keeps the columns aligned and the row light. */}
            {job.glueType === 'BEAN' ? <span className="jd-icon-slot" /> : action(t('jobs.action.glue'), 'job-glue', () => actions.glue(job), <CodeIcon />)}
            {action(t('jobs.action.copy'), 'job-copy', () => actions.copy(job), <CopyIcon />)}
          </>
        )}
        {action(t('jobs.action.runs'), 'job-runs', () => actions.showRuns(job), <ListIcon />)}
        {operates && action(t('jobs.action.delete'), 'job-delete', () => actions.remove(job), <TrashIcon />, 'red')}
      </div>
    </>
  )
})

interface JobsTableProps {
  jobs: readonly JobInfo[]
  groupsById: ReadonlyMap<number, JobGroup>
  lastRunByJob: Readonly<Record<number, LastRun>>
  selected: ReadonlySet<number>
  /** Selects (or clears) every job shown. */
  onSelectAll(select: boolean): void
  actions: JobActions
  /** How many jobs match on the server (the loaded rows are the first of them). */
  total: number
  loading: boolean
  /** The operator scrolled near the last loaded row: read the next page. */
  onNearEnd(): void
  sort: Pick<JobFilter, 'sort' | 'descending'>
  onSort(sort: Pick<JobFilter, 'sort' | 'descending'>): void
  /** Changes with the filter and sort: a new list starts at its top. */
  listKey: string
}

/**
 * Only the rows in view (plus a few) are in the DOM, and only the rows read so far are in memory:
 * the server sorts and pages, and scrolling near the end reads the next page.
 */
export function JobsTable({
  jobs,
  groupsById,
  lastRunByJob,
  selected,
  onSelectAll,
  actions,
  total,
  loading,
  onNearEnd,
  sort,
  onSort,
  listKey,
}: JobsTableProps) {
  const t = useT()
  const silenceOf = useSilenceOfJob()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: jobs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => JOB_ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => jobs[index].id,
  })
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
  }, [listKey])
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  const more = jobs.length < total
  useEffect(() => {
    if (more && !loading && lastIndex >= jobs.length - NEAR_END_ROWS) onNearEnd()
  }, [more, loading, lastIndex, jobs.length, onNearEnd])
  useStaleNextFires(items.map((item) => jobs[item.index]))

  const sortHeader = (column: JobSort, label: string) => {
    const active = sort.sort === column
    return (
      <button
        type="button"
        className="jd-sort-btn"
        data-active={active || undefined}
        aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
        title={t('jobs.sortBy', { column: label })}
        onClick={() => onSort({ sort: column, descending: active ? !sort.descending : false })}
        data-testid={`jobs-sort-${column}`}
      >
        {label}
        {active && <span aria-hidden>{sort.descending ? ' ↓' : ' ↑'}</span>}
      </button>
    )
  }

  return (
    <div ref={scrollRef} className="jd-scroll jd-jobs-table" role="table" aria-label={t('jobs.title')} aria-rowcount={total} data-testid="jobs-table">
      <div role="row" className="jd-grid-row jd-grid-head jd-jobs-grid">
        <div role="columnheader">
          <input
            type="checkbox"
            className="jd-check"
            checked={jobs.length > 0 && jobs.every((job) => selected.has(job.id))}
            onChange={(event) => onSelectAll(event.currentTarget.checked)}
            aria-label={t('jobs.selectAll')}
            data-testid="jobs-select-all"
          />
        </div>
        <div role="columnheader">{sortHeader('id', t('jobs.col.id'))}</div>
        <div role="columnheader">{sortHeader('name', t('jobs.col.name'))}</div>
        <div role="columnheader" className="jd-col-group" title={t('jobs.col.group')}>
          {t('jobs.col.group')}
        </div>
        <div role="columnheader">{t('jobs.col.schedule')}</div>
        <div role="columnheader" className="jd-col-next">
          {sortHeader('nextFire', t('jobs.col.nextFire'))}
        </div>
        <div role="columnheader">{t('jobs.col.status')}</div>
        <div role="columnheader">{t('jobs.col.lastRun')}</div>
        <div role="columnheader">{t('jobs.col.actions')}</div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const job = jobs[item.index]
          const group = groupsById.get(job.jobGroup)
          return (
            <div
              key={item.key}
              role="row"
              className="jd-grid-row jd-grid-body-row jd-jobs-grid"
              style={{ height: JOB_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              data-testid="job-row"
              data-job-id={job.id}
            >
              <JobCells
                job={job}
                groupName={group?.name ?? `#${job.jobGroup}`}
                appName={group?.appName}
                lastRun={lastRunByJob[job.id]}
                selected={selected.has(job.id)}
                actions={actions}
                silence={silenceOf(job.id, job.jobGroup)}
              />
            </div>
          )
        })}
      </div>
      {jobs.length === 0 && !loading && (
        <Text c="dimmed" ta="center" p="lg" data-testid="jobs-empty">
          {t('jobs.empty')}
        </Text>
      )}
      {more && (
        <Text c="dimmed" ta="center" size="sm" p="sm" data-testid="jobs-more">
          {t('jobs.loadedOf', { shown: jobs.length, total })}
        </Text>
      )}
    </div>
  )
}
