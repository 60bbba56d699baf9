import { Alert, Group, Loader, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { useMemo } from 'react'
import { MISFIRE_STRATEGIES, SCHEDULE_TYPES, type MisfireStrategy, type ScheduleType } from '../../../../../shared/model'
import { useLanguage, useT } from '../../../i18n/use-t'
import { describeSchedule } from '../../../lib/format/describe-schedule'
import { formatDateTime, listTimeZones, localTimeZone } from '../../../lib/format/format-time'
import { PREVIEW_COUNT, useSchedulePreview, type PreviewState } from './use-schedule-preview'
import { EnumLabel, enumOptions, renderEnumOption } from '../../../components/enum-label'
import { CalendarFields } from './calendar-fields'
import type { ScheduleFields } from './schedule-fields'

interface ScheduleSectionProps {
  draft: ScheduleFields
  setField<K extends keyof ScheduleFields>(key: K, value: ScheduleFields[K]): void
  errors: Readonly<Record<string, string>>
  /** What schedule type NONE means for what is edited; a job's words when absent. */
  noneHint?: string
}

function SchedulePreviewBox({
  state,
  timezone,
  scheduleType,
  scheduleConf,
  noneHint,
}: {
  state: PreviewState
  timezone: string
  scheduleType: ScheduleType
  scheduleConf: string
  noneHint?: string
}) {
  const t = useT()
  const language = useLanguage()
  const local = localTimeZone()
  if (state.kind === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {noneHint ?? t('editor.previewNone')}
      </Text>
    )
  }
  if (state.kind === 'checking') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('editor.previewChecking')}
        </Text>
      </Group>
    )
  }
  if (state.kind === 'invalid' || state.kind === 'failed') return null
  const description = describeSchedule(scheduleType, scheduleConf, language)
  return (
    <Stack gap={4} data-testid="schedule-preview">
      {description && (
        <Text size="sm" fw={500} data-testid="schedule-description">
          {description}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('editor.previewTitle', { n: PREVIEW_COUNT })}
      </Text>
      <Table withTableBorder fz="xs" ff="monospace">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.jobTime', { zone: timezone })}</Table.Th>
            {local !== timezone && <Table.Th>{t('common.localTime', { zone: local })}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {state.timesMs.map((ms) => (
            <Table.Tr key={ms} data-testid="preview-time">
              <Table.Td>{formatDateTime(ms, timezone)}</Table.Td>
              {local !== timezone && <Table.Td>{formatDateTime(ms)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

export function ScheduleSection({ draft, setField, errors, noneHint }: ScheduleSectionProps) {
  const t = useT()
  const zones = useMemo(listTimeZones, [])
  const preview = useSchedulePreview(draft)
  // The live check and a save error both land on the field they name.
  const liveError = preview.kind === 'invalid' ? preview : null
  const confError = errors.scheduleConf ?? (liveError && liveError.field !== 'timezone' ? liveError.message : undefined)
  const zoneError = errors.timezone ?? (liveError?.field === 'timezone' ? liveError.message : undefined)

  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4} id="schedule-type-label">
          {t('editor.scheduleType')}
        </Text>
        <SegmentedControl
          aria-labelledby="schedule-type-label"
          data-testid="field-scheduleType"
          value={draft.scheduleType}
          onChange={(value) => setField('scheduleType', value as ScheduleType)}
          data={SCHEDULE_TYPES.map((type) => ({ value: type, label: <EnumLabel kind="scheduleType" value={type} /> }))}
        />
        {errors.scheduleType && (
          <Text size="xs" c="red" mt={4}>
            {errors.scheduleType}
          </Text>
        )}
      </div>
      {draft.scheduleType !== 'NONE' && (
        <TextInput
          label={t(`editor.scheduleConf.${draft.scheduleType}`)}
          value={draft.scheduleConf}
          onChange={(event) => setField('scheduleConf', event.currentTarget.value)}
          error={confError}
          errorProps={{ 'data-testid': 'schedule-error', role: 'alert' }}
          classNames={{ input: 'jd-mono' }}
          data-testid="field-scheduleConf"
          spellCheck={false}
        />
      )}
      <Group grow align="flex-start">
        <Select
          label={t('editor.timezone')}
          searchable
          data={zones}
          value={draft.timezone}
          onChange={(value) => value && setField('timezone', value)}
          allowDeselect={false}
          limit={100}
          error={zoneError}
          errorProps={{ 'data-testid': 'timezone-error', role: 'alert' }}
          data-testid="field-timezone"
        />
        <Select
          label={t('editor.misfire')}
          data={enumOptions(t, 'misfire', MISFIRE_STRATEGIES)}
          renderOption={renderEnumOption}
          value={draft.misfireStrategy}
          onChange={(value) => value && setField('misfireStrategy', value as MisfireStrategy)}
          allowDeselect={false}
          description={t(`misfire.${draft.misfireStrategy}`)}
          error={errors.misfireStrategy}
          data-testid="field-misfireStrategy"
        />
      </Group>
      {draft.scheduleType !== 'NONE' && <CalendarFields draft={draft} setField={setField} errors={errors} />}
      {preview.kind === 'failed' && (
        <Alert color="orange" variant="light">
          {preview.message}
        </Alert>
      )}
      <SchedulePreviewBox state={preview} timezone={draft.timezone} scheduleType={draft.scheduleType} scheduleConf={draft.scheduleConf} noneHint={noneHint} />
    </Stack>
  )
}
