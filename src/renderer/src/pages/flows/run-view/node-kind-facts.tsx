import { Text } from '@mantine/core'
import type { FlowApprovalNodeDef, FlowNodeRun, FlowRun, FlowSubflowNodeDef, FlowSwitchNodeDef } from '../../../../../shared/flow-types'
import { useLanguage, useT } from '../../../i18n/use-t'
import { approvalFacts, switchOutcome } from '../../../lib/flows/flow-run-kinds'
import { formatDuration } from '../../../lib/format/format-duration'
import { formatDateTime } from '../../../lib/format/format-time'
import { operandOf, operatorOf } from '../../../lib/flows/flow-branches'
import { FlowRunLink } from './flow-run-link'
import { LabelledField as PanelField } from '../../../components/labelled-field'

/**
 * An approval's own facts: what it asks, who decided and when, with their comment. It has no job
 * runs, so the panel says these instead.
 */
export function ApprovalFacts({ def, node }: { def: FlowApprovalNodeDef; node: FlowNodeRun }) {
  const t = useT()
  const language = useLanguage()
  const facts = approvalFacts(node)
  const none = t('common.none')
  return (
    <>
      <PanelField label="flowNode.prompt" testId="flow-node-prompt">
        {def.prompt || none}
      </PanelField>
      {(def.timeoutSec ?? 0) > 0 && <Text size="xs">{t('flowNode.timeout', { time: formatDuration((def.timeoutSec ?? 0) * 1000, language) })}</Text>}
      <PanelField label="flowNode.decision" testId="flow-node-decision">
        {facts.decision === null ? (
          <span className="jd-dimmed">{t(node.state === 'waiting' ? 'flowNode.undecidedYet' : 'flowNode.notAsked')}</span>
        ) : facts.decision === 'undecided' ? (
          t('flowNode.decision.undecided')
        ) : (
          t(`flowNode.decision.${facts.decision}`, { actor: facts.actor })
        )}
      </PanelField>
      {facts.atMs > 0 && facts.decision !== null && (
        <PanelField label="flowNode.decidedAt">
          <span className="jd-mono">{formatDateTime(facts.atMs)}</span>
        </PanelField>
      )}
      {facts.comment && (
        <PanelField label="flowNode.decisionComment" testId="flow-node-decision-comment">
          {facts.comment}
        </PanelField>
      )}
    </>
  )
}

/** A subflow node: the flow it runs, its parameter, and its child run (once started), linked. */
export function SubflowFacts({ def, node, flowName }: { def: FlowSubflowNodeDef; node: FlowNodeRun; flowName(flowId: number): string }) {
  const t = useT()
  return (
    <>
      <PanelField label="flowNode.subflow">
        #{def.flowId} {flowName(def.flowId)}
      </PanelField>
      <PanelField label="flowNode.param">
        {def.param ? <span className="jd-mono">{def.param}</span> : <span className="jd-dimmed">{t('flowNode.paramFlowOwn')}</span>}
      </PanelField>
      <PanelField label="flowNode.subflowRun" testId="flow-node-subflow-run">
        {node.subflowRunId ? (
          <FlowRunLink flowRunId={node.subflowRunId} testId="flow-node-subflow-link">
            {t('flowNode.subflowRunLink', { id: node.subflowRunId })}
          </FlowRunLink>
        ) : (
          <span className="jd-dimmed">{t('flowNode.subflowNotStarted')}</span>
        )}
      </PanelField>
    </>
  )
}

/** A switch: its cases, and once it decided, the branch it took and the ones it skipped. */
export function SwitchFacts({ def, run }: { def: FlowSwitchNodeDef; run: FlowRun }) {
  const t = useT()
  const nodes = new Map(run.nodes.map((node) => [node.key, node]))
  const outcome = switchOutcome(def, run.definition, nodes)
  const none = t('common.none')
  return (
    <>
      <PanelField label="flowNode.cases">
        {def.cases.length === 0 ? (
          none
        ) : (
          <ol className="jd-flow-cases">
            {def.cases.map((c, i) => (
              <li key={i} data-held={outcome?.cases.includes(i + 1)}>
                <span className="jd-mono">{c.when.value}</span> {t(`flowEditor.switch.op.${operatorOf(c.when)}`)}{' '}
                <span className="jd-mono">{operandOf(c.when)}</span> → <span className="jd-mono">{c.to}</span>
              </li>
            ))}
          </ol>
        )}
        {def.default && <Text size="xs">{t('flowNode.switchDefault', { key: def.default })}</Text>}
      </PanelField>
      <PanelField label="flowNode.branchTaken" testId="flow-node-branch">
        {outcome === null ? (
          <span className="jd-dimmed">{t('flowNode.notDecided')}</span>
        ) : (
          <>
            {outcome.taken.length === 0 ? none : outcome.taken.join(', ')}{' '}
            <Text span size="xs" c="dimmed">
              {outcome.cases.length > 0 ? t('flowNode.byCase', { n: outcome.cases[0] }) : outcome.byDefault ? t('flowNode.byDefault') : ''}
            </Text>
            {outcome.skipped.length > 0 && <Text size="xs">{t('flowNode.branchesSkipped', { keys: outcome.skipped.join(', ') })}</Text>}
          </>
        )}
      </PanelField>
    </>
  )
}
