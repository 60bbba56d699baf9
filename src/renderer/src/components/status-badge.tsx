import './badges.css'
import { runStatus, type JobRun, type RunStatus } from '../../../shared/model'
import { useT } from '../i18n/use-t'

const RUN_COLOR: Record<RunStatus, string> = { pending: 'gray', running: 'blue', success: 'teal', failed: 'red' }

/**
 * Status badges as plain spans coloured by Mantine's variables (.jd-badge in app.css): virtual
 * lists mount them on every row that scrolls into view, where a component per badge costs frames.
 */
export function RunStatusBadge({ run }: { run: Pick<JobRun, 'triggerCode' | 'handleCode'> }) {
  const t = useT()
  const status = runStatus(run)
  return (
    <span className="jd-badge" data-color={RUN_COLOR[status]} data-status={status} data-testid="run-status">
      {t(`status.${status}`)}
    </span>
  )
}

export function JobStatusBadge({ triggerStatus }: { triggerStatus: 0 | 1 }) {
  const t = useT()
  return (
    <span className="jd-badge" data-color={triggerStatus === 1 ? 'teal' : 'gray'} data-outline={triggerStatus !== 1} data-testid="job-status">
      {t(triggerStatus === 1 ? 'jobStatus.running' : 'jobStatus.stopped')}
    </span>
  )
}
