import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useT } from '../i18n/use-t'
import type { MessageKey } from '../i18n/dictionary'

/** A labelled fact of a detail panel (a run's, a flow node's): a small dimmed label over its value. */
export function LabelledField({ label, children, testId }: { label: MessageKey; children: ReactNode; testId?: string }) {
  const t = useT()
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  )
}
