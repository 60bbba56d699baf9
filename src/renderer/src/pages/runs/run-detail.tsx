import { withLineBreaks } from '../../../../shared/line-breaks'
import { TypedValues } from '../../components/params/typed-values'
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { runStatus, type JobRun } from '../../../../shared/model'
import { ChevronDownIcon, ChevronUpIcon } from '../../kit/icons'
import { dagRoute } from '../../kit/route'
import { LogTail } from '../../components/log-tail/log-tail'
import { RunStatusBadge } from '../../components/status-badge'
import { DeadlineBadges } from '../../components/deadline-badges'
import { FiredRuns, KillRunButton } from './run-actions'
import { RunAgainMenu } from './run-again'
import { RetryChain } from './retry-chain'
import { RunArtifacts } from '../../components/artifacts/run-artifacts'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatDuration } from '../../lib/format/format-duration'
import { formatDateTime } from '../../lib/format/format-time'
import { isAtRisk, runOutcome } from '../../lib/runs/run-outcome'
import { useJobDesk } from '../../store'
import { useJobsOf } from '../../components/use-jobs-of'
import { selectRun } from '../../store/runs/selectors'
import { RunLink } from '../../components/run-link'
import { EnumLabel } from '../../components/enum-label'
import { TriggerTrailView } from '../../components/trigger-trail-view'
import { AlarmStatusText } from '../../components/alarm-status'
import { LabelledField as Field } from '../../components/labelled-field'

const finished = (run: JobRun) => runStatus(run) === 'success' || runStatus(run) === 'failed'

/** Messages may come from XXL-JOB executors with `<br>` line breaks: show them as breaks, as text. */
function Preformatted({ text, testId }: { text: string; testId: string }) {
  return (
    <pre className="jd-pre" data-testid={testId}>
      {withLineBreaks(text)}
    </pre>
  )
}

function RunFields({ run }: { run: JobRun }) {
  const t = useT()
  const language = useLanguage()
  const job = useJobsOf([run.jobId]).jobsById.get(run.jobId)
  const health = useJobDesk((s) => s.registry.find((entry) => entry.address === run.executorAddress)?.health)
  const ended = finished(run)
  const none = t('common.none')
  return (
    <SimpleGrid cols={{ base: 2, xl: 3 }} spacing="sm" verticalSpacing="xs">
      <Field label="run.job">{job ? `#${job.id} ${job.name}` : `#${run.jobId}`}</Field>
      <Field label="run.status">
        <RunStatusBadge run={run} atRisk={isAtRisk(run, () => health)} />
        <DeadlineBadges marks={run.deadlineMarks} />
      </Field>
      <Field label="run.triggerType">
        <EnumLabel kind="triggerType" value={run.triggerType} testId="run-trigger-type" />
      </Field>
      <Field label="run.triggerTime">{formatDateTime(run.triggerTimeMs)}</Field>
      <Field label="run.scheduleTime">{run.scheduleTimeMs !== null ? formatDateTime(run.scheduleTimeMs) : none}</Field>
      <Field label="run.handleTime">{run.handleTimeMs > 0 ? formatDateTime(run.handleTimeMs) : none}</Field>
      <Field label="run.duration">{ended && run.handleTimeMs > 0 ? formatDuration(run.handleTimeMs - run.triggerTimeMs, language) : none}</Field>
      <Field label="run.address" testId="run-detail-address">
        {run.executorAddress || none}
      </Field>
      <Field label="run.handler">{run.executorHandler || none}</Field>
      <Field label="run.param" testId="run-param">
        {run.executorParam || none}
      </Field>
      {run.typedParams && (
        <Field label="params.typedValues" testId="run-typed-params">
          <TypedValues values={run.typedParams} />
        </Field>
      )}
      <Field label="run.shard">{run.executorShardingParam || none}</Field>
      <Field label="run.retries">{run.executorFailRetryCount}</Field>
      <Field label="run.triggerCode">{run.triggerCode}</Field>
      <Field label="run.handleCode">{run.handleCode}</Field>
      <Field label="alarm.label">
        <AlarmStatusText run={run} />
      </Field>
      <Field label="run.parent">{run.parentLogId !== null ? <RunLink runId={run.parentLogId} testId="run-parent-link" /> : none}</Field>
    </SimpleGrid>
  )
}

/** One run: every field, the routing trail, the handle message and the live log. */
export function RunDetail({ runId }: { runId: number }) {
  const t = useT()
  const run = useJobDesk(selectRun(runId))
  const loadRun = useJobDesk((s) => s.loadRun)
  const navigate = useJobDesk((s) => s.navigate)
  const collapsed = useJobDesk((s) => s.preferences.runHeaderCollapsed)
  const setCollapsed = useJobDesk((s) => s.setRunHeaderCollapsed)
  const [missing, setMissing] = useState(false)

  useEffect(() => {
    setMissing(false)
    void loadRun(runId).then((found) => setMissing(found === null))
  }, [runId, loadRun])

  if (!run) {
    return (
      <Card withBorder>
        <Text c="dimmed">{missing ? t('run.notFound', { id: runId }) : t('common.loading')}</Text>
      </Card>
    )
  }
  return (
    <Card
      withBorder
      className="jd-detail"
      data-testid="run-detail"
      data-run-id={run.id}
      data-status={runStatus(run)}
      data-outcome={runOutcome(run)}
      data-header={collapsed ? 'collapsed' : 'open'}
    >
      <Group justify="space-between">
        <Group gap={6} wrap="nowrap">
          {/* Folding the fields and the trail away gives the log the card's height (a 720 px screen). */}
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setCollapsed(!collapsed)}
            aria-expanded={!collapsed}
            aria-label={t(collapsed ? 'run.showHeader' : 'run.hideHeader')}
            title={t(collapsed ? 'run.showHeader' : 'run.hideHeader')}
            data-testid="run-header-toggle"
          >
            {collapsed ? <ChevronDownIcon size={16} /> : <ChevronUpIcon size={16} />}
          </ActionIcon>
          <Title order={3} size="h4">
            {t('run.title', { id: run.id })}
          </Title>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => navigate(dagRoute(run.id))} data-testid="run-show-chain">
            {t('run.showChain')}
          </Button>
          <RunAgainMenu run={run} />
          <KillRunButton run={run} />
          <RunStatusBadge run={run} />
        </Group>
      </Group>
      <div className="jd-detail-info" hidden={collapsed}>
        <RunFields run={run} />
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('run.triggerMsg')}
          </Text>
          <TriggerTrailView trail={run.triggerTrail} triggerMsg={run.triggerMsg} rawTestId="run-trigger-msg" withTriggerType={false} />
        </Stack>
        {run.handleMsg && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('run.handleMsg')}
            </Text>
            <Preformatted text={run.handleMsg} testId="run-handle-msg" />
          </Stack>
        )}
        <RunArtifacts runId={run.id} version={finished(run) ? 'ended' : 'open'} />
        <RetryChain run={run} />
        <FiredRuns runId={run.id} />
      </div>
      <LogTail logId={run.id} runFinished={finished(run)} />
    </Card>
  )
}
