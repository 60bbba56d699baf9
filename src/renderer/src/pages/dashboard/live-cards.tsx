import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { runsRoute } from '../../kit/route'
import { useNow } from '../../components/use-now'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatCount, formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'

/** Live figures, useful before the first daily report: how the last hour's runs stand now. */
export function LastHourCard() {
  const t = useT()
  const language = useLanguage()
  const lastHour = useJobDesk((s) => s.overview?.lastHour)
  const figure = (testId: string, label: string, n: number | undefined, color?: string) => (
    <div>
      <Text size="xl" fw={700} c={color} data-testid={testId} data-count={n ?? ''}>
        {n === undefined ? '…' : formatCount(n, language)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  )
  return (
    <Card withBorder padding="md" data-testid="last-hour">
      <Title order={3} size="h5" mb="xs">
        {t('dashboard.lastHour')}
      </Title>
      <Group gap="xl">
        {figure('last-hour-success', t('dashboard.lastHourSuccess'), lastHour?.successCount, 'teal')}
        {figure('last-hour-failed', t('dashboard.lastHourFailed'), lastHour?.failCount, lastHour?.failCount ? 'red' : undefined)}
        {figure('last-hour-killed', t('dashboard.lastHourKilled'), lastHour?.killedCount, lastHour?.killedCount ? 'grape' : undefined)}
        {figure('last-hour-unfinished', t('dashboard.lastHourUnfinished'), lastHour?.unfinishedCount, 'blue')}
      </Group>
    </Card>
  )
}

/** The running jobs that fire next, with how soon; a click shows the job's runs. */
export function NextFiresCard() {
  const t = useT()
  const language = useLanguage()
  const nextFires = useJobDesk((s) => s.overview?.nextFires)
  const navigate = useJobDesk((s) => s.navigate)
  const now = useNow(1000)
  return (
    <Card withBorder padding="md" data-testid="next-fires">
      <Title order={3} size="h5" mb="xs">
        {t('dashboard.nextFires')}
      </Title>
      {nextFires && nextFires.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="next-fires-none">
          {t('dashboard.noNextFires')}
        </Text>
      ) : (
        <Stack gap={4}>
          {(nextFires ?? []).map((fire) => (
            <UnstyledButton key={fire.jobId} onClick={() => navigate(runsRoute(null, fire.jobId))} data-testid="next-fire" data-job-id={fire.jobId}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate>
                  {fire.jobName}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" title={formatDateTime(fire.atMs)} style={{ whiteSpace: 'nowrap' }}>
                  {fire.atMs > now ? t('dashboard.inTime', { time: formatDuration(fire.atMs - now, language) }) : t('dashboard.now')}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  )
}
