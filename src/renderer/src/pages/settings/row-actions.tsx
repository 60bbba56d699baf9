import { ActionIcon, Button } from '@mantine/core'
import { TrashIcon } from '../../kit/icons'
import { useT } from '../../i18n/use-t'

/** A channel row's Test and Remove buttons (webhooks, IM channels). */
export function RowActions(props: { onTest: () => void; testing: boolean; testDisabled: boolean; testId: string; removeLabel: string; onRemove: () => void }) {
  const t = useT()
  return (
    <>
      <Button variant="default" onClick={props.onTest} loading={props.testing} disabled={props.testDisabled} data-testid={props.testId}>
        {t('settings.test')}
      </Button>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={props.removeLabel} onClick={props.onRemove}>
        <TrashIcon size={16} />
      </ActionIcon>
    </>
  )
}
