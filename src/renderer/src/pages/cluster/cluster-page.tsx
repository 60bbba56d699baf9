import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ClusterNodeView, ClusterView } from '../../../../shared/api'
import { client } from '../../api/client'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format-time'

/** Heartbeats move every second: the view is re-read this often while the page is shown. */
const REFRESH_MS = 1000

/** The nodes working on the database, their heartbeats, planned fires and who does the periodic work. */
export function ClusterPage() {
  const t = useT()
  const [view, setView] = useState<ClusterView | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const refresh = () =>
      client()
        .getCluster()
        .then(
          (next) => live && (setView(next), setError(null)),
          (failure: Error) => live && setError(failure.message),
        )
    void refresh()
    const timer = setInterval(() => void refresh(), REFRESH_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [])

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-cluster">
      <Title order={2}>{t('cluster.title')}</Title>
      {error && (
        <Alert color="red" data-testid="cluster-error">
          {t('cluster.loadFailed', { error })}
        </Alert>
      )}
      {view && (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={500}>{t('cluster.database')}:</Text>
            <Badge variant="light" data-testid="cluster-engine">
              {t(`cluster.engine.${view.engine}`)}
            </Badge>
            <Text className="jd-mono" size="sm" data-testid="cluster-location">
              {view.location}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {view.engine === 'sqlite' && view.nodes.length <= 1 ? t('cluster.alone') : t('cluster.explain')}
          </Text>
          <Table striped highlightOnHover data-testid="cluster-nodes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cluster.node')}</Table.Th>
                <Table.Th>{t('cluster.state')}</Table.Th>
                <Table.Th>{t('cluster.heartbeat')}</Table.Th>
                <Table.Th>{t('cluster.ringRows')}</Table.Th>
                <Table.Th>{t('cluster.work')}</Table.Th>
                <Table.Th>{t('cluster.address')}</Table.Th>
                <Table.Th>{t('cluster.embedded')}</Table.Th>
                <Table.Th>{t('cluster.started')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.nodes.map((node) => (
                <NodeRow key={node.nodeId} node={node} atMs={view.atMs} />
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </div>
  )
}

function NodeRow({ node, atMs }: { node: ClusterNodeView; atMs: number }) {
  const t = useT()
  const ageSeconds = Math.max(0, (atMs - node.heartbeatAtMs) / 1000)
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
      <Table.Td>{t('cluster.agoSeconds', { n: ageSeconds.toFixed(1) })}</Table.Td>
      <Table.Td data-testid="cluster-ring-rows">{node.ringRows}</Table.Td>
      <Table.Td>{node.periodicWork ? <Badge variant="light">{t('cluster.periodicWork')}</Badge> : <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td className="jd-mono">{node.adminUrl || <Text c="dimmed">{t('cluster.notListening')}</Text>}</Table.Td>
      <Table.Td className="jd-mono">{node.embeddedAddress || <Text c="dimmed">{t('cluster.none')}</Text>}</Table.Td>
      <Table.Td>{formatDateTime(node.startedAtMs)}</Table.Td>
    </Table.Tr>
  )
}
