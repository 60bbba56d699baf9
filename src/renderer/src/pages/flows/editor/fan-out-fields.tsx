import { Group, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core'
import { FOR_EACH_RULES, type FlowJobNodeDef, type ForEachRule } from '../../../../../shared/flow-types'
import { FOR_EACH_MAX_CONCURRENCY } from '../../../../../shared/schema/flow'
import { useT } from '../../../i18n/use-t'
import type { NodePatch } from '../../../lib/flows/flow-draft'
import { ParamField } from './param-field'

interface FanOutFieldsProps {
  node: FlowJobNodeDef
  ancestors: readonly string[]
  onChange(patch: NodePatch): void
  /** The first problem of a field (`forEach`, `forEachConcurrency`, `forEachRule`), in the console's language. */
  errorOf(field: string): string | undefined
}

/** The list a new fan-out starts from: the flow's parameter, the one reference every node may use. */
const FIRST_LIST = '${flow.param}'

/**
 * A job node's fan-out: run its job once per item of a JSON array (a reference or a literal), at
 * most `forEachConcurrency` at once, the node's outcome by its rule. Off, the three fields go.
 */
export function FanOutFields({ node, ancestors, onChange, errorOf }: FanOutFieldsProps) {
  const t = useT()
  const on = node.forEach !== undefined
  return (
    <Stack gap={6} data-testid="flow-node-fanout">
      <Switch
        label={t('flowEditor.forEach.on')}
        description={t('flowEditor.forEach.hint')}
        checked={on}
        onChange={(event) =>
          onChange(event.currentTarget.checked ? { forEach: FIRST_LIST } : { forEach: undefined, forEachConcurrency: undefined, forEachRule: undefined })
        }
        data-testid="flow-node-foreach-on"
      />
      {on && (
        <>
          <ParamField
            label={t('flowEditor.forEach.list')}
            placeholder={t('flowEditor.forEach.listPlaceholder')}
            value={node.forEach ?? ''}
            onChange={(value) => onChange({ forEach: value })}
            ancestors={ancestors}
            misplaced={[]}
            placement={errorOf('forEach') ? [{ message: errorOf('forEach') }] : []}
            testId="flow-node-foreach"
          />
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('flowEditor.forEach.concurrency')}
              min={1}
              max={FOR_EACH_MAX_CONCURRENCY}
              allowDecimal={false}
              w={120}
              value={node.forEachConcurrency ?? 1}
              onChange={(value) => onChange({ forEachConcurrency: typeof value === 'number' && value > 1 ? Math.trunc(value) : undefined })}
              error={errorOf('forEachConcurrency')}
              data-testid="flow-node-foreach-concurrency"
            />
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('flowEditor.forEach.rule')}
              </Text>
              <SegmentedControl
                size="xs"
                value={node.forEachRule ?? 'all'}
                onChange={(value) => onChange({ forEachRule: value === 'all' ? undefined : (value as ForEachRule) })}
                data={FOR_EACH_RULES.map((rule) => ({ value: rule, label: t(`flowEditor.forEach.rule.${rule}`) }))}
                data-testid="flow-node-foreach-rule"
              />
            </Stack>
          </Group>
          <Text size="xs" c="dimmed">
            {t(`flowEditor.forEach.rule.${node.forEachRule ?? 'all'}.hint`)}
          </Text>
        </>
      )}
    </Stack>
  )
}
