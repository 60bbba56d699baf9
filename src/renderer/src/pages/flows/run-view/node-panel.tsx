import { Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core'
import { FLOW_VALUE_MAX_BYTES, isJobNode, type FlowNodeRun, type FlowRun } from '../../../../../shared/flow-types'
import { LogTail } from '../../../components/log-tail/log-tail'
import { RunLink } from '../../../components/run-link'
import { RunArtifacts } from '../../../components/artifacts/run-artifacts'
import { DeadlineBadges } from '../../../components/deadline-badges'
import { useLanguage, useT } from '../../../i18n/use-t'
import { latestRunId } from '../../../lib/flows/flow-run-actions'
import { flowNoteLabel } from '../../../lib/flows/flow-note-text'
import { formatDateTime } from '../../../lib/format/format-time'
import { useJobDesk } from '../../../store'
import { selectJob } from '../../../store/jobs/selectors'
import { selectOperatesAny } from '../../../store/session/selectors'
import { FlowNodeStateBadge } from '../flow-state-badge'
import { Elapsed } from '../elapsed'
import { NodeActions } from './node-actions'
import { formatBytes } from '../../../lib/format/format-bytes'
import { LabelledField as Field } from '../../../components/labelled-field'
import { ApprovalFacts, SubflowFacts, SwitchFacts } from './node-kind-facts'
import { FanOutItems } from './fan-out-items'
import { excerpt } from '../../../lib/flows/flow-run-kinds'

const notRun = (key: string): FlowNodeRun => ({
  key,
  state: 'pending',
  runIds: [],
  output: '',
  outputCutFromBytes: null,
  startTimeMs: 0,
  endTimeMs: 0,
  note: '',
  deadlineMarks: 0,
})

function JobName({ jobId }: { jobId: number }) {
  const t = useT()
  const job = useJobDesk(selectJob(jobId))
  return <>{job ? `#${job.id} ${job.name}` : t('flowNode.jobGone', { id: jobId })}</>
}

/**
 * The clicked node, beside the graph: its state, what its kind is about (a job and parameter, an
 * approval's decision, a sub-flow's child run, a switch's branch, a fan-out's items), rule,
 * output (and whether it was cut), note, its job runs, its buttons and the live log of its latest run.
 */
export function NodePanel({ run, nodeKey, flowName, onClose }: { run: FlowRun; nodeKey: string; flowName(flowId: number): string; onClose(): void }) {
  const t = useT()
  const language = useLanguage()
  const operates = useJobDesk(selectOperatesAny)
  const def = run.definition.nodes.find((node) => node.key === nodeKey)
  const node = run.nodes.find((held) => held.key === nodeKey) ?? notRun(nodeKey)
  const rule = def?.triggerRule ?? 'all_success'
  const logId = latestRunId(node)
  // Only a job node has job runs of its own (a fan-out's are its items', listed with them).
  const job = def && isJobNode(def) ? def : null
  const items = node.items ?? []
  const none = t('common.none')

  return (
    <Card withBorder className="jd-flow-node-panel" data-testid="flow-node-panel" data-key={nodeKey} data-state={node.state}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={3} size="h5" className="jd-cell jd-mono">
            {nodeKey}
          </Title>
          <FlowNodeStateBadge state={node.state} />
        </Group>
        <CloseButton onClick={onClose} aria-label={t('common.close')} data-testid="flow-node-panel-close" />
      </Group>
      <div className="jd-flow-node-info">
        {operates && <NodeActions run={run} def={def} node={node} />}
        {def?.kind === 'approval' && <ApprovalFacts def={def} node={node} />}
        {def?.kind === 'subflow' && <SubflowFacts def={def} node={node} flowName={flowName} />}
        {def?.kind === 'switch' && <SwitchFacts def={def} run={run} />}
        {job && (
          <Group gap="lg" align="flex-start" wrap="nowrap">
            <Field label="flowNode.job">
              <JobName jobId={job.jobId} />
            </Field>
            <Field label="flowNode.param">
              {job.param ? (
                <span className="jd-mono">{job.param}</span>
              ) : (
                <span className="jd-dimmed">{t(job.forEach !== undefined ? 'flowNode.paramItem' : 'flowNode.paramOwn')}</span>
              )}
            </Field>
          </Group>
        )}
        {job && job.forEach !== undefined && (
          <Field label="flowNode.forEach">
            {/* A literal list can be long: its start, the whole on hover. */}
            <span className="jd-mono" title={job.forEach}>
              {excerpt(job.forEach, 120)}
            </span>{' '}
            <Text span size="xs" c="dimmed">
              {t('flowNode.forEachCap', { count: job.forEachConcurrency ?? 1, rule: t(`flowEditor.forEach.rule.${job.forEachRule ?? 'all'}`) })}
            </Text>
          </Field>
        )}
        {/* A fan-out's items first: its output is their outputs' array, long, and below. */}
        {job && items.length > 0 && <FanOutItems items={items} />}
        <Field label="flowNode.rule" testId="flow-node-rule">
          {t(`flowRule.${rule}`)} <span className="jd-wire">{rule}</span>
          <Text size="xs" c="dimmed">
            {t(`flowRule.${rule}.hint`)}
          </Text>
        </Field>
        <Group gap="lg">
          <Field label="flowNode.start">{node.startTimeMs > 0 ? <span className="jd-mono">{formatDateTime(node.startTimeMs)}</span> : none}</Field>
          <Field label="flowNode.duration">
            <Elapsed startMs={node.startTimeMs} endMs={node.endTimeMs} live={node.state === 'running' || node.state === 'waiting'} />
          </Field>
        </Group>
        <Field label="flowNode.output" testId="flow-node-output">
          {node.output ? <pre className="jd-pre">{node.output}</pre> : <span className="jd-dimmed">{t('flowNode.noOutput')}</span>}
          {node.outputCutFromBytes !== null && (
            <Text size="xs" c="orange" data-testid="flow-node-output-cut">
              {t('flowNode.outputCut', { from: formatBytes(node.outputCutFromBytes), to: formatBytes(FLOW_VALUE_MAX_BYTES) })}
            </Text>
          )}
        </Field>
        {/* An approval's note is its decision, said above. */}
        {node.note && def?.kind !== 'approval' && <Field label="flowNode.note">{flowNoteLabel(language, node.note)}</Field>}
        {job && items.length === 0 && (
          <Field label="flowNode.runs" testId="flow-node-runs">
            {node.runIds.length === 0 ? (
              <span className="jd-dimmed">{t('flowNode.noRuns')}</span>
            ) : (
              <Group gap={6}>
                {node.runIds.map((id) => (
                  <RunLink key={id} size="sm" runId={id} testId="flow-node-run-link" />
                ))}
                <DeadlineBadges marks={node.deadlineMarks} />
              </Group>
            )}
          </Field>
        )}
      </div>
      {/* The files the node's latest run left (docs/artifacts.md). */}
      {job && logId !== null && <RunArtifacts runId={logId} version={node.state} />}
      {job && logId !== null && (
        <Stack gap={4} className="jd-flow-node-log">
          <Text size="xs" c="dimmed">
            {t('flowNode.log', { id: logId })}
          </Text>
          <LogTail key={logId} logId={logId} runFinished={node.state !== 'running'} />
        </Stack>
      )}
    </Card>
  )
}
