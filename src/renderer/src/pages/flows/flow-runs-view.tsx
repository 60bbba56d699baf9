import './flows.css'
import './flow-states.css'
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { memo, useEffect } from 'react'
import type { FlowRun } from '../../../../shared/flow-types'
import { flowRunRoute, flowsRoute, formatRoute } from '../../kit/route'
import { ScheduleText } from '../../components/schedule-text'
import { useLanguage, useT } from '../../i18n/use-t'
import { flowNoteLabel } from '../../lib/flows/flow-note-text'
import { isActiveFlowRun } from '../../lib/flows/flow-run-actions'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectFlowRunsPage, selectFlowsLoaded, selectFlowSummary } from '../../store/flows/selectors'
import { selectOperatesAny } from '../../store/session/selectors'
import { Elapsed } from './elapsed'
import { FlowRunStateBadge } from './flow-state-badge'
import { DeadlineBadges } from '../../components/deadline-badges'
import { FlowActiveBadge, FlowLabelledButtons } from './flow-row'
import { NextFire } from './next-fire'
import { useFlowActions } from './use-flow-actions'
import { MissedSlots } from '../../components/missed-slots'

/** A flow run's nodes as small squares in their state colours, in the graph's order. */
export function NodeStrip({ run }: { run: FlowRun }) {
  const t = useT()
  return (
    <div className="jd-flow-node-strip" aria-hidden="true">
      {run.nodes.map((node) => (
        <span key={node.key} className="jd-flow-swatch" data-flow-state={node.state} title={`${node.key}: ${t(`flowNodeState.${node.state}`)}`} />
      ))}
    </div>
  )
}

const RunRow = memo(function RunRow({ run, onOpen }: { run: FlowRun; onOpen(id: number): void }) {
  const t = useT()
  const language = useLanguage()
  return (
    <div
      className="jd-grid-row jd-flow-runs-grid jd-clickable"
      role="row"
      tabIndex={0}
      onClick={() => onOpen(run.id)}
      onKeyDown={(event) => event.key === 'Enter' && onOpen(run.id)}
      data-testid="flow-run-row"
      data-flow-run-id={run.id}
      data-state={run.state}
    >
      <div role="cell" className="jd-cell">
        <Anchor
          size="sm"
          href={formatRoute(flowRunRoute(run.id))}
          onClick={(event) => {
            event.preventDefault()
            event.stopPropagation()
            onOpen(run.id)
          }}
        >
          #{run.id}
        </Anchor>
      </div>
      <div role="cell">
        <FlowRunStateBadge state={run.state} />
        <DeadlineBadges marks={run.deadlineMarks} />
      </div>
      <div role="cell">
        <NodeStrip run={run} />
      </div>
      <div role="cell" className="jd-cell jd-small">
        {t(`triggerType.${run.triggerType}`)}
      </div>
      <div role="cell" className="jd-cell jd-mono jd-small">
        {run.startTimeMs > 0 ? formatDateTime(run.startTimeMs) : t('flowRun.notStarted')}
      </div>
      <div role="cell" className="jd-cell jd-small">
        <Elapsed startMs={run.startTimeMs} endMs={run.endTimeMs} live={isActiveFlowRun(run.state)} />
      </div>
      <div role="cell" className="jd-cell jd-mono jd-small" title={run.param}>
        {run.param || <span className="jd-dimmed">{t('common.none')}</span>}
      </div>
      <div role="cell" className="jd-cell jd-small" title={run.reason}>
        {run.reason ? flowNoteLabel(language, run.reason) : <span className="jd-dimmed">{t('common.none')}</span>}
      </div>
    </div>
  )
})

