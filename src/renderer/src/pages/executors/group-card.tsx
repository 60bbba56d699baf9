import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core'
import { EMBEDDED_APP_NAME, type JobGroup, type JobRun, type RegistryEntry } from '../../../../shared/model'
import { BeatAge, HealthBadge } from '../../components/health/health-badge'
import { useT } from '../../i18n/use-t'
import { selectIsAdmin } from '../../store/session/selectors'
import { useJobDesk } from '../../store'
import { groupAddresses } from '../../lib/executors/executor-health'
import { GroupToken } from './group-token'
import { ProbeButton } from './probe-button'
import { RunningRuns } from './running-runs'

interface GroupCardProps {
  group: JobGroup
  registry: readonly RegistryEntry[]
  runningByAddress: Readonly<Record<string, JobRun[]>>
  nowMs: number
  onEdit(group: JobGroup): void
  onDelete(group: JobGroup): void
}

/** One executor group: how its addresses are found, each address's health, beat age and load. */
export function GroupCard({ group, registry, runningByAddress, nowMs, onEdit, onDelete }: GroupCardProps) {
  const t = useT()
  const admin = useJobDesk(selectIsAdmin)
  const addresses = groupAddresses(group, registry)
  return (
    <Card withBorder padding="md" data-testid="executor-group" data-app-name={group.appName}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            {group.name}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {group.appName}
          </Text>
          <Badge variant="outline" size="sm">
            {t(group.addressType === 0 ? 'executors.auto' : 'executors.manual')}
          </Badge>
          <Badge
            variant="light"
            color="gray"
            size="sm"
            title={group.appName === EMBEDDED_APP_NAME ? t('executors.embeddedProtocolHint') : t('executors.generationHint')}
            data-testid="group-generation"
            data-generation={group.protocolGeneration ?? 'unknown'}
          >
            {group.appName === EMBEDDED_APP_NAME
              ? t('executors.embeddedProtocol')
              : group.protocolGeneration
                ? t('executors.generation', { g: group.protocolGeneration.toUpperCase() })
                : t('executors.generationUnknown')}
          </Badge>
          {group.autoCreated && (
            <Badge color="orange" size="sm" title={t('executors.autoCreatedHint')} data-testid="group-new-badge">
              {t('executors.autoCreated')}
            </Badge>
          )}
        </Group>
        <Group gap="xs" display={admin ? undefined : 'none'}>
          <Button size="compact-sm" variant="default" onClick={() => onEdit(group)} data-testid="group-edit">
            {t('common.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(group)} data-testid="group-delete">
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <GroupToken token={group.accessToken} />
      {addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(group.addressType === 0 ? 'executors.noneRegistered' : 'executors.noneListed')}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('executors.col.address')}</Table.Th>
              <Table.Th>{t('executors.col.health')}</Table.Th>
              <Table.Th>{t('executors.col.beat')}</Table.Th>
              <Table.Th>{t('executors.col.running')}</Table.Th>
              <Table.Th>{t('executors.col.probe')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {addresses.map(({ address, entry }) => (
              <Table.Tr key={address} data-testid="executor-address" data-address={address}>
                <Table.Td ff="monospace">{address}</Table.Td>
                <Table.Td>
                  <HealthBadge health={entry?.health ?? null} />
                </Table.Td>
                <Table.Td>{entry ? <BeatAge updateTimeMs={entry.updateTimeMs} nowMs={nowMs} /> : t('common.none')}</Table.Td>
                <Table.Td>
                  <RunningRuns runs={runningByAddress[address] ?? []} nowMs={nowMs} />
                </Table.Td>
                <Table.Td>
                  <ProbeButton address={address} groupId={group.id} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  )
}
