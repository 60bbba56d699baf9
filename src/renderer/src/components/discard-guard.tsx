import { Button, Group, Modal, Text } from '@mantine/core'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useT } from '../i18n/use-t'

/** "Discard your changes?": keep editing (the default, also on Escape) or discard them. */
export function DiscardPrompt({ opened, onKeep, onDiscard }: { opened: boolean; onKeep(): void; onDiscard(): void }) {
  const t = useT()
  return (
    <Modal opened={opened} onClose={onKeep} title={t('discard.title')} size="sm" zIndex={400}>
      <div data-testid="discard-prompt">
        <Text size="sm">{t('discard.body')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onKeep} data-autofocus data-testid="discard-keep">
            {t('discard.keep')}
          </Button>
          <Button color="red" onClick={onDiscard} data-testid="discard-confirm">
            {t('discard.confirm')}
          </Button>
        </Group>
      </div>
    </Modal>
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
