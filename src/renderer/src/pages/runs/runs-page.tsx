import { Card, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo } from 'react'
import { runsRoute } from '../../app/route'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectRegistry } from '../../store/executors/selectors'
import { selectJobsById } from '../../store/jobs/selectors'
import { selectRunFilter, selectRuns } from '../../store/runs/selectors'
import { RunDetail } from './run-detail'
import { RunFilters } from './run-filters'
import { RunsList } from './runs-list'

const REGISTRY_REFRESH_MS = 5000

/** The run list (filters in the store, the job filter also in the address) beside the selected run. */
export function RunsPage({ runId, jobId }: { runId: number | null; jobId: number | null }) {
  const t = useT()
  const runs = useJobDesk(selectRuns)
  const filter = useJobDesk(selectRunFilter)
  const jobsById = useJobDesk(selectJobsById)
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

  // The address decides the job filter, so "show runs" links and Back restore it.
  useEffect(() => {
    if (filter.jobId !== jobId) setRunFilter({ jobId })
    else if (!loaded) void fetchRuns()
  }, [jobId, filter.jobId, loaded, setRunFilter, fetchRuns])

  const select = useCallback((id: number) => navigate(runsRoute(id, jobId)), [navigate, jobId])
  const loadOlder = useCallback(() => void fetchOlderRuns(), [fetchOlderRuns])

  return (
    <div className="jd-page" data-testid="page-runs">
      <Title order={2}>{t('runs.title')}</Title>
      <RunFilters filter={filter} onJobChange={(id) => navigate(runsRoute(runId, id))} onChange={setRunFilter} />
      <div className="jd-runs-layout">
        <div>
          <RunsList
            runs={runs}
            jobsById={jobsById}
            selectedId={runId}
            hasOlder={hasOlder}
            loading={loading}
            healthOf={healthOf}
            onSelect={select}
            onLoadOlder={loadOlder}
          />
        </div>
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
