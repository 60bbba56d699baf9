import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import type { FlowRun } from '../../../../../shared/flow-types'
import { notifySuccess } from '../../../kit/notify'
import { flowRunsRoute, formatRoute } from '../../../kit/route'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useLanguage, useT } from '../../../i18n/use-t'
import { flowNoteLabel } from '../../../lib/flows/flow-note-text'
import type { MessageKey } from '../../../i18n/dictionary'
import { canKillFlowRun, canRetryFlowRun, isActiveFlowRun } from '../../../lib/flows/flow-run-actions'
import { formatDateTime } from '../../../lib/format/format-time'
import { useJobDesk } from '../../../store'
import { selectOperatesAny } from '../../../store/session/selectors'
import { Elapsed } from '../elapsed'
import { FlowRunStateBadge } from '../flow-state-badge'
import { DeadlineBadges } from '../../../components/deadline-badges'
import { FlowRunLink } from './flow-run-link'
import { TypedValues } from '../../../components/params/typed-values'

function Field({ label, children, testId, wide }: { label: MessageKey; children: ReactNode; testId?: string; wide?: boolean }) {
  const t = useT()
  return (
    <div className="jd-flow-run-field" data-wide={wide}>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm" component="div" className="jd-cell" data-testid={testId}>
        {children}
      </Text>
    </div>
  )
}

/** Retry (a failed or killed run) and Kill (an active one), each after a confirmation. */
function RunButtons({ run }: { run: FlowRun }) {
  const t = useT()
  const retryFlowRun = useJobDesk((s) => s.retryFlowRun)
  const killFlowRun = useJobDesk((s) => s.killFlowRun)
  const language = useJobDesk((s) => s.preferences.language)
  const [asking, setAsking] = useState<'retry' | 'kill' | null>(null)
  const [busy, setBusy] = useState(false)
  // Default as before: nodes not reached stay pending, for a retry to run.
  const [keepFinished, setKeepFinished] = useState(false)
  const act = async (what: 'retry' | 'kill') => {
    setAsking(null)
    setBusy(true)
    const done = await (what === 'retry' ? retryFlowRun(run.id) : killFlowRun(run.id, keepFinished ? { keepFinished } : undefined))
    setBusy(false)
    if (done) notifySuccess(language, what === 'retry' ? 'flowRun.retried' : 'flowRun.killed', { id: run.id })
  }
  return (
    <>
      {canRetryFlowRun(run) && (
        <Button size="xs" onClick={() => setAsking('retry')} loading={busy} data-testid="flow-run-retry">
          {t('flowRun.retry')}
        </Button>
      )}
      {canKillFlowRun(run) && (
        <Button size="xs" color="red" variant="light" onClick={() => setAsking('kill')} loading={busy} data-testid="flow-run-kill">
          {t('flowRun.kill')}
        </Button>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={t(asking === 'retry' ? 'flowRun.retryTitle' : 'flowRun.killTitle', { id: run.id })}
        confirmLabel={t(asking === 'retry' ? 'flowRun.retry' : 'flowRun.kill')}
        confirmColor={asking === 'retry' ? 'blue' : 'red'}
        confirmTestId="flow-run-confirm"
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void act(asking)}
      >
        <Stack gap="sm">
          <Text size="sm">{t(asking === 'retry' ? 'flowRun.retryBody' : 'flowRun.killBody')}</Text>
          {asking === 'kill' && (
            <Checkbox
              label={t('flowRun.killKeepFinished')}
              description={t('flowRun.killKeepFinishedHint')}
              checked={keepFinished}
              onChange={(event) => setKeepFinished(event.currentTarget.checked)}
              data-testid="flow-run-kill-keep-finished"
            />
          )}
        </Stack>
      </ConfirmDialog>
    </>
  )
}

/** The run's title, state and buttons, and its fields in one band: flow, trigger, parameter, times, reason; a sub-flow's run names the run it is part of. */
export function RunHeader({ run, flowName }: { run: FlowRun; flowName(flowId: number): string }) {
  const t = useT()
  const language = useLanguage()
  const navigate = useJobDesk((s) => s.navigate)
  // Flows belong to no executor group: operators of any group see the buttons, the core's rule decides.
  const operates = useJobDesk(selectOperatesAny)
  const none = t('common.none')
  const runsRoute = flowRunsRoute(run.flowId)
  return (
    <div className="jd-flow-run-header" data-testid="flow-run-header" data-flow-run-id={run.id} data-state={run.state}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Title order={2} size="h3">
            {t('flowRun.title', { id: run.id })}
          </Title>
          <FlowRunStateBadge state={run.state} />
          <DeadlineBadges marks={run.deadlineMarks} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          {operates && <RunButtons run={run} />}
          <Button size="xs" variant="default" onClick={() => navigate(runsRoute)} data-testid="flow-run-all-runs">
            {t('flowRun.allRuns')}
          </Button>
        </Group>
      </Group>
      <div className="jd-flow-run-fields">
        <Field label="flowRun.flow">
          <Anchor
            size="sm"
            href={formatRoute(runsRoute)}
            onClick={(event) => {
              event.preventDefault()
              navigate(runsRoute)
            }}
          >
            {run.flowName}
          </Anchor>
        </Field>
        {run.parent && (
          <Field label="flowRun.partOf" testId="flow-run-parent" wide>
            <FlowRunLink flowRunId={run.parent.flowRunId} testId="flow-run-parent-link">
              {t('flowRun.partOfLink', { flow: flowName(run.parent.flowId), id: run.parent.flowRunId, key: run.parent.key })}
            </FlowRunLink>
          </Field>
        )}
        <Field label="flowRun.trigger" testId="flow-run-trigger">
          {t(`triggerType.${run.triggerType}`)} <span className="jd-wire">{run.triggerType}</span>
        </Field>
        {run.scheduleTimeMs !== null && (
          <Field label="flowRun.scheduled">
            <span className="jd-mono">{formatDateTime(run.scheduleTimeMs)}</span>
          </Field>
        )}
        <Field label="flowRun.start">
          {run.startTimeMs > 0 ? <span className="jd-mono">{formatDateTime(run.startTimeMs)}</span> : t('flowRun.notStarted')}
        </Field>
        <Field label="flowRun.duration">
          <Elapsed startMs={run.startTimeMs} endMs={run.endTimeMs} live={isActiveFlowRun(run.state)} />
        </Field>
        <Field label="flowRun.param" testId="flow-run-param" wide>
          <span className="jd-mono" title={run.param}>
            {run.param || none}
          </span>
        </Field>
        {run.typedParams && (
          <Field label="params.typedValues" testId="flow-run-typed-params" wide>
            <TypedValues values={run.typedParams} />
          </Field>
        )}
        {run.reason && (
          <Field label="flowRun.reason" testId="flow-run-reason" wide>
            <span title={run.reason}>{flowNoteLabel(language, run.reason)}</span>
          </Field>
        )}
      </div>
    </div>
  )
}
