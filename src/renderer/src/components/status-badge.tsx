import './badges.css'
import type { JobRun, RunStatus } from '../../../shared/model'
import { useT } from '../i18n/use-t'
import { runOutcome, type RunOutcome } from '../lib/runs/run-outcome'

const RUN_COLOR: Record<RunOutcome, string> = { pending: 'gray', running: 'blue', success: 'teal', failed: 'red', killed: 'grape' }

/**
 * Status badges as plain spans coloured by Mantine's variables (.jd-badge in app.css): virtual
 * lists mount them on every row that scrolls into view, where a component per badge costs frames.
 * `data-status` keeps XXL-JOB's four states (a killed run is failed); `data-outcome` adds killed.
 */
export function StatusBadge({ outcome }: { outcome: RunOutcome }) {
  const t = useT()
  return (
    <span
      className="jd-badge"
      data-color={RUN_COLOR[outcome]}
      data-status={outcome === 'killed' ? 'failed' : outcome}
      data-outcome={outcome}
      data-testid="run-status"
    >
      {t(`status.${outcome}`)}
    </span>
  )
}

export function RunStatusBadge({ run, atRisk = false }: { run: Pick<JobRun, 'triggerCode' | 'handleCode' | 'handleMsg'>; atRisk?: boolean }) {
  const t = useT()
  return (
    <>
      <StatusBadge outcome={runOutcome(run)} />
      {atRisk && (
        <span className="jd-badge" data-color="orange" title={t('status.atRiskHint')} data-testid="run-at-risk">
          {t('status.atRisk')}
        </span>
      )}
    </>
  )
}

/** For a last-run row, which carries the status and whether a kill ended it. */
export function LastRunBadge({ status, killed }: { status: RunStatus; killed?: boolean }) {
  return <StatusBadge outcome={killed ? 'killed' : status} />
}

export function JobStatusBadge({ triggerStatus }: { triggerStatus: 0 | 1 }) {
  const t = useT()
  return (
    <span className="jd-badge" data-color={triggerStatus === 1 ? 'teal' : 'gray'} data-outline={triggerStatus !== 1} data-testid="job-status">
      {t(triggerStatus === 1 ? 'jobStatus.running' : 'jobStatus.stopped')}
    </span>
  )
}
