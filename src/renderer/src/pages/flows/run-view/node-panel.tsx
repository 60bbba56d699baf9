import { Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { FLOW_VALUE_MAX_BYTES, isJobNode, type FlowNodeRun, type FlowRun } from '../../../../../shared/flow-types'
import { LogTail } from '../../../components/log-tail/log-tail'
import { RunLink } from '../../../components/run-link'
import { DeadlineBadges } from '../../../components/deadline-badges'
import { useLanguage, useT } from '../../../i18n/use-t'
import type { MessageKey } from '../../../i18n/dictionary'
import { isApproval, latestRunId } from '../../../lib/flows/flow-run-actions'
import { flowNoteLabel } from '../../../lib/flows/flow-note-text'
import { formatDuration } from '../../../lib/format/format-duration'
import { formatDateTime } from '../../../lib/format/format-time'
import { useJobDesk } from '../../../store'
import { selectJob } from '../../../store/jobs/selectors'
import { selectOperatesAny } from '../../../store/session/selectors'
import { FlowNodeStateBadge } from '../flow-state-badge'
import { Elapsed } from '../elapsed'
import { NodeActions } from './node-actions'
import { formatBytes } from '../../../lib/format/format-bytes'

function Field({ label, children, testId }: { label: MessageKey; children: ReactNode; testId?: string }) {
  const t = useT()
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  )
}

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
 * The clicked node, beside the graph: its state, rule, output (and whether it was cut), note, its
 * job runs, its buttons and the live log of its latest run.
 */
export function NodePanel({ run, nodeKey, onClose }: { run: FlowRun; nodeKey: string; onClose(): void }) {
  const t = useT()
  const language = useLanguage()
  const operates = useJobDesk(selectOperatesAny)
  const def = run.definition.nodes.find((node) => node.key === nodeKey)
  const node = run.nodes.find((held) => held.key === nodeKey) ?? notRun(nodeKey)
  const rule = def?.triggerRule ?? 'all_success'
  const logId = latestRunId(node)
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
        {def && isApproval(def) ? (
          <>
            <Field label="flowNode.approval">{def.prompt || none}</Field>
            {(def.timeoutSec ?? 0) > 0 && <Text size="xs">{t('flowNode.timeout', { time: formatDuration((def.timeoutSec ?? 0) * 1000, language) })}</Text>}
          </>
        ) : (
          def &&
          isJobNode(def) && (
            <Group gap="lg" align="flex-start" wrap="nowrap">
              <Field label="flowNode.job">
                <JobName jobId={def.jobId} />
              </Field>
              <Field label="flowNode.param">
                {def.param ? <span className="jd-mono">{def.param}</span> : <span className="jd-dimmed">{t('flowNode.paramOwn')}</span>}
              </Field>
            </Group>
          )
        )}
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
        {node.note && <Field label="flowNode.note">{flowNoteLabel(language, node.note)}</Field>}
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
      </div>
      {logId !== null && (
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
