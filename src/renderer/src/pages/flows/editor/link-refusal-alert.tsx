import { Alert, Text } from '@mantine/core'
import { useT } from '../../../i18n/use-t'
import type { LinkRefusal } from './flow-editor-state'

/**
 * Over the top of the canvas: why the last link was refused (the cycle it would close, named node
 * by node), or that the layout failed. Closing it (or the next link) clears it.
 */
export function LinkRefusalAlert({ refusal, layoutError, onClose }: { refusal: LinkRefusal | null; layoutError: string | null; onClose(): void }) {
  const t = useT()
  if (!refusal && !layoutError) return null
  return (
    <div className="jd-flow-canvas-alert">
      {refusal ? (
        <Alert
          color="red"
          title={t('flowEditor.refused')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={onClose}
          p="xs"
          data-testid="flow-link-refused"
          data-reason={refusal.reason}
        >
          <Text size="sm" data-testid="flow-cycle-path">
            {refusal.reason === 'cycle'
              ? t('flowEditor.cycle', { path: refusal.path.join(' → ') })
              : t('flowEditor.duplicate', { from: refusal.from, to: refusal.to })}
          </Text>
        </Alert>
      ) : (
        <Alert color="orange" p="xs" data-testid="flow-layout-error">
          <Text size="sm">{t('flowEditor.layoutFailed', { error: layoutError ?? '' })}</Text>
        </Alert>
      )}
    </div>
  )
}
