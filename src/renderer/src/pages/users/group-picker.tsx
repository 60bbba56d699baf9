import { MultiSelect } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'

/** Executor groups to grant (those this console sees: an operator's own, every group for admins). */
export function GroupPicker({ value, onChange, disabled, testId }: { value: number[]; onChange(ids: number[]): void; disabled?: boolean; testId: string }) {
  const t = useT()
  const groups = useJobDesk(useShallow((s) => s.groups))
  return (
    <MultiSelect
      label={t('users.groups')}
      description={t('users.groupsHint')}
      data={groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.appName})` }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      disabled={disabled}
      searchable
      data-testid={testId}
    />
  )
}
