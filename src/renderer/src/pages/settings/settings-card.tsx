import { Card, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { MessageKey } from '../../i18n/dictionary'
import { useT } from '../../i18n/use-t'

/** One titled block of the Settings page. */
export function SettingsCard({ title, children, testId }: { title: MessageKey; children: ReactNode; testId?: string }) {
  const t = useT()
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {t(title)}
      </Title>
      {children}
    </Card>
  )
}
