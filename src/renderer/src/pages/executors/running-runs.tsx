import { Button, Popover, Stack, Text } from '@mantine/core'
import type { JobRun } from '../../../../shared/model'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatCount } from '../../lib/format/format-time'
import { useJobsOf } from '../../components/use-jobs-of'
import { RunLink } from '../../components/run-link'

/** How many runs an address is running now; click for the list (each opens its run). */
export function RunningRuns({ runs, nowMs }: { runs: readonly JobRun[]; nowMs: number }) {
  const t = useT()
  const language = useLanguage()
  const { jobsById } = useJobsOf(runs.map((run) => run.jobId))
  if (runs.length === 0)
    return (
      <span data-testid="address-running" data-count={0}>
        0
      </span>
    )
  return (
    <Popover position="bottom" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-xs" variant="light" data-testid="address-running" data-count={runs.length}>
          {formatCount(runs.length, language)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} data-testid="address-running-list">
          {runs.map((run) => (
            <Text key={run.id} size="xs">
              <RunLink size="xs" runId={run.id} /> {jobsById.get(run.jobId)?.name ?? `#${run.jobId}`} ·{' '}
              {t('executors.runningFor', { age: formatDuration(nowMs - run.triggerTimeMs, language) })}
            </Text>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
