import { Button, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core'
import type { GlueVersion } from '../../../../../shared/api'
import { useT } from '../../../i18n/use-t'
import { formatDateTime } from '../../../lib/format/format-time'

interface GlueVersionsProps {
  versions: GlueVersion[] | null
  comparingId: number | null
  onCompare(version: GlueVersion): void
  onLoad(version: GlueVersion): void
}

/** The GLUE history, newest first: each version's remark and time, with compare and load. */
export function GlueVersions({ versions, comparingId, onCompare, onLoad }: GlueVersionsProps) {
  const t = useT()
  return (
    <div className="jd-glue-versions" data-testid="glue-versions">
      <Title order={3} size="h6" mb="xs">
        {t('glue.versions')}
      </Title>
      {versions === null ? (
        <Loader size="sm" />
      ) : versions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('glue.noVersions')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={520}>
          <Stack gap="xs">
            {versions.map((version) => (
              <div key={version.id} className="jd-glue-version" data-testid="glue-version" data-selected={version.id === comparingId}>
                <Text size="sm" fw={500} data-testid="glue-version-remark">
                  {version.glueRemark}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(version.addTimeMs)} · {version.glueType}
                </Text>
                <Group gap={6} mt={4}>
                  <Button size="compact-xs" variant="default" onClick={() => onCompare(version)} data-testid="glue-version-diff">
                    {t('glue.compare')}
                  </Button>
                  <Button size="compact-xs" variant="light" onClick={() => onLoad(version)} data-testid="glue-version-load">
                    {t('glue.load')}
                  </Button>
                </Group>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </div>
  )
}
