import { Button, Group } from '@mantine/core'
import { useT } from '../i18n/use-t'

interface RowActionsProps {
  onEdit: () => void
  /** Asks for the removal: the page shows its confirm (it knows what the removal costs). */
  onRemove: () => void
  /** The buttons' test ids are `<testId>-edit` and `<testId>-remove`. */
  testId: string
  justify?: 'flex-start' | 'flex-end'
}

/** A list row's Edit and Delete, the same on every list of things an admin keeps (windows, pools, calendars). */
export function RowActions({ onEdit, onRemove, testId, justify = 'flex-end' }: RowActionsProps) {
  const t = useT()
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      <Button size="xs" variant="default" onClick={onEdit} data-testid={`${testId}-edit`}>
        {t('common.edit')}
      </Button>
      <Button size="xs" variant="default" color="red" onClick={onRemove} data-testid={`${testId}-remove`}>
        {t('common.delete')}
      </Button>
    </Group>
  )
}