/** One flow: its settings in a line, its buttons, and its runs, newest first; a click opens a run. */
export function FlowRunsView({ flowId }: { flowId: number }) {
  const t = useT()
  const summary = useJobDesk(selectFlowSummary(flowId))
  const loaded = useJobDesk(selectFlowsLoaded)
  const page = useJobDesk(selectFlowRunsPage(flowId))
  const operates = useJobDesk(selectOperatesAny)
  const fetchFlows = useJobDesk((s) => s.fetchFlows)
  const fetchFlowRuns = useJobDesk((s) => s.fetchFlowRuns)
  const fetchOlderFlowRuns = useJobDesk((s) => s.fetchOlderFlowRuns)
  const forgetFlowRuns = useJobDesk((s) => s.forgetFlowRuns)
  const navigate = useJobDesk((s) => s.navigate)
  const { actions, dialogs } = useFlowActions(() => navigate(flowsRoute()))

  useEffect(() => {
    void fetchFlows()
  }, [fetchFlows])
  // Pushed run changes keep this page current while it is open.
  useEffect(() => {
    void fetchFlowRuns(flowId)
    return () => forgetFlowRuns(flowId)
  }, [flowId, fetchFlowRuns, forgetFlowRuns])

  const open = (id: number) => navigate(flowRunRoute(id))
  const back = (
    <Anchor
      size="sm"
      href={formatRoute(flowsRoute())}
      onClick={(event) => {
        event.preventDefault()
        navigate(flowsRoute())
      }}
      data-testid="flows-back"
    >
      ← {t('flows.backToList')}
    </Anchor>
  )

  if (!summary) {
    return (
      <Stack gap="sm">
        {back}
        {loaded ? <Text c="dimmed">{t('flowRuns.notFound', { id: flowId })}</Text> : <Loader m="lg" />}
      </Stack>
    )
  }
  const { flow } = summary
  return (
    <>
      {back}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3" data-testid="flow-runs-title">
            {t('flowRuns.title', { name: flow.name })}
          </Title>
          {flow.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {flow.description}
            </Text>
          )}
          <Group gap="md" wrap="nowrap" className="jd-small">
            <FlowActiveBadge active={flow.triggerStatus === 1} />
            <ScheduleText job={flow} of="flow" />
            <NextFire flow={flow} />
          </Group>
        </Stack>
        {operates && <FlowLabelledButtons summary={summary} actions={actions} />}
      </Group>
      {flow.scheduleType !== 'NONE' && <MissedSlots key={flowId} flowId={flowId} />}
      {!page || (page.loading && page.runs.length === 0) ? (
        <Loader m="lg" />
      ) : page.runs.length === 0 ? (
        <Text c="dimmed" data-testid="flow-runs-empty">
          {t('flowRuns.empty')}
        </Text>
      ) : (
        <div className="jd-flows-table" role="table" aria-label={t('flowRuns.title', { name: flow.name })} data-testid="flow-runs-table">
          <div className="jd-grid-row jd-grid-head jd-flow-runs-grid" role="row">
            <div role="columnheader">{t('flowRuns.col.id')}</div>
            <div role="columnheader">{t('flowRuns.col.state')}</div>
            <div role="columnheader">{t('flowRuns.col.nodes')}</div>
            <div role="columnheader">{t('flowRuns.col.trigger')}</div>
            <div role="columnheader">{t('flowRuns.col.start')}</div>
            <div role="columnheader">{t('flowRuns.col.duration')}</div>
            <div role="columnheader">{t('flowRuns.col.param')}</div>
            <div role="columnheader">{t('flowRuns.col.reason')}</div>
          </div>
          {page.runs.map((run) => (
            <RunRow key={run.id} run={run} onOpen={open} />
          ))}
          <Group justify="center" p="xs">
            {page.nextBeforeId !== null ? (
              <Button size="xs" variant="subtle" loading={page.loading} onClick={() => void fetchOlderFlowRuns(flowId)} data-testid="flow-runs-older">
                {t('flowRuns.loadOlder')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('flowRuns.end')}
              </Text>
            )}
          </Group>
        </div>
      )}
      {dialogs}
    </>
  )
}
