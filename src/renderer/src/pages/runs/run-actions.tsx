import { Button, Checkbox, Group, Stack, Text } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { runStatus, type JobRun } from '../../../../shared/model'
import { RunStatusBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { operatesGroup } from '../../store/session/selectors'
import { RunLink } from '../../components/run-link'
import { EnumLabel } from '../../components/enum-label'

/** Kill for a run that has not ended, after a confirmation (the executor stops it and its child processes). */
export function KillRunButton({ run }: { run: JobRun }) {
  const t = useT()
  const killRun = useJobDesk((s) => s.killRun)
  const operates = useJobDesk((s) => operatesGroup(s.session, run.jobGroup))
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // A kill is a failure: the job's retries follow it unless the operator says otherwise here.
  const [retry, setRetry] = useState(true)
  const status = runStatus(run)
  const retriesLeft = run.executorFailRetryCount
  if (!operates || (status !== 'running' && status !== 'pending')) return null
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setAsking(true)} loading={busy} data-testid="run-kill">
        {t('run.kill')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('run.killTitle', { id: run.id })}
        confirmLabel={t('run.kill')}
        confirmTestId="run-kill-confirm"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setBusy(true)
          void killRun(run.id, retriesLeft > 0 ? { retry } : undefined).finally(() => setBusy(false))
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('run.killBody')}</Text>
          {retriesLeft > 0 && (
            <Checkbox
              label={t('run.killRetry', { count: retriesLeft })}
              checked={retry}
              onChange={(event) => setRetry(event.currentTarget.checked)}
              data-testid="run-kill-retry"
            />
          )}
        </Stack>
      </ConfirmDialog>
    </>
  )
}

/** The runs this run fired: its fail retry and its child jobs, kept current by pushed rows. */
export function FiredRuns({ runId }: { runId: number }) {
  const t = useT()
  const children = useJobDesk(useShallow((s) => s.childRuns[runId] ?? null))
  const fetchChildRuns = useJobDesk((s) => s.fetchChildRuns)

  useEffect(() => {
    void fetchChildRuns(runId).catch(() => {})
  }, [runId, fetchChildRuns])

  if (!children || children.length === 0) return null
  return (
    <Stack gap={4} data-testid="run-children">
      <Text size="xs" c="dimmed">
        {t('run.children')}
      </Text>
      {children.map((child) => (
        <Group key={child.id} gap="xs">
          <RunLink size="sm" runId={child.id} />
          <Text size="xs">
            <EnumLabel kind="triggerType" value={child.triggerType} />
          </Text>
          <Text size="xs" ff="monospace">
            {formatDateTime(child.triggerTimeMs)}
          </Text>
          <RunStatusBadge run={child} />
        </Group>
      ))}
    </Stack>
  )
}
