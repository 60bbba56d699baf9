import { Button, Card, CloseButton, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core'
import type { Dispatch } from 'react'
import type { FlowNodeDef } from '../../../../../shared/flow-types'
import { readsParamAsRequest } from '../../../../../shared/flow-references'
import { JobSelect } from '../../../components/job-select'
import { useJobsOf } from '../../../components/use-jobs-of'
import { useT } from '../../../i18n/use-t'
import { isApprovalNode, misplacedReferences, paramProblems, type FlowDraft, type NodePatch } from '../../../lib/flows/flow-draft'
import { ancestorsOf, childrenOf, parentsOf } from '../../../../../shared/flow-edges'
import type { FlowEditorAction } from './flow-editor-state'
import { NodeKeyField } from './node-key-field'
import { ParamField } from './param-field'
import { TriggerRuleSelect } from './trigger-rule-select'
import { NodeCapacityFields } from './node-capacity-fields'
import { isJobNode } from '../../../../../shared/flow-types'

interface FlowNodePanelProps {
  draft: FlowDraft
  node: FlowNodeDef
  dispatch: Dispatch<FlowEditorAction>
}

/** Beside the canvas: the selected node's key, job, trigger rule and parameter (or an approval's question and time-out). */
export function FlowNodePanel({ draft, node, dispatch }: FlowNodePanelProps) {
  const t = useT()
  const key = node.key
  const patch = (change: NodePatch) => dispatch({ type: 'update-node', key, patch: change })
  const job = isJobNode(node) ? node : null
  const { jobsById, settled } = useJobsOf(job ? [job.jobId] : [])
  const parents = parentsOf(draft.edges, key)
  const children = childrenOf(draft.edges, key)
  const approval = isApprovalNode(node)
  const nodeJob = job ? jobsById.get(job.jobId) : undefined
  return (
    <Card withBorder className="jd-flow-panel" data-testid="flow-node-panel" data-key={key}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5">
          {approval ? t('flowEditor.panel.approval') : t('flowEditor.panel.job')}
        </Title>
        <CloseButton onClick={() => dispatch({ type: 'select', selection: null })} aria-label={t('common.close')} />
      </Group>
      <Stack gap="sm" mt="xs">
        {/* Keyed by the key: after a rename (or another node) the field starts from the key it shows. */}
        <NodeKeyField key={key} definition={draft} nodeKey={key} onRename={(to) => dispatch({ type: 'rename', from: key, to })} />
        {job && (
          <JobSelect
            label={t('flowEditor.job')}
            value={job.jobId}
            onPick={(job) => job && patch({ jobId: job.id })}
            allowDeselect={false}
            error={!settled || jobsById.has(job.jobId) ? undefined : t('flowEditor.node.missingJob', { id: job.jobId })}
            data-testid="flow-node-job"
          />
        )}
        <TriggerRuleSelect value={node.triggerRule ?? 'all_success'} onChange={(rule) => patch({ triggerRule: rule === 'all_success' ? undefined : rule })} />
        {approval ? (
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
        ) : (
          job && (
            <>
              <ParamField
                value={job.param ?? ''}
                onChange={(value) => patch({ param: value === '' ? undefined : value })}
                ancestors={ancestorsOf(draft.edges, key)}
                misplaced={misplacedReferences(draft, key)}
                placement={paramProblems(draft, key, nodeJob !== undefined && readsParamAsRequest(nodeJob))}
              />
              <NodeCapacityFields pools={job.pools} priority={job.priority} onChange={patch} />
            </>
          )
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
