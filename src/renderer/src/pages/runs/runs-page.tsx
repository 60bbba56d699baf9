import { Card, Text, Title } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react'
import { runsRoute } from '../../kit/route'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectRegistry } from '../../store/executors/selectors'
import { selectGroupsById } from '../../store/jobs/selectors'
import { useJobsOf } from '../../components/use-jobs-of'
import { selectRunColumns, selectRunsListPx } from '../../store/ui/selectors'
import { clampListWidth, defaultListWidth } from '../../lib/runs/runs-layout'
import { RunsSplitter } from './runs-splitter'
import { selectRunFilter, selectRuns } from '../../store/runs/selectors'
import { RunDetail } from './run-detail'
import { RunFilters } from './run-filters'
import { RunsList } from './runs-list'
import { MissedSlots } from '../../components/missed-slots'

const REGISTRY_REFRESH_MS = 5000
/** The split bar's width (px); .jd-runs-splitter in app.css draws it. */
const SPLITTER_PX = 12

/** The run list (filters in the store, the job filter also in the address) beside the selected run. */
export function RunsPage({ runId, jobId }: { runId: number | null; jobId: number | null }) {
  const t = useT()
  const runs = useJobDesk(selectRuns)
  const filter = useJobDesk(selectRunFilter)
  // The names of the listed runs' jobs (and the filtered job's), read as rows arrive.
  const { jobsById } = useJobsOf(useMemo(() => [...runs.map((run) => run.jobId), ...(jobId === null ? [] : [jobId])], [runs, jobId]))
  const groupsById = useJobDesk(selectGroupsById)
  const columns = useJobDesk(selectRunColumns)
  const setRunColumns = useJobDesk((s) => s.setRunColumns)
  const storedListPx = useJobDesk(selectRunsListPx)
  const setRunsListPx = useJobDesk((s) => s.setRunsListPx)
  const { ref: layoutRef, width: layoutWidth } = useElementSize()
  const hasOlder = useJobDesk((s) => s.runsNextBeforeId !== null)
  const loading = useJobDesk((s) => s.runsLoading)
  const loaded = useJobDesk((s) => s.runsLoaded)
  const setRunFilter = useJobDesk((s) => s.setRunFilter)
  const fetchRuns = useJobDesk((s) => s.fetchRuns)
  const fetchOlderRuns = useJobDesk((s) => s.fetchOlderRuns)
  const navigate = useJobDesk((s) => s.navigate)
  const registry = useJobDesk(selectRegistry)
  const fetchRegistry = useJobDesk((s) => s.fetchRegistry)
  const healthOf = useMemo(() => {
    const health = new Map(registry.map((entry) => [entry.address, entry.health]))
    return (address: string) => health.get(address)
  }, [registry])

  // An address turning suspect is not pushed (no beat is an absence), so the page asks now and then.
  useEffect(() => {
    const timer = setInterval(() => void fetchRegistry().catch(() => {}), REGISTRY_REFRESH_MS)
    return () => clearInterval(timer)
  }, [fetchRegistry])

  // The address decides the job filter, so "show runs" links and Back restore it. Before the paint:
  // no frame lists another job's rows under the new address while its page loads.
  useLayoutEffect(() => {
    if (filter.jobId !== jobId) setRunFilter({ jobId })
    else if (!loaded) void fetchRuns()
  }, [jobId, filter.jobId, loaded, setRunFilter, fetchRuns])

  const select = useCallback((id: number) => navigate(runsRoute(id, jobId)), [navigate, jobId])
  const filterJob = useCallback((id: number | null) => navigate(runsRoute(runId, id)), [navigate, runId])
  // The list's width: as the operator dragged it, within what the page allows.
  const spaceForBoth = Math.max(0, layoutWidth - SPLITTER_PX)
  const listPx = clampListWidth(storedListPx ?? defaultListWidth(spaceForBoth, columns), spaceForBoth)
  const layoutStyle = layoutWidth > 0 ? ({ gridTemplateColumns: `${listPx}px ${SPLITTER_PX}px minmax(0, 1fr)` } as CSSProperties) : undefined
  const loadOlder = useCallback(() => void fetchOlderRuns(), [fetchOlderRuns])
  // Where the list says how many newer runs it holds back: beside the title, over nothing.
  const [newerSlot, setNewerSlot] = useState<HTMLElement | null>(null)

  return (
    <div className="jd-page" data-testid="page-runs">
      <div className="jd-runs-title">
        <Title order={2}>{t('runs.title')}</Title>
        <div ref={setNewerSlot} />
      </div>
      <RunFilters filter={filter} onJobChange={filterJob} onChange={setRunFilter} />
      {/* One job's runs: the slots its schedule did not fire sit above them, with why. */}
      {jobId !== null && <MissedSlots key={jobId} jobId={jobId} />}
      <div className="jd-runs-layout" ref={layoutRef} style={layoutStyle}>
        <div>
          <RunsList
            key={JSON.stringify(filter)}
            runs={runs}
            jobsById={jobsById}
            groupsById={groupsById}
            selectedId={runId}
            hasOlder={hasOlder}
            loading={loading}
            columns={columns}
            onColumnsChange={setRunColumns}
            healthOf={healthOf}
            onSelect={select}
            onFilterJob={filterJob}
            onLoadOlder={loadOlder}
            newerSlot={newerSlot}
          />
        </div>
        <RunsSplitter listPx={listPx} totalPx={spaceForBoth} onChange={setRunsListPx} />
        <div>
          {runId !== null ? (
            <RunDetail key={runId} runId={runId} />
          ) : (
            <Card withBorder>
              <Text c="dimmed">{t('runs.selectHint')}</Text>
            </Card>
          )}
        </div>
      </div>
    </div>
  )
}
