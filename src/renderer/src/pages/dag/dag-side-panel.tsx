import { Anchor, Button, Card, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { JobInfo, JobRun } from '../../../../shared/model'
import { dagRoute, runsRoute } from '../../kit/route'
import { ScheduleText } from '../../components/schedule-text'
import { RunStatusBadge } from '../../components/status-badge'
import { useT } from '../../i18n/use-t'
import { operatesGroup } from '../../store/session/selectors'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectChildLinks, selectParentLinks } from '../../store/dag/selectors'
import { useJobsOf } from '../../components/use-jobs-of'
import { RunLink } from '../../components/run-link'
import { heldSnapshot } from '../../lib/runs/held-snapshot'

/** The clicked job: its schedule and links, its latest runs (kept current by pushed runs), and what to do next. */
export function DagSidePanel({ job, onClose, onTrigger }: { job: JobInfo; onClose(): void; onTrigger(job: JobInfo): void }) {
  const t = useT()
  const operates = useJobDesk((s) => operatesGroup(s.session, job.jobGroup))
  const navigate = useJobDesk((s) => s.navigate)
  const children = useJobDesk(useShallow(selectChildLinks(job.id)))
  const parents = useJobDesk(useShallow(selectParentLinks(job.id)))
  const { jobsById } = useJobsOf([...children.map((link) => link.childJobId), ...parents.map((link) => link.parentJobId)])
  const runs = useJobDesk((s) => s.recentRunsByJob[job.id] ?? null)
  const fetchRecentRuns = useJobDesk((s) => s.fetchRecentRuns)
  const forgetRecentRuns = useJobDesk((s) => s.forgetRecentRuns)

  useEffect(() => {
    void fetchRecentRuns(job.id).catch(() => {})
    return () => forgetRecentRuns(job.id)
  }, [job.id, fetchRecentRuns, forgetRecentRuns])
  const name = (id: number) => jobsById.get(id)?.name ?? `#${id}`
  // Under the cursor the rows hold still: a run that starts meanwhile is counted, not inserted above the row about to be clicked.
  const [held, setHeld] = useState<JobRun[] | null>(null)
  const { shown, newer } = heldSnapshot(runs ?? [], held)
  const hold = () => setHeld(runs && runs.length > 0 ? runs : null)

  return (
    <Card withBorder className="jd-dag-panel" data-testid="dag-panel" data-job-id={job.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5">
          #{job.id} {job.name}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('common.close')} />
      </Group>
      <Stack gap="xs" mt="xs">
        <ScheduleText job={job} />
        <Text size="xs" c="dimmed">
          {t('dag.parents')}:{' '}
          {parents.length === 0 ? t('common.none') : parents.map((l) => `${name(l.parentJobId)} (${t(`linkCondition.${l.condition}`)})`).join(', ')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('dag.children')}:{' '}
          {children.length === 0 ? t('common.none') : children.map((l) => `${name(l.childJobId)} (${t(`linkCondition.${l.condition}`)})`).join(', ')}
        </Text>
        <Group gap="xs">
          {operates && (
            <Button size="xs" onClick={() => onTrigger(job)} data-testid="dag-trigger">
              {t('jobs.action.trigger')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => navigate(runsRoute(null, job.id))} data-testid="dag-show-runs">
            {t('jobs.action.runs')}
          </Button>
        </Group>
        <Text size="xs" fw={600} mt="xs">
          {t('dag.recentRuns')}
        </Text>
        {runs === null ? (
          <Loader size="xs" />
        ) : runs.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('dag.noRuns')}
          </Text>
        ) : (
          <Stack gap={4} onMouseEnter={hold} onMouseLeave={() => setHeld(null)} data-testid="dag-panel-runs" data-held={held !== null}>
            {shown.map((run) => (
              <Group key={run.id} gap={6} wrap="nowrap" data-testid="dag-panel-run" data-run-id={run.id}>
                <RunLink size="xs" runId={run.id} />
                <Text size="xs" ff="monospace">
                  {formatDateTime(run.triggerTimeMs)}
                </Text>
                <RunStatusBadge run={run} />
                <Anchor
                  size="xs"
                  ml="auto"
                  href={`#/dag?run=${run.id}`}
                  onClick={(event) => {
                    event.preventDefault()
                    navigate(dagRoute(run.id))
                  }}
                  data-testid="dag-show-chain"
                >
                  {t('dag.showChain')}
                </Anchor>
              </Group>
            ))}
            {/* Below the rows, so its showing up moves none of them. */}
            {newer > 0 && (
              <Button size="compact-xs" variant="light" onClick={hold} data-testid="dag-panel-newer">
                {t('runs.newer', { n: newer })}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
