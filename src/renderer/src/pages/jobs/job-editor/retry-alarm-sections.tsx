import { Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core'
import { RETRY_BACKOFFS, type RetryBackoff } from '../../../../../shared/model'
import { useT } from '../../../i18n/use-t'
import { wholeNumber } from './executor-section'
import { AlarmChannelWarning, ImChannelSuggestions } from './alarm-channel-warning'
import type { SectionProps } from './section-props'
import { AlarmPolicyInputs, type OwnAlarmPolicy } from '../../../components/alarm-policy-inputs'

export function RetrySection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  const backoff = draft.retryBackoff
  return (
    <Group grow align="flex-start">
      <NumberInput
        label={t('editor.retryCount')}
        min={0}
        max={100}
        allowDecimal={false}
        value={draft.executorFailRetryCount}
        onChange={(value) => setField('executorFailRetryCount', wholeNumber(value))}
        error={errors.executorFailRetryCount}
        data-testid="field-executorFailRetryCount"
      />
      <Select
        label={t('editor.retryBackoff')}
        data={RETRY_BACKOFFS.map((value) => ({ value, label: t(`backoff.${value}`) }))}
        value={backoff}
        onChange={(value) => value && setField('retryBackoff', value as RetryBackoff)}
        allowDeselect={false}
        error={errors.retryBackoff}
      />
      <NumberInput
        label={t('editor.retryInterval')}
        min={0}
        max={86_400}
        allowDecimal={false}
        disabled={backoff === 'NONE'}
        value={draft.retryIntervalSec}
        onChange={(value) => setField('retryIntervalSec', wholeNumber(value))}
        error={errors.retryIntervalSec}
      />
      <NumberInput
        label={t('editor.retryMax')}
        min={0}
        max={86_400}
        allowDecimal={false}
        disabled={backoff !== 'EXPONENTIAL'}
        value={draft.retryMaxIntervalSec}
        onChange={(value) => setField('retryMaxIntervalSec', wholeNumber(value))}
        error={errors.retryMaxIntervalSec}
      />
    </Group>
  )
}

export function AlarmSection({ draft, setField, errors }: SectionProps) {
  const t = useT()
  return (
    <Stack gap="sm">
      <TextInput
        label={t('editor.alarmEmail')}
        value={draft.alarmEmail}
        onChange={(event) => setField('alarmEmail', event.currentTarget.value)}
        error={errors.alarmEmail}
        type="text"
        inputMode="email"
        data-testid="field-alarmEmail"
      />
      <ImChannelSuggestions alarmEmail={draft.alarmEmail} add={(item) => setField('alarmEmail', [draft.alarmEmail.trim(), item].filter(Boolean).join(', '))} />
      <AlarmChannelWarning alarmEmail={draft.alarmEmail} />
      <Switch
        label={t('editor.alarmOnEveryFailure')}
        checked={draft.alarmOnEveryFailure}
        onChange={(event) => setField('alarmOnEveryFailure', event.currentTarget.checked)}
        error={errors.alarmOnEveryFailure}
      />
      <AlarmPolicyInputs
        value={draft}
        onChange={(patch) => {
          for (const [field, value] of Object.entries(patch) as [keyof OwnAlarmPolicy, number | null][]) setField(field, value)
        }}
        errors={errors}
      />
    </Stack>
  )
}
