import { Button, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import { createPortal } from 'react-dom'
import type { AddressHealth, JobGroup, JobInfo, JobRun } from '../../../../shared/model'
import { FilterIcon } from '../../kit/icons'
import { RunStatusBadge } from '../../components/status-badge'
import { DeadlineBadges } from '../../components/deadline-badges'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatDateTime } from '../../lib/format/format-time'
import { isAtRisk } from '../../lib/runs/run-outcome'
import { gridTemplate, rowWidth, type RunColumnWidths } from '../../lib/runs/runs-layout'
import { heldRuns } from '../../lib/runs/held-runs'
import { RunsHeader } from './runs-header'
import { EnumLabel, enumText } from '../../components/enum-label'
import { AlarmMarker } from '../../components/alarm-status'

export const RUN_ROW_HEIGHT = 40

interface RunRowProps {
  run: JobRun
  job: JobInfo | undefined
  group: JobGroup | undefined
  selected: boolean
  atRisk: boolean
  top: number
  onSelect(id: number): void
  onFilterJob(jobId: number): void
}

const RunRow = memo(function RunRow({ run, job, group, selected, atRisk, top, onSelect, onFilterJob }: RunRowProps) {
  const t = useT()
  const language = useLanguage()
  const duration = run.handleTimeMs > 0 ? formatDuration(run.handleTimeMs - run.triggerTimeMs, language) : ''
  const jobName = job?.name ?? `#${run.jobId}`
  return (
    <div
      role="row"
      tabIndex={0}
      aria-selected={selected}
      className="jd-grid-row jd-grid-body-row jd-runs-grid jd-clickable"
      style={{ height: RUN_ROW_HEIGHT, transform: `translateY(${top}px)` }}
      data-selected={selected}
      data-testid="run-row"
      data-run-id={run.id}
      data-job-id={run.jobId}
      // Focus without scrolling: a click must not slide a wide row sideways.
      onMouseDown={(event) => {
        event.preventDefault()
        event.currentTarget.focus({ preventScroll: true })
      }}
      onClick={() => onSelect(run.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          onSelect(run.id)
        }
      }}
    >
      <div role="cell" className="jd-cell">
        #{run.id}
      </div>
      <div role="cell" className="jd-run-job" data-testid="run-job">
        <span className="jd-cell" data-testid="run-job-name" title={jobName} data-truncate>
          {jobName}
        </span>
        <button
          type="button"
          className="jd-icon-btn jd-run-filter"
          title={t('runs.onlyThisJob', { name: jobName })}
          aria-label={t('runs.onlyThisJob', { name: jobName })}
          data-testid="run-filter-job"
          onClick={(event) => {
            event.stopPropagation()
            onFilterJob(run.jobId)
          }}
        >
          <FilterIcon size={14} />
        </button>
      </div>
      <div role="cell">
        <RunStatusBadge run={run} atRisk={atRisk} />
        <DeadlineBadges marks={run.deadlineMarks} />
        <AlarmMarker run={run} />
      </div>
      <div role="cell" className="jd-cell jd-mono jd-small">
        {formatDateTime(run.triggerTimeMs)}
      </div>
      <div role="cell" className="jd-cell jd-small">
        {duration}
      </div>
      <div role="cell" className="jd-cell jd-mono jd-small" data-testid="run-address" title={run.executorAddress} data-truncate>
        {run.executorAddress}
      </div>
      <div
        role="cell"
        className="jd-cell jd-small"
        data-testid="run-group"
        title={group ? `${group.name} (${group.appName})` : `#${run.jobGroup}`}
        data-truncate
      >
        {group?.name ?? `#${run.jobGroup}`}
      </div>
      <div role="cell" className="jd-cell jd-small" title={enumText(t, 'triggerType', run.triggerType)} data-truncate>
        <EnumLabel kind="triggerType" value={run.triggerType} />
      </div>
    </div>
  )
})

