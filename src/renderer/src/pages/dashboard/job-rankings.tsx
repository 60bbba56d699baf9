import { Card, SimpleGrid, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { JobRankings, RankedJob } from '../../../../shared/run-views'
import type { MessageKey } from '../../i18n/dictionary'
import { useLanguage, useT } from '../../i18n/use-t'
import { runsRoute } from '../../kit/route'
import { formatDuration } from '../../lib/format/format-duration'
import { getJobRankings } from '../../services/run-views'
import { useJobDesk } from '../../store'

/** The core keeps the rankings a minute (each is a day's aggregate): asking more often shows nothing new. */
const RANKINGS_REFRESH_MS = 60_000

/** The dashboard's slowest and most failing jobs of the last 24 h, five each; a click shows the job's runs. */
export function JobRankingsCards() {
  const [rankings, setRankings] = useState<JobRankings | null>(null)
  useEffect(() => {
    let current = true
    const read = () =>
      void getJobRankings().then(
        (value) => current && setRankings(value),
        () => {},
      )
    read()
    const timer = setInterval(read, RANKINGS_REFRESH_MS)
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [])
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Ranking title="rankings.slowest" empty="rankings.noRuns" jobs={rankings?.slowest ?? null} kind="slowest" />
      <Ranking title="rankings.mostFailing" empty="rankings.noFailures" jobs={rankings?.mostFailing ?? null} kind="mostFailing" />
    </SimpleGrid>
  )
}

function Ranking({ title, empty, jobs, kind }: { title: MessageKey; empty: MessageKey; jobs: RankedJob[] | null; kind: 'slowest' | 'mostFailing' }) {
  const t = useT()
  const language = useLanguage()
  const navigate = useJobDesk((s) => s.navigate)
  return (
    <Card withBorder padding="md" data-testid={`ranking-${kind}`}>
      <Title order={3} size="h5" mb="xs">
        {t(title)}
      </Title>
      {jobs === null ? null : jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(empty)}
        </Text>
      ) : (
        <Table highlightOnHover>
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.jobId} data-testid="ranked-job" data-job-id={job.jobId}>
                <Table.Td className="jd-cell" title={job.jobName}>
                  <UnstyledButton onClick={() => navigate(runsRoute(null, job.jobId))}>
                    <Text size="sm" c="indigo" truncate>
                      {job.jobName}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td className="jd-cell">
                  <Text size="xs" c={kind === 'mostFailing' ? 'red' : undefined} ta="right">
                    {kind === 'slowest'
                      ? t('rankings.duration', { avg: formatDuration(job.avgDurationMs, language), max: formatDuration(job.maxDurationMs, language) })
                      : t('rankings.failed', { failed: job.failCount, runs: job.runCount })}
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
