import { Button, Card, CloseButton, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core'
import type { Dispatch } from 'react'
import { isJobNode, type FlowJobNodeDef, type FlowNodeDef } from '../../../../../shared/flow-types'
import { readsParamAsRequest } from '../../../../../shared/flow-references'
import { JobSelect } from '../../../components/job-select'
import { useJobsOf } from '../../../components/use-jobs-of'
import { useT } from '../../../i18n/use-t'
import type { MessageKey } from '../../../i18n/dictionary'
import { misplacedReferences, paramProblems, type FlowDraft, type NodePatch } from '../../../lib/flows/flow-draft'
import { ancestorsOf, childrenOf, parentsOf } from '../../../../../shared/flow-edges'
import type { FlowEditorAction } from './flow-editor-state'
import { NodeKeyField } from './node-key-field'
import { ParamField } from './param-field'
import { TriggerRuleSelect } from './trigger-rule-select'
import { NodeCapacityFields } from './node-capacity-fields'
import { FanOutFields } from './fan-out-fields'
import { SubflowFields } from './subflow-fields'
import { SwitchCasesField } from './switch-cases-field'
import { useNodeFieldError } from './use-node-field-error'

interface FlowNodePanelProps {
  draft: FlowDraft
  node: FlowNodeDef
  dispatch: Dispatch<FlowEditorAction>
}

const TITLES: Record<NonNullable<FlowNodeDef['kind']>, MessageKey> = {
  job: 'flowEditor.panel.job',
  approval: 'flowEditor.panel.approval',
  subflow: 'flowEditor.panel.subflow',
  switch: 'flowEditor.panel.switch',
}

/** What a fan-out node's parameter may use besides the flow's references: the item and its index. */
const ITEM_REFERENCES = ['${item}', '${item.index}']

/** A job node's job, parameter (with the item's references while it fans out), fan-out and capacity. */
function JobNodeFields({ draft, node, patch }: { draft: FlowDraft; node: FlowJobNodeDef; patch(change: NodePatch): void }) {
  const t = useT()
  const { jobsById, settled } = useJobsOf([node.jobId])
  const nodeJob = jobsById.get(node.jobId)
  const ancestors = ancestorsOf(draft.edges, node.key)
  const errorOf = useNodeFieldError(draft, node.key)
  return (
    <>
      <JobSelect
        label={t('flowEditor.job')}
        value={node.jobId}
        onPick={(job) => job && patch({ jobId: job.id })}
        allowDeselect={false}
        error={!settled || jobsById.has(node.jobId) ? undefined : t('flowEditor.node.missingJob', { id: node.jobId })}
        data-testid="flow-node-job"
      />
      <ParamField
        value={node.param ?? ''}
        onChange={(value) => patch({ param: value === '' ? undefined : value })}
        ancestors={ancestors}
        misplaced={misplacedReferences(draft, node.key)}
        placement={paramProblems(draft, node.key, nodeJob !== undefined && readsParamAsRequest(nodeJob))}
        extraReferences={node.forEach !== undefined ? ITEM_REFERENCES : []}
      />
      <FanOutFields node={node} ancestors={ancestors} onChange={patch} errorOf={errorOf} />
      <NodeCapacityFields pools={node.pools} priority={node.priority} onChange={patch} />
    </>
  )
}

/** Beside the canvas: the selected node's key, trigger rule and what its kind needs (a job, a question, a flow, cases). */
export function FlowNodePanel({ draft, node, dispatch }: FlowNodePanelProps) {
  const t = useT()
  const key = node.key
  const patch = (change: NodePatch) => dispatch({ type: 'update-node', key, patch: change })
  const parents = parentsOf(draft.edges, key)
  const children = childrenOf(draft.edges, key)
  const errorOf = useNodeFieldError(draft, key)
  return (
    <Card withBorder className="jd-flow-panel" data-testid="flow-node-panel" data-key={key} data-kind={node.kind ?? 'job'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5">
          {t(TITLES[node.kind ?? 'job'])}
        </Title>
        <CloseButton onClick={() => dispatch({ type: 'select', selection: null })} aria-label={t('common.close')} />
      </Group>
      <Stack gap="sm" mt="xs">
        {/* Keyed by the key: after a rename (or another node) the field starts from the key it shows. */}
        <NodeKeyField key={key} definition={draft} nodeKey={key} onRename={(to) => dispatch({ type: 'rename', from: key, to })} />
        <TriggerRuleSelect value={node.triggerRule ?? 'all_success'} onChange={(rule) => patch({ triggerRule: rule === 'all_success' ? undefined : rule })} />
        {isJobNode(node) && <JobNodeFields draft={draft} node={node} patch={patch} />}
        {node.kind === 'approval' && (
          <>
            <Textarea
              label={t('flowEditor.prompt')}
              value={node.prompt ?? ''}
              onChange={(event) => patch({ prompt: event.currentTarget.value })}
              autosize
              minRows={2}
              maxRows={6}
              data-testid="flow-node-prompt"
            />
            <NumberInput
              label={t('flowEditor.approvalTimeout')}
              min={0}
              allowDecimal={false}
              value={node.timeoutSec ?? 0}
              onChange={(value) => patch({ timeoutSec: typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0 })}
              data-testid="flow-node-timeout"
            />
          </>
        )}
        {node.kind === 'subflow' && (
          <SubflowFields
            node={node}
            flowId={draft.id}
            ancestors={ancestorsOf(draft.edges, key)}
            misplaced={misplacedReferences(draft, key)}
            placement={paramProblems(draft, key)}
            onChange={patch}
            errorOf={errorOf}
          />
        )}
        {node.kind === 'switch' && (
          <SwitchCasesField node={node} targets={children} ancestors={ancestorsOf(draft.edges, key)} onChange={patch} errorOf={errorOf} />
        )}
        <Text size="xs" c="dimmed" data-testid="flow-node-parents">
          {t('flowEditor.parents')}: {parents.length === 0 ? t('common.none') : parents.join(', ')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="flow-node-children">
          {t('flowEditor.children')}: {children.length === 0 ? t('common.none') : children.join(', ')}
        </Text>
        <Group>
          <Button size="xs" color="red" variant="light" onClick={() => dispatch({ type: 'delete', keys: [key], edges: [] })} data-testid="flow-node-delete">
            {t('flowEditor.deleteNode')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
