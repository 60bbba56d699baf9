import { Button, Group } from '@mantine/core'
import { memo, type ReactNode } from 'react'
import type { FlowSummary } from '../../../../shared/flow-types'
import { BackfillIcon, BoltIcon, EditIcon, ListIcon, PlayIcon, StopIcon, TrashIcon } from '../../kit/icons'
import { FlowOriginBadge } from '../../components/definition-origin/origin-badge'
import { ScheduleText } from '../../components/schedule-text'
import { useT } from '../../i18n/use-t'
import { NextFire } from './next-fire'
import { RunGrid } from './run-grid'
import type { FlowActions } from './use-flow-actions'

/** The schedule's state: active (teal) or paused (outlined grey), like a job's. */
export function FlowActiveBadge({ active }: { active: boolean }) {
  const t = useT()
  return (
    <span
      className="jd-badge"
      data-color={active ? 'teal' : 'gray'}
      data-outline={!active}
      title={active ? undefined : t('flows.pausedHint')}
      data-testid="flow-active"
    >
      {t(active ? 'flows.active' : 'flows.paused')}
    </span>
  )
}

/** A flow's buttons: run, backfill, pause or resume, edit, its runs, delete (operators; the runs list for all). */
export function FlowButtons({ summary, operates, actions }: { summary: FlowSummary; operates: boolean; actions: FlowActions }) {
  const t = useT()
  const { flow } = summary
  const active = flow.triggerStatus === 1
  const button = (label: string, testId: string, onClick: () => void, icon: ReactNode, color?: string, disabled?: boolean) => (
    <button
      type="button"
      className="jd-icon-btn"
      data-color={color}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
    </button>
  )
  return (
    <div className="jd-actions">
      {operates && (
        <>
          {button(t('flows.action.run'), 'flow-run', () => actions.run(flow), <BoltIcon />)}
          {button(t('backfill.action'), 'flow-backfill', () => actions.backfill(flow), <BackfillIcon />, undefined, flow.scheduleType === 'NONE')}
          {active
            ? button(t('flows.action.pause'), 'flow-pause', () => actions.toggleActive(flow), <StopIcon />, 'orange')
            : button(t('flows.action.resume'), 'flow-resume', () => actions.toggleActive(flow), <PlayIcon />, 'teal', flow.scheduleType === 'NONE')}
          {button(t('flows.action.edit'), 'flow-edit', () => actions.edit(flow), <EditIcon />)}
        </>
      )}
      {button(t('flows.action.runs'), 'flow-runs', () => actions.showRuns(flow), <ListIcon />)}
      {operates && button(t('flows.action.delete'), 'flow-delete', () => actions.remove(flow), <TrashIcon />, 'red')}
    </div>
  )
}

/** The same buttons with their names, for a flow's own page (which shows its runs already). */
export function FlowLabelledButtons({ summary, actions }: { summary: FlowSummary; actions: FlowActions }) {
  const t = useT()
  const { flow } = summary
  const active = flow.triggerStatus === 1
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" leftSection={<BoltIcon size={14} />} onClick={() => actions.run(flow)} data-testid="flow-run">
        {t('flows.action.run')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<BackfillIcon size={14} />}
        onClick={() => actions.backfill(flow)}
        disabled={flow.scheduleType === 'NONE'}
        data-testid="flow-backfill"
      >
        {t('backfill.action')}
      </Button>
      {active ? (
        <Button size="xs" variant="default" leftSection={<StopIcon size={14} />} onClick={() => actions.toggleActive(flow)} data-testid="flow-pause">
          {t('flows.action.pause')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="default"
          leftSection={<PlayIcon size={14} />}
          onClick={() => actions.toggleActive(flow)}
          disabled={flow.scheduleType === 'NONE'}
          data-testid="flow-resume"
        >
          {t('flows.action.resume')}
        </Button>
      )}
      <Button size="xs" variant="default" leftSection={<EditIcon size={14} />} onClick={() => actions.edit(flow)} data-testid="flow-edit">
        {t('flows.action.edit')}
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<TrashIcon size={14} />} onClick={() => actions.remove(flow)} data-testid="flow-delete">
        {t('flows.action.delete')}
      </Button>
    </Group>
  )
}

/** One flow on the Flows page: name, schedule, its state, next fire, the grid of recent runs, and buttons. */
export const FlowRow = memo(function FlowRow({
  summary,
  operates,
  actions,
  onOpenRun,
}: {
  summary: FlowSummary
  operates: boolean
  actions: FlowActions
  onOpenRun(flowRunId: number): void
}) {
  const t = useT()
  const { flow } = summary
  return (
    <div className="jd-grid-row jd-flows-grid jd-flow-row" role="row" data-testid="flow-row" data-flow-id={flow.id} data-active={flow.triggerStatus === 1}>
      <div role="cell" className="jd-cell">
        <div className="jd-name-line">
          <button
            type="button"
            className="jd-link-btn jd-flow-name"
            onClick={() => actions.showRuns(flow)}
            title={flow.description ? `${flow.name} — ${flow.description}` : flow.name}
            data-truncate
            data-testid="flow-name"
          >
            {flow.name}
          </button>
          <FlowOriginBadge name={flow.name} />
        </div>
        <div className="jd-cell jd-sub">
          #{flow.id} · {t('flows.nodes', { n: flow.nodes.length })}
          {summary.activeRunCount > 0 && (
            <span className="jd-flow-active-runs" data-testid="flow-active-runs">
              {' '}
              · {t('flows.activeRuns', { n: summary.activeRunCount })}
            </span>
          )}
        </div>
      </div>
      <div role="cell" className="jd-cell jd-col-schedule">
        <ScheduleText job={flow} of="flow" />
      </div>
      <div role="cell">
        <FlowActiveBadge active={flow.triggerStatus === 1} />
      </div>
      <div role="cell" className="jd-cell">
        <NextFire flow={flow} />
      </div>
      <div role="cell">
        {summary.recentRuns.length === 0 ? (
          <span className="jd-sub">{t('flows.noRuns')}</span>
        ) : (
          <RunGrid name={flow.name} recentRuns={summary.recentRuns} onOpen={onOpenRun} />
        )}
      </div>
      <div role="cell">
        <FlowButtons summary={summary} operates={operates} actions={actions} />
      </div>
    </div>
  )
})
