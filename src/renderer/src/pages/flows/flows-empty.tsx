import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useT } from '../../i18n/use-t'

/** No flows yet: what a flow is, and the two ways to get one (operators). */
export function FlowsEmpty({ operates, onNew, onFromChain }: { operates: boolean; onNew(): void; onFromChain(): void }) {
  const t = useT()
  return (
    <Card withBorder className="jd-flow-empty" padding="lg" data-testid="flows-empty">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('flows.emptyTitle')}
        </Title>
        <Text size="sm">{t('flows.emptyBody')}</Text>
        {operates && (
          <>
            <Text size="sm" c="dimmed">
              {t('flows.emptyChain')}
            </Text>
            <Group gap="sm">
              <Button onClick={onNew} data-testid="flows-empty-new">
                {t('flows.new')}
              </Button>
              <Button variant="default" onClick={onFromChain} data-testid="flows-empty-chain">
                {t('flows.fromChain')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  )
}
