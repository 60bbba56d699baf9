import { Badge } from '@mantine/core'
import { runStatus, type JobRun, type RunStatus } from '../../../shared/model'
import { useT } from '../i18n/use-t'

const RUN_COLOR: Record<RunStatus, string> = { pending: 'gray', running: 'blue', success: 'teal', failed: 'red' }

export function RunStatusBadge({ run }: { run: Pick<JobRun, 'triggerCode' | 'handleCode'> }) {
  const t = useT()
  const status = runStatus(run)
  return (
    <Badge color={RUN_COLOR[status]} variant="light" data-status={status} data-testid="run-status">
      {t(`status.${status}`)}
    </Badge>
  )
}

export function JobStatusBadge({ triggerStatus }: { triggerStatus: 0 | 1 }) {
  const t = useT()
  return (
    <Badge color={triggerStatus === 1 ? 'teal' : 'gray'} variant={triggerStatus === 1 ? 'light' : 'outline'} data-testid="job-status">
      {t(triggerStatus === 1 ? 'jobStatus.running' : 'jobStatus.stopped')}
    </Badge>
  )
}
