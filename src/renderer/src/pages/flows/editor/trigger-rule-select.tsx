import { Select } from '@mantine/core'
import { TRIGGER_RULES, type TriggerRule } from '../../../../../shared/flow-types'
import { useT } from '../../../i18n/use-t'

/** A node's trigger rule: each option with its one-line meaning, the chosen one's meaning below. */
export function TriggerRuleSelect({ value, onChange }: { value: TriggerRule; onChange(rule: TriggerRule): void }) {
  const t = useT()
  return (
    <Select
      label={t('flowEditor.triggerRule')}
      data={TRIGGER_RULES.map((rule) => ({ value: rule, label: t(`flowEditor.rule.${rule}`) }))}
      renderOption={({ option }) => (
        <span className="jd-enum-option" data-wire={option.value}>
          <span>{option.label}</span>
          <span className="jd-flow-rule-hint">{t(`flowEditor.rule.${option.value as TriggerRule}.hint`)}</span>
        </span>
      )}
      value={value}
      onChange={(next) => next && onChange(next as TriggerRule)}
      allowDeselect={false}
      description={t(`flowEditor.rule.${value}.hint`)}
      data-testid="flow-node-trigger-rule"
    />
  )
}
