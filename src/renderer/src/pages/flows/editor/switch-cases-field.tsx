import { Button, CloseButton, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { SWITCH_OPERATORS, type FlowSwitchCase, type FlowSwitchNodeDef } from '../../../../../shared/flow-types'
import { outputReference } from '../../../../../shared/flow-references'
import { useT } from '../../../i18n/use-t'
import type { NodePatch } from '../../../lib/flows/flow-draft'
import { operandOf, operatorOf, withOperator, type SwitchOperator } from '../../../lib/flows/flow-branches'
import { ReferenceChips, useInsertAtCursor } from './reference-chips'

interface SwitchCasesFieldProps {
  node: FlowSwitchNodeDef
  /** Its children: the branches a case (or the default) may pick; a child linked later shows up here. */
  targets: readonly string[]
  ancestors: readonly string[]
  onChange(patch: NodePatch): void
  errorOf(field: string, nested?: boolean): string | undefined
}

/** One case: the value (with references), how it compares, with what, and the child it picks. */
function CaseRow(props: {
  index: number
  branch: FlowSwitchCase
  targets: readonly string[]
  references: string[]
  error?: string
  onChange(next: FlowSwitchCase | null): void
}) {
  const { index, branch, targets, references, error, onChange } = props
  const t = useT()
  const setValue = (value: string) => onChange({ ...branch, when: { ...branch.when, value } })
  const { input, insert } = useInsertAtCursor<HTMLInputElement>(branch.when.value, setValue)
  // The operator picked stays picked while its operand is not a number yet (the case then holds none).
  const [picked, setPicked] = useState<SwitchOperator>(operatorOf(branch.when))
  const op = SWITCH_OPERATORS.find((candidate) => branch.when[candidate] !== undefined) ?? picked
  const numeric = op === 'gt' || op === 'lt'
  const targetOptions = [...new Set([...targets, ...(branch.to ? [branch.to] : [])])]
  return (
    <Paper withBorder p="xs" data-testid="flow-switch-case" data-index={index}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            ref={input}
            label={t('flowEditor.switch.value', { n: index + 1 })}
            placeholder="${nodes.check.output}"
            classNames={{ input: 'jd-mono' }}
            value={branch.when.value}
            onChange={(event) => setValue(event.currentTarget.value)}
            style={{ flex: 1 }}
            size="xs"
            data-testid="flow-switch-value"
          />
          <CloseButton
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('flowEditor.switch.removeCase', { n: index + 1 })}
            data-testid="flow-switch-remove"
          />
        </Group>
        <ReferenceChips references={references} onInsert={insert} testId="flow-switch-refs" />
        <Group gap={6} wrap="nowrap" grow>
          <Select
            aria-label={t('flowEditor.switch.operator')}
            data={SWITCH_OPERATORS.map((value) => ({ value, label: t(`flowEditor.switch.op.${value}`) }))}
            value={op}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return
              setPicked(value as SwitchOperator)
              onChange({ ...branch, when: withOperator(branch.when, value as SwitchOperator, operandOf(branch.when)) })
            }}
            size="xs"
            data-testid="flow-switch-operator"
          />
          <TextInput
            aria-label={t('flowEditor.switch.operand')}
            placeholder={t(
              numeric ? 'flowEditor.switch.operandNumber' : op === 'matches' ? 'flowEditor.switch.operandPattern' : 'flowEditor.switch.operandText',
            )}
            error={numeric && branch.when[op] === undefined ? t('flowEditor.switch.numberNeeded') : undefined}
            classNames={{ input: 'jd-mono' }}
            // A numeric compare keeps what was typed while it is not a number yet (the draft then lacks it, and says so).
            defaultValue={operandOf(branch.when)}
            key={op}
            onChange={(event) => onChange({ ...branch, when: withOperator(branch.when, op, event.currentTarget.value) })}
            size="xs"
            data-testid="flow-switch-operand"
          />
        </Group>
        <Select
          label={t('flowEditor.switch.to')}
          data={targetOptions}
          value={branch.to || null}
          allowDeselect={false}
          placeholder={t('flowEditor.switch.pickChild')}
          onChange={(value) => value && onChange({ ...branch, to: value })}
          size="xs"
          data-testid="flow-switch-to"
        />
        {error && (
          <Text size="xs" c="red" data-testid="flow-switch-case-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * A switch's cases in order (the first that holds picks its child) and its default branch. Every
 * branch is one of the switch's children; the children no case picks end skipped when it runs.
 */
export function SwitchCasesField({ node, targets, ancestors, onChange, errorOf }: SwitchCasesFieldProps) {
  const t = useT()
  const references = ['${flow.param}', ...ancestors.map(outputReference)]
  const setCase = (index: number, next: FlowSwitchCase | null) =>
    onChange({ cases: next === null ? node.cases.filter((_, i) => i !== index) : node.cases.map((c, i) => (i === index ? next : c)) })
  return (
    <Stack gap={6} data-testid="flow-switch-cases">
      <Text size="sm" fw={500}>
        {t('flowEditor.switch.cases')}
      </Text>
      {errorOf('cases', false) && (
        <Text size="xs" c="red" data-testid="flow-switch-cases-error">
          {errorOf('cases', false)}
        </Text>
      )}
      {targets.length === 0 && (
        <Text size="xs" c="orange" data-testid="flow-switch-no-children">
          {t('flowEditor.switch.noChildren')}
        </Text>
      )}
      {node.cases.map((branch, index) => (
        <CaseRow
          key={index}
          index={index}
          branch={branch}
          targets={targets}
          references={references}
          error={errorOf(`cases[${index}]`)}
          onChange={(next) => setCase(index, next)}
        />
      ))}
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onChange({ cases: [...node.cases, { when: { value: '', equals: '' }, to: targets[0] ?? '' }] })}
          data-testid="flow-switch-add-case"
        >
          {t('flowEditor.switch.addCase')}
        </Button>
      </Group>
      <Select
        label={t('flowEditor.switch.default')}
        description={t('flowEditor.switch.defaultHint')}
        data={[...targets]}
        value={node.default ?? null}
        clearable
        placeholder={t('common.none')}
        onChange={(value) => onChange({ default: value ?? undefined })}
        error={errorOf('default')}
        size="xs"
        data-testid="flow-switch-default"
      />
    </Stack>
  )
}
