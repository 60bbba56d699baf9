import { Text } from '@mantine/core'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useT } from '../i18n/use-t'
import { ConfirmDialog } from './confirm-dialog'

/** "Discard your changes?": keep editing (the default, also on Escape) or discard them. */
export function DiscardPrompt({ opened, onKeep, onDiscard }: { opened: boolean; onKeep(): void; onDiscard(): void }) {
  const t = useT()
  return (
    <ConfirmDialog
      opened={opened}
      title={t('discard.title')}
      size="sm"
      zIndex={400}
      testId="discard-prompt"
      cancelLabel={t('discard.keep')}
      cancelTestId="discard-keep"
      confirmLabel={t('discard.confirm')}
      confirmTestId="discard-confirm"
      onCancel={onKeep}
      onConfirm={onDiscard}
    >
      <Text size="sm">{t('discard.body')}</Text>
    </ConfirmDialog>
  )
}

export interface DiscardGuard {
  /** For the dialog's onClose (Escape, the close button, a click outside): asks first when there are changes. */
  requestClose(): void
  /** The form inside reports whether it holds unsaved changes. */
  setDirty(dirty: boolean): void
  /** Render it beside the dialog. */
  prompt: ReactNode
}

/**
 * Wraps a dialog's close so a form with unsaved changes is not dropped by a stray Escape. A save
 * that succeeds closes through `onClose` directly, without asking.
 */
export function useDiscardGuard(onClose: () => void): DiscardGuard {
  const dirty = useRef(false)
  const [asking, setAsking] = useState(false)
  const requestClose = useCallback(() => {
    if (dirty.current) setAsking(true)
    else onClose()
  }, [onClose])
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value
  }, [])
  // Mounted only while asking: a closed Mantine modal still leaves an empty root in the page.
  const prompt = asking && (
    <DiscardPrompt
      opened
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false)
        dirty.current = false
        onClose()
      }}
    />
  )
  return { requestClose, setDirty, prompt }
}
