import { Button, Text } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useRef } from 'react'
import type { AddressHealth, JobInfo, JobRun } from '../../../../shared/model'
import { RunStatusBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { formatDateTime, formatDuration } from '../../lib/format-time'
import { isAtRisk } from '../../lib/run-outcome'

export const RUN_ROW_HEIGHT = 40

const RunRow = memo(function RunRow({
  run,
  job,
  selected,
  atRisk,
  top,
  onSelect,
}: {
  run: JobRun
  job: JobInfo | undefined
  selected: boolean
  atRisk: boolean
  top: number
  onSelect(id: number): void
}) {
  const t = useT()
  const duration = run.handleTimeMs > 0 ? formatDuration(run.handleTimeMs - run.triggerTimeMs) : ''
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
      <div role="cell" className="jd-cell">
        {job?.name ?? `#${run.jobId}`}
      </div>
      <div role="cell" className="jd-cell jd-mono jd-small">
        {formatDateTime(run.triggerTimeMs)}
      </div>
      <div role="cell" className="jd-cell jd-small">
        {t(`triggerType.${run.triggerType}`)}
      </div>
      <div role="cell">
        <RunStatusBadge run={run} atRisk={atRisk} />
      </div>
      <div role="cell" className="jd-cell jd-small">
        {duration}
      </div>
    </div>
  )
})

interface RunsListProps {
  runs: readonly JobRun[]
  jobsById: ReadonlyMap<number, JobInfo>
  selectedId: number | null
  hasOlder: boolean
  loading: boolean
  /** Health of executor addresses, for the "at risk" mark of running runs. */
  healthOf(address: string): AddressHealth | undefined
  onSelect(id: number): void
  onLoadOlder(): void
}

/** Runs newest first; scrolling to the end loads the next older page. */
export function RunsList({ runs, jobsById, selectedId, hasOlder, loading, healthOf, onSelect, onLoadOlder }: RunsListProps) {
  const t = useT()
  const scrollRef = useRef<HTMLDivElement>(null)
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

  return (
    <div ref={scrollRef} className="jd-scroll" role="table" aria-label={t('runs.title')} data-testid="runs-list">
      <div role="row" className="jd-grid-row jd-grid-head jd-runs-grid">
        <div role="columnheader">{t('runs.col.id')}</div>
        <div role="columnheader">{t('runs.col.job')}</div>
        <div role="columnheader">{t('runs.col.triggerTime')}</div>
        <div role="columnheader">{t('runs.col.type')}</div>
        <div role="columnheader">{t('runs.col.status')}</div>
        <div role="columnheader">{t('runs.col.duration')}</div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const run = runs[item.index]
          return (
            <RunRow
              key={item.key}
              run={run}
              job={jobsById.get(run.jobId)}
              selected={run.id === selectedId}
              atRisk={isAtRisk(run, healthOf)}
              top={item.start}
              onSelect={onSelect}
            />
          )
        })}
      </div>
      {runs.length === 0 && !loading && (
        <Text c="dimmed" ta="center" p="lg">
          {t('runs.empty')}
        </Text>
      )}
      {runs.length > 0 && (
        <div style={{ textAlign: 'center', padding: 8 }}>
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
  )
}
