import { Group, Text } from '@mantine/core'
import { Fragment, useEffect, useState } from 'react'
import { runStatus, type JobRun } from '../../../../shared/model'
import { RunStatusBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { RunLink } from '../../components/run-link'

/**
 * The attempts of this run's trigger: the first run and each fail retry (RETRY runs point to the
 * attempt that failed), oldest first; the open run is marked. Re-read when this run ends or fires a retry.
 */
export function RetryChain({ run }: { run: JobRun }) {
  const t = useT()
  const traceRetries = useJobDesk((s) => s.traceRetries)
  const fired = useJobDesk((s) => s.childRuns[run.id])
  const [attempts, setAttempts] = useState<JobRun[]>([])
  const status = runStatus(run)
  const retryIds = (fired ?? [])
    .filter((child) => child.triggerType === 'RETRY')
    .map((child) => `${child.id}:${runStatus(child)}`)
    .join()

  useEffect(() => {
    let current = true
    traceRetries(run).then(
      (found) => current && setAttempts(found),
      () => current && setAttempts([]),
    )
    return () => {
      current = false
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- re-trace on what changes the chain (this run's id and status, its retries), not on every field of `run`
  }, [run.id, status, retryIds, traceRetries])

  if (attempts.length < 2) return null
  return (
    <div data-testid="run-retries">
      <Text size="xs" c="dimmed" mb={4}>
        {t('run.attempts', { n: attempts.length })}
      </Text>
      <Group gap={6}>
        {attempts.map((attempt, i) => (
          <Fragment key={attempt.id}>
            {i > 0 && <Text size="xs">→</Text>}
            <Group gap={4} wrap="nowrap" data-testid="run-attempt" data-run-id={attempt.id} data-current={attempt.id === run.id}>
              {attempt.id === run.id ? (
                <Text size="sm" fw={700}>
                  #{attempt.id}
                </Text>
              ) : (
                <RunLink size="sm" runId={attempt.id} />
              )}
              <RunStatusBadge run={attempt} />
            </Group>
          </Fragment>
        ))}
      </Group>
    </div>
  )
}
