import { Group, NumberInput, TextInput } from '@mantine/core'
import { MAX_DEADLINE_SEC, MAX_SLOW_FACTOR, type DeadlineTerms } from '../../../shared/deadline-terms'
import { useT } from '../i18n/use-t'

const wholeSeconds = (value: string | number): number => (typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0)

/**
 * A job's or a flow's deadline fields (docs/deadlines.md), the same in both editors: every one
 * optional, 0 or empty off. The core checks them again when the job or flow is saved.
 */
export function DeadlineFields({
  terms,
  change,
  errors,
  testIdPrefix,
}: {
  terms: DeadlineTerms
  change: (patch: Partial<DeadlineTerms>) => void
  errors: Readonly<Record<string, string | undefined>>
  /** `field` in the job editor, `flow-field` in the flow editor. */
  testIdPrefix: string
}) {
  const t = useT()
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={t('deadline.startDeadlineSec')}
        description={t('deadline.startDeadlineHint')}
        min={0}
        max={MAX_DEADLINE_SEC}
        allowDecimal={false}
        value={terms.startDeadlineSec}
        onChange={(value) => change({ startDeadlineSec: wholeSeconds(value) })}
        error={errors.startDeadlineSec}
        data-testid={`${testIdPrefix}-startDeadlineSec`}
      />
      <TextInput
        label={t('deadline.finishBy')}
        description={t('deadline.finishByHint')}
        placeholder="06:00"
        value={terms.finishBy}
        onChange={(event) => change({ finishBy: event.currentTarget.value })}
        classNames={{ input: 'jd-mono' }}
        error={errors.finishBy}
        data-testid={`${testIdPrefix}-finishBy`}
      />
      <NumberInput
        label={t('deadline.finishWithinSec')}
        description={t('deadline.finishWithinHint')}
        min={0}
        max={MAX_DEADLINE_SEC}
        allowDecimal={false}
        value={terms.finishWithinSec}
        onChange={(value) => change({ finishWithinSec: wholeSeconds(value) })}
        error={errors.finishWithinSec}
        data-testid={`${testIdPrefix}-finishWithinSec`}
      />
      <NumberInput
        label={t('deadline.slowFactor')}
        description={t('deadline.slowFactorHint')}
        min={0}
        max={MAX_SLOW_FACTOR}
        decimalScale={2}
        step={0.5}
        value={terms.slowFactor}
        onChange={(value) => change({ slowFactor: typeof value === 'number' ? Math.max(0, value) : 0 })}
        error={errors.slowFactor}
        data-testid={`${testIdPrefix}-slowFactor`}
      />
    </Group>
  )
}
