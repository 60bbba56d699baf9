import { ParamsSection } from '../../../components/params/params-section'
import { AlarmPolicyInputs } from '../../../components/alarm-policy-inputs'
import { Divider, Group, NumberInput, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { FLOW_OVERLAPS, type FlowOverlap, type FlowSettings } from '../../../../../shared/flow-types'
import type { MessageKey } from '../../../i18n/dictionary'
import { useT } from '../../../i18n/use-t'
import type { ScheduleFields } from '../../jobs/job-editor/schedule-fields'
import { ScheduleSection } from '../../jobs/job-editor/schedule-section'
import { TriggerUrlSection } from '../../../components/trigger-urls/trigger-url-section'
import { DeadlineFields } from '../../../components/deadline-fields'

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT()
  return (
    <section>
      <Divider
        mb="xs"
        labelPosition="left"
        label={
          <Title order={3} size="h6">
            {t(title)}
          </Title>
        }
      />
      {children}
    </section>
  )
}

const wholeAtLeast = (min: number) => (value: string | number) => (typeof value === 'number' ? Math.max(min, Math.trunc(value)) : min)

interface FlowSettingsFormProps {
  settings: FlowSettings
  setSettings(patch: Partial<FlowSettings>): void
  /** Save errors by the field they name. */
  errors: Readonly<Record<string, string>>
  /** The saved flow's id (undefined while it is new): its trigger URLs. */
  flowId?: number
}

/** The flow's settings besides its name (in the editor's header): schedule as a job's, runs at a time, time-out, alarm, default parameter. */
export function FlowSettingsForm({ settings, setSettings, errors, flowId }: FlowSettingsFormProps) {
  const t = useT()
  const setScheduleField = <K extends keyof ScheduleFields>(key: K, value: ScheduleFields[K]) => setSettings({ [key]: value })
  return (
    <Stack gap="lg" className="jd-flow-settings-form" data-testid="flow-settings">
      <Section title="flowEditor.section.basics">
        <Textarea
          label={t('flowEditor.description')}
          value={settings.description}
          onChange={(event) => setSettings({ description: event.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={5}
          error={errors.description}
          data-testid="flow-field-description"
        />
      </Section>
      <Section title="flowEditor.section.schedule">
        <ScheduleSection draft={settings} setField={setScheduleField} errors={errors} noneHint={t('flowEditor.scheduleNone')} />
      </Section>
      <Section title="flowEditor.section.runs">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <NumberInput
              label={t('flowEditor.maxActiveRuns')}
              min={1}
              max={1000}
              allowDecimal={false}
              value={settings.maxActiveRuns}
              onChange={(value) => setSettings({ maxActiveRuns: wholeAtLeast(1)(value) })}
              error={errors.maxActiveRuns}
              data-testid="flow-field-maxActiveRuns"
            />
            <Select
              label={t('flowEditor.overlap')}
              data={FLOW_OVERLAPS.map((overlap) => ({ value: overlap, label: t(`flowEditor.overlap.${overlap}`) }))}
              value={settings.overlap}
              onChange={(value) => value && setSettings({ overlap: value as FlowOverlap })}
              allowDeselect={false}
              description={t(`flowEditor.overlap.${settings.overlap}.hint`)}
              error={errors.overlap}
              data-testid="flow-field-overlap"
            />
            <NumberInput
              label={t('flowEditor.timeout')}
              description={t('flowEditor.timeoutHint')}
              min={0}
              allowDecimal={false}
              value={settings.timeoutSec}
              onChange={(value) => setSettings({ timeoutSec: wholeAtLeast(0)(value) })}
              error={errors.timeoutSec}
              data-testid="flow-field-timeoutSec"
            />
          </Group>
          <TextInput
            label={t('flowEditor.flowParam')}
            description={t('flowEditor.flowParamHint')}
            value={settings.param}
            onChange={(event) => setSettings({ param: event.currentTarget.value })}
            classNames={{ input: 'jd-mono' }}
            spellCheck={false}
            error={errors.param}
            data-testid="flow-field-param"
          />
        </Stack>
      </Section>
      <Section title="flowEditor.section.alarm">
        <TextInput
          label={t('flowEditor.alarmEmail')}
          description={t('flowEditor.alarmEmailHint')}
          value={settings.alarmEmail}
          onChange={(event) => setSettings({ alarmEmail: event.currentTarget.value })}
          inputMode="email"
          error={errors.alarmEmail}
          data-testid="flow-field-alarmEmail"
        />
        <AlarmPolicyInputs value={settings} onChange={(patch) => setSettings(patch)} errors={errors} />
      </Section>
      <Section title="params.section">
        <ParamsSection fields={settings} change={(fields) => setSettings(fields)} error={errors.params ?? errors.paramTemplate} />
      </Section>
      <Section title="deadline.section">
        <Text size="xs" c="dimmed" mb="xs">
          {t('deadline.flowHint')}
        </Text>
        <DeadlineFields terms={settings} change={setSettings} errors={errors} testIdPrefix="flow-field" />
      </Section>
      <Section title="hooks.section">
        <TriggerUrlSection target={flowId === undefined ? undefined : { flowId }} />
      </Section>
    </Stack>
  )
}
