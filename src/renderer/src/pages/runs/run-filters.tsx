import { Group, Select } from '@mantine/core'
import { useMemo } from 'react'
import { TRIGGER_TYPES, type RunStatus, type TriggerType } from '../../../../shared/model'
import { useT } from '../../i18n/use-t'
import { TIME_RANGES, type RunListFilter, type TimeRange } from '../../lib/runs/run-filter'
import { useJobDesk } from '../../store'
import { selectGroups } from '../../store/jobs/selectors'
import { JobSelect } from '../../components/job-select'
import { enumOptions, renderEnumOption } from '../../components/enum-label'

const STATUSES: RunStatus[] = ['pending', 'running', 'success', 'failed']

interface RunFiltersProps {
  filter: RunListFilter
  onJobChange(jobId: number | null): void
  onChange(patch: Partial<RunListFilter>): void
}

export function RunFilters({ filter, onJobChange, onChange }: RunFiltersProps) {
  const t = useT()
  const groups = useJobDesk(selectGroups)
  const groupOptions = useMemo(() => groups.map((group) => ({ value: String(group.id), label: `${group.name} (${group.appName})` })), [groups])
  return (
    <Group gap="sm" wrap="wrap">
      <JobSelect
        w={240}
        clearable
        placeholder={`${t('runs.filterJob')}: ${t('common.all')}`}
        aria-label={t('runs.filterJob')}
        value={filter.jobId}
        onPick={(job) => onJobChange(job?.id ?? null)}
        data-testid="runs-filter-job"
      />
      <Select
        w={220}
        clearable
        placeholder={`${t('runs.filterGroup')}: ${t('common.all')}`}
        aria-label={t('runs.filterGroup')}
        data={groupOptions}
        value={filter.groupId === null ? null : String(filter.groupId)}
        onChange={(value) => onChange({ groupId: value ? Number(value) : null })}
        data-testid="runs-filter-group"
      />
      <Select
        w={150}
        clearable
        placeholder={`${t('runs.filterStatus')}: ${t('common.all')}`}
        aria-label={t('runs.filterStatus')}
        data={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={filter.status}
        onChange={(value) => onChange({ status: (value as RunStatus | null) ?? null })}
        data-testid="runs-filter-status"
      />
      <Select
        w={200}
        clearable
        placeholder={`${t('runs.filterTrigger')}: ${t('common.all')}`}
        aria-label={t('runs.filterTrigger')}
        data={enumOptions(t, 'triggerType', TRIGGER_TYPES)}
        renderOption={renderEnumOption}
        value={filter.triggerType}
        onChange={(value) => onChange({ triggerType: (value as TriggerType | null) ?? null })}
        data-testid="runs-filter-trigger"
      />
      <Select
        w={150}
        aria-label={t('runs.filterTime')}
        allowDeselect={false}
        data={TIME_RANGES.map((range) => ({ value: range, label: t(`runs.time.${range}`) }))}
        value={filter.timeRange}
        onChange={(value) => value && onChange({ timeRange: value as TimeRange })}
        data-testid="runs-filter-time"
      />
    </Group>
  )
}
