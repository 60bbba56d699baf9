import { Select } from '@mantine/core'
import type { FlowSubflowNodeDef } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'
import type { NodePatch } from '../../../lib/flows/flow-draft'
import { ParamField } from './param-field'
import { useFlowNames } from '../use-flow-names'

interface SubflowFieldsProps {
  node: FlowSubflowNodeDef
  /** The flow being edited (absent while new): not offered, a flow cannot run itself as a step. */
  flowId: number | undefined
  ancestors: readonly string[]
  misplaced: readonly string[]
  placement: Parameters<typeof ParamField>[0]['placement']
  onChange(patch: NodePatch): void
  errorOf(field: string): string | undefined
}

/** A subflow node's flow (any other flow) and the parameter its run gets as `${flow.param}`. */
export function SubflowFields({ node, flowId, ancestors, misplaced, placement, onChange, errorOf }: SubflowFieldsProps) {
  const t = useT()
  const { flows, loaded } = useFlowNames()
  const options = flows.filter((flow) => flow.id !== flowId).map((flow) => ({ value: String(flow.id), label: `#${flow.id} ${flow.name}` }))
  // A flow gone (or not visible) stays chosen, so the draft says what it names.
  if (!options.some((option) => option.value === String(node.flowId))) options.push({ value: String(node.flowId), label: `#${node.flowId}` })
  const gone = loaded && !flows.some((flow) => flow.id === node.flowId)
  return (
    <>
      <Select
        label={t('flowEditor.subflow')}
        description={t('flowEditor.subflowHint')}
        data={options}
        value={String(node.flowId)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('flowEditor.noFlows')}
        onChange={(value) => value && onChange({ flowId: Number(value) })}
        error={errorOf('flowId') ?? (gone ? t('flowEditor.node.missingFlow', { id: node.flowId }) : undefined)}
        data-testid="flow-node-subflow"
      />
      <ParamField
        label={t('flowEditor.subflowParam')}
        placeholder={t('flowEditor.subflowParamPlaceholder')}
        value={node.param ?? ''}
        onChange={(value) => onChange({ param: value === '' ? undefined : value })}
        ancestors={ancestors}
        misplaced={misplaced}
        placement={placement}
      />
    </>
  )
}
