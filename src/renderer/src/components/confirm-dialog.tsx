import { Button, Group, Modal } from '@mantine/core'
import type { ReactNode } from 'react'
import { useT } from '../i18n/use-t'

interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** What happens, in a sentence or two. */
  children: ReactNode
  confirmLabel: string
  confirmColor?: string
  confirmTestId?: string
  /** Default: Cancel. The safe choice has the focus, so Enter and Escape never do the harm. */
  cancelLabel?: string
  cancelTestId?: string
  onConfirm(): void
  onCancel(): void
  /** On the body, for tests (a Mantine modal's root has no size of its own). */
  testId?: string
  zIndex?: number
  size?: string
}

/** "Are you sure?": a question, the safe answer focused, and the action in its colour. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useT()
  const { opened, title, children, confirmLabel, confirmColor = 'red', onConfirm, onCancel } = props
  return (
    <Modal opened={opened} onClose={onCancel} title={title} zIndex={props.zIndex} size={props.size}>
      <div data-testid={props.testId}>
        {children}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel} data-autofocus data-testid={props.cancelTestId}>
            {props.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} data-testid={props.confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </Modal>
  )
}
