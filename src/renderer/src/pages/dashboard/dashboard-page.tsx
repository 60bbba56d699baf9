import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { runsRoute } from '../../kit/route'
import { RunStatusBadge } from '../../components/status-badge'
import { useNow } from '../../components/use-now'
import { useLanguage, useT } from '../../i18n/use-t'
import type { MessageKey } from '../../i18n/dictionary'
import { formatAgo } from '../../lib/format/format-duration'
import { formatCount, formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { useJobsOf } from '../../components/use-jobs-of'
import { DailyChart } from './daily-chart'
import { DemoBanner } from './demo-banner'
import { AlarmWarnings } from './alarm-warnings'
import { SilencesSection } from './silences-section'
import { PoolUsageCard } from './pool-usage'
import { useAlarmHealth } from '../../components/use-alarm-health'
import { LastHourCard, NextFiresCard } from './live-cards'
import { runFailureText } from '../../lib/runs/trigger-outcome'

/** Counts are not pushed: re-read them this often while the dashboard is shown. */
const OVERVIEW_REFRESH_MS = 5000

const SCHEDULER_COLOR = { starting: 'gray', running: 'teal', draining: 'orange', stopped: 'red' } as const

function Stat({ label, value, testId, color, note }: { label: MessageKey; value: number | undefined; testId: string; color?: string; note?: string }) {
  const t = useT()
  const language = useLanguage()
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {t(label)}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={testId}>
        {value === undefined ? '…' : formatCount(value, language)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-note`}>
          {note}
        </Text>
      )}
    </Card>
  )
}

function SchedulerCard() {
  const t = useT()
  const language = useLanguage()
  const scheduler = useJobDesk((s) => s.overview?.scheduler ?? null)
  const now = useNow(1000)
  return (
    <Card withBorder padding="md" data-testid="scheduler-card">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('dashboard.scheduler')}
        </Text>
        {scheduler && (
          <Badge color={SCHEDULER_COLOR[scheduler.state]} data-testid="scheduler-state">
            {t(`scheduler.${scheduler.state}`)}
          </Badge>
        )}
      </Group>
      {scheduler && (
        <Stack gap={2} mt="xs">
          <Text size="sm" data-testid="ring-size">
            {t('dashboard.ringSize', { n: scheduler.ringSize })}
          </Text>
          <Text size="sm" data-testid="last-scan">
            {scheduler.lastScanAtMs > 0 ? t('dashboard.lastScan', { age: formatAgo(now - scheduler.lastScanAtMs, language) }) : t('dashboard.noScanYet')}
          </Text>
        </Stack>
      )}
    </Card>
  )
}

function RecentFailures() {
  const t = useT()
  const language = useLanguage()
  const failures = useJobDesk((s) => s.recentFailures)
  const { jobsById } = useJobsOf(failures.map((chain) => chain.last.jobId))
  const navigate = useJobDesk((s) => s.navigate)
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        {t('dashboard.recentFailures')}
      </Title>
      {failures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noFailures')}
        </Text>
      ) : (
        <Table highlightOnHover className="jd-failures">
          <Table.Tbody>
            {failures.map(({ first, last, attempts, state }) => (
              <Table.Tr key={first.id} data-testid="recent-failure" data-first-id={first.id} data-attempts={attempts} data-state={state}>
                <Table.Td className="jd-failure-id">
                  <UnstyledButton onClick={() => navigate(runsRoute(last.id))} aria-label={t('trigger.openRun', { id: last.id })}>
                    <Text size="sm" c="indigo">
                      #{last.id}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                {/* The time folds under the name: four columns would squeeze a long name a word a line. */}
                <Table.Td className="jd-failure-job" title={jobsById.get(last.jobId)?.name} data-truncate>
                  <div className="jd-cell">{jobsById.get(last.jobId)?.name ?? `#${last.jobId}`}</div>
                  <div className="jd-cell jd-sub jd-mono">{formatDateTime(first.triggerTimeMs)}</div>
                </Table.Td>
                <Table.Td className="jd-failure-status">
                  <RunStatusBadge run={last} />
                </Table.Td>
                <Table.Td className="jd-cell">
                  {attempts > 1 && (
                    <Text size="xs" fw={500} data-testid="recent-failure-attempts">
                      {t(state === 'retrying' ? 'dashboard.retryingAttempt' : 'dashboard.failedAfterAttempts', { n: attempts })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" truncate title={runFailureText(language, last)}>
                    {runFailureText(language, last)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  )
}

export function DashboardPage() {
  const t = useT()
  const overview = useJobDesk(useShallow((s) => s.overview))
  const fetchOverview = useJobDesk((s) => s.fetchOverview)
  const fetchRecentFailures = useJobDesk((s) => s.fetchRecentFailures)
  const fetchDailyReport = useJobDesk((s) => s.fetchDailyReport)
  const alarmHealth = useAlarmHealth(OVERVIEW_REFRESH_MS)

  useEffect(() => {
    const refresh = () => {
      void fetchOverview().catch(() => {})
      void fetchRecentFailures().catch(() => {})
      void fetchDailyReport().catch(() => {})
    }
    refresh()
    const timer = setInterval(refresh, OVERVIEW_REFRESH_MS)
    return () => clearInterval(timer)
  }, [fetchOverview, fetchRecentFailures, fetchDailyReport])

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-dashboard">
      <Title order={2}>{t('dashboard.title')}</Title>
      <DemoBanner />
      <AlarmWarnings health={alarmHealth} />
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        <Stat label="dashboard.jobs" value={overview?.jobCount} testId="stat-jobs" />
        <Stat label="dashboard.activeJobs" value={overview?.activeJobCount} testId="stat-active" />
        <Stat label="dashboard.running" value={overview?.runningCount} testId="stat-running" color="blue" />
        <Stat
          label="dashboard.failed24h"
          value={overview?.failedLast24hCount}
          testId="stat-failed"
          color={overview?.failedLast24hCount ? 'red' : undefined}
          note={overview?.killedLast24hCount ? t('dashboard.killedApart', { n: overview.killedLast24hCount }) : undefined}
        />
        <Stat label="dashboard.executorsOnline" value={overview?.executorsOnline} testId="stat-executors" />
        <SchedulerCard />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LastHourCard />
        <NextFiresCard />
      </SimpleGrid>
      <PoolUsageCard refreshMs={OVERVIEW_REFRESH_MS} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DailyChart />
        <RecentFailures />
      </SimpleGrid>
      <SilencesSection />
    </div>
  )
}