interface RunsListProps {
  runs: readonly JobRun[]
  jobsById: ReadonlyMap<number, JobInfo>
  groupsById: ReadonlyMap<number, JobGroup>
  selectedId: number | null
  hasOlder: boolean
  loading: boolean
  columns: RunColumnWidths
  onColumnsChange(widths: RunColumnWidths): void
  /** Health of executor addresses, for the "at risk" mark of running runs. */
  healthOf(address: string): AddressHealth | undefined
  onSelect(id: number): void
  onFilterJob(jobId: number): void
  onLoadOlder(): void
  /** Where the "N newer runs" button goes (beside the page title); none until that is mounted. */
  newerSlot: HTMLElement | null
}

/**
 * Runs newest first; scrolling to the end loads the next older page. While a run is selected or
 * the list is scrolled down, runs that arrive are held back (see held-runs.ts), so the rows the
 * operator looks at stay put; a button says how many newer runs there are and shows them.
 */
export function RunsList(props: RunsListProps) {
  const {
    runs: allRuns,
    jobsById,
    groupsById,
    selectedId,
    hasOlder,
    loading,
    columns,
    onColumnsChange,
    healthOf,
    onSelect,
    onFilterJob,
    onLoadOlder,
    newerSlot,
  } = props
  const t = useT()
  const scrollRef = useRef<HTMLDivElement>(null)
  // The newest run the operator has seen at the top of the list; 0 before the first read.
  const [seenNewestId, setSeenNewestId] = useState(0)
  const [scrolledDown, setScrolledDown] = useState(false)
  const held = selectedId !== null || scrolledDown
  useEffect(() => {
    if (allRuns.length > 0 && (!held || seenNewestId === 0)) setSeenNewestId(allRuns[0].id)
  }, [allRuns, held, seenNewestId])
  // A run opened by id (a trigger's link) may be newer than what was seen: it and the runs before it show.
  const holdAtId = held && seenNewestId > 0 ? Math.max(seenNewestId, selectedId ?? 0) : null
  const { shown: runs, newer } = heldRuns(allRuns, holdAtId)

  const virtualizer = useVirtualizer({
    count: runs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => RUN_ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => runs[index].id,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1

  useEffect(() => {
    if (hasOlder && !loading && runs.length > 0 && lastIndex >= runs.length - 1) onLoadOlder()
  }, [hasOlder, loading, lastIndex, runs.length, onLoadOlder])

  const showNewest = useCallback(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
    setScrolledDown(false)
    if (allRuns.length > 0) setSeenNewestId(allRuns[0].id)
  }, [allRuns])

  const width = rowWidth(columns)
  const gridStyle = { '--jd-runs-cols': gridTemplate(columns), '--jd-runs-width': `${width}px` } as CSSProperties

  return (
    <div className="jd-runs-list-box">
      {newer > 0 &&
        newerSlot &&
        createPortal(
          <Button size="compact-xs" variant="light" onClick={showNewest} data-testid="runs-newer" data-count={newer}>
            {t('runs.newer', { n: newer })}
          </Button>,
          newerSlot,
        )}
      <div
        ref={scrollRef}
        className="jd-scroll"
        style={gridStyle}
        role="table"
        aria-label={t('runs.title')}
        data-testid="runs-list"
        onScroll={(event) => {
          const down = event.currentTarget.scrollTop >= RUN_ROW_HEIGHT / 2
          if (down !== scrolledDown) setScrolledDown(down)
        }}
      >
        <RunsHeader columns={columns} onColumnsChange={onColumnsChange} />
        <div role="rowgroup" className="jd-runs-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const run = runs[item.index]
            return (
              <RunRow
                key={item.key}
                run={run}
                job={jobsById.get(run.jobId)}
                group={groupsById.get(run.jobGroup)}
                selected={run.id === selectedId}
                atRisk={isAtRisk(run, healthOf)}
                top={item.start}
                onSelect={onSelect}
                onFilterJob={onFilterJob}
              />
            )
          })}
        </div>
        {runs.length === 0 && !loading && (
          <Text c="dimmed" ta="center" p="lg" className="jd-runs-foot">
            {t('runs.empty')}
          </Text>
        )}
        {runs.length > 0 && (
          <div className="jd-runs-foot">
            {hasOlder ? (
              <Button size="xs" variant="subtle" loading={loading} onClick={onLoadOlder} data-testid="runs-load-older">
                {t('runs.loadOlder')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('runs.end')}
              </Text>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
