import { Badge, Group, Table, Text } from '@mantine/core'
import type { ClusterNodeView } from '../../../../shared/api'
import { useLanguage, useT } from '../../i18n/use-t'
import { formatAgo } from '../../lib/format/format-duration'
import { formatCount, formatDateTime } from '../../lib/format/format-time'
import { NodeClockCell } from './node-clock'

/** One node: its name and id, whether its lease holds, its heartbeat's age, its clock against the database's, its epoch and what it does. */
export function NodeRow({ node, atMs, ringShown }: { node: ClusterNodeView; atMs: number; ringShown: boolean }) {
  const t = useT()
  const language = useLanguage()
  return (
    <Table.Tr data-testid="cluster-node" data-node-id={node.nodeId} data-alive={node.alive} data-self={node.self} data-periodic={node.periodicWork}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text fw={500}>{node.nodeName}</Text>
          {node.self && (
            <Badge size="xs" variant="outline">
              {t('cluster.self')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" className="jd-mono">
          {node.nodeId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={node.alive ? 'green' : 'red'} variant="light">
          {node.alive ? t('cluster.alive') : t('cluster.dead')}
        </Badge>
      </Table.Td>
      <Table.Td>{formatAgo(atMs - node.heartbeatAtMs, language, 1)}</Table.Td>
      <Table.Td>
        <NodeClockCell node={node} />
      </Table.Td>
      <Table.Td className="jd-mono" title={t('cluster.epochHint')} data-testid="cluster-node-epoch">
        {node.epoch}
      </Table.Td>
      {ringShown && <Table.Td data-testid="cluster-ring-rows">{node.ringRows === null ? null : formatCount(node.ringRows, language)}</Table.Td>}
      <Table.Td>
        {node.periodicWork ? (
          <Badge variant="light" className="jd-badge-wrap">
            {t('cluster.periodicWork')}
          </Badge>
        ) : (
          <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td>
        {/* One cell for both addresses: two columns of long URLs crowd out the rest at 1280 px. */}
        <Text size="sm" className="jd-mono" c={node.adminUrl ? undefined : 'dimmed'}>
          {node.adminUrl || t('cluster.notListening')}
        </Text>
        <Text size="xs" className="jd-mono" c="dimmed" title={t('cluster.embedded')}>
          {node.embeddedAddress || t('cluster.none')}
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(node.startedAtMs)}</Table.Td>
    </Table.Tr>
  )
}
