import { Group, NumberInput } from '@mantine/core'
import { ALARM_AFTER_FAILURES_MAX, ALARM_QUIET_SEC_MAX, DEFAULT_ALARM_POLICY } from '../../../shared/alarm-policy'
import { useT } from '../i18n/use-t'
import { useJobDesk } from '../store'
import { selectSettings } from '../store/settings/selectors'

export interface OwnAlarmPolicy {
  alarmAfterFailures: number | null
  alarmQuietSec: number | null
}

/** An empty field is null: the job or flow follows the server's default. */
const ownNumber = (value: string | number): number | null => (typeof value === 'number' ? Math.trunc(value) : null)

/** A job's or a flow's own alarm policy (docs/alarms-policy.md); empty follows the server's default, shown in the hint. */
export function AlarmPolicyInputs({
  value,
  onChange,
  errors = {},
}: {
  value: OwnAlarmPolicy
  onChange(patch: Partial<OwnAlarmPolicy>): void
  errors?: Partial<Record<keyof OwnAlarmPolicy, string>>
}) {
  const t = useT()
  const settings = useJobDesk(selectSettings)
  const defaults = settings ? { afterFailures: settings.alarmAfterFailures, quietSec: settings.alarmQuietSec } : DEFAULT_ALARM_POLICY
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={t('alarmPolicy.afterFailures')}
        description={t('alarmPolicy.afterFailuresHint', { value: defaults.afterFailures })}
        min={1}
        max={ALARM_AFTER_FAILURES_MAX}
        allowDecimal={false}
        placeholder={String(defaults.afterFailures)}
        value={value.alarmAfterFailures ?? ''}
        onChange={(next) => onChange({ alarmAfterFailures: ownNumber(next) })}
        error={errors.alarmAfterFailures}
        data-testid="field-alarmAfterFailures"
      />
      <NumberInput
        label={t('alarmPolicy.quietSec')}
        description={t('alarmPolicy.quietSecHint', { value: defaults.quietSec })}
        min={0}
        max={ALARM_QUIET_SEC_MAX}
        allowDecimal={false}
        placeholder={String(defaults.quietSec)}
        value={value.alarmQuietSec ?? ''}
        onChange={(next) => onChange({ alarmQuietSec: ownNumber(next) })}
        error={errors.alarmQuietSec}
        data-testid="field-alarmQuietSec"
      />
    </Group>
  )
}
