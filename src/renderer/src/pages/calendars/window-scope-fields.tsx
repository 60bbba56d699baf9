import { Group, MultiSelect, Pill, SegmentedControl, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { JobSelect } from '../../components/job-select'
import { useJobsOf } from '../../components/use-jobs-of'
import { useT } from '../../i18n/use-t'
import type { WindowForm } from '../../lib/calendars/window-form'
import { useJobDesk } from '../../store'
import { selectFlowSummaries } from '../../store/flows/selectors'
import { selectGroups } from '../../store/jobs/selectors'

/** What a window holds back: everything, or the groups, jobs and flows chosen (jobs found by search, as everywhere). */
export function WindowScopeFields({ form, onChange }: { form: WindowForm; onChange: (patch: Partial<WindowForm>) => void }) {
  const t = useT()
  const groups = useJobDesk(selectGroups)
  const flowSummaries = useJobDesk(selectFlowSummaries)
  const { jobsById } = useJobsOf(form.jobIds)
  const groupOptions = useMemo(() => groups.map((g) => ({ value: String(g.id), label: g.appName })), [groups])
  const flowOptions = useMemo(() => flowSummaries.map((s) => ({ value: String(s.flow.id), label: s.flow.name })), [flowSummaries])

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('windows.scope')}
        </Text>
        <SegmentedControl
          value={form.scopeAll ? 'all' : 'chosen'}
          onChange={(value) => onChange({ scopeAll: value === 'all' })}
          data={[
            { value: 'all', label: t('windows.scopeAll') },
            { value: 'chosen', label: t('windows.scopeChosen') },
          ]}
          data-testid="window-scope"
        />
      </div>
      {!form.scopeAll && (
        <>
          <MultiSelect
            label={t('windows.groups')}
            searchable
            data={groupOptions}
            value={form.groupIds.map(String)}
            onChange={(values) => onChange({ groupIds: values.map(Number) })}
            data-testid="window-groups"
          />
          <div>
            <JobSelect
              label={t('windows.jobs')}
              placeholder={t('windows.addJob')}
              value={null}
              resetOnPick
              exclude={(job) => form.jobIds.includes(job.id)}
              onPick={(job) => job && onChange({ jobIds: [...form.jobIds, job.id] })}
              data-testid="window-job-add"
            />
            <Group gap={4} mt={4}>
              {form.jobIds.map((id) => {
                const name = jobsById.get(id)?.name ?? `#${id}`
                return (
                  <Pill
                    key={id}
                    withRemoveButton
                    onRemove={() => onChange({ jobIds: form.jobIds.filter((j) => j !== id) })}
                    removeButtonProps={{ 'aria-label': t('windows.removeJob', { name }) }}
                  >
                    {name}
                  </Pill>
                )
              })}
            </Group>
          </div>
          <MultiSelect
            label={t('windows.flows')}
            searchable
            data={flowOptions}
            value={form.flowIds.map(String)}
            onChange={(values) => onChange({ flowIds: values.map(Number) })}
            data-testid="window-flows"
          />
        </>
      )}
    </Stack>
  )
}
