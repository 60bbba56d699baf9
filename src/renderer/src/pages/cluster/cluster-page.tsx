import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { CLOCK_SKEW_WARN_MS, NODE_CLOCK_MARGIN_MS } from '../../../../shared/clock-skew'
import { useErrorText, useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectCluster } from '../../store/cluster/selectors'
import { ClusterTrust } from './cluster-trust'
import { ClockSkewWarnings } from './node-clock'
import { NodeRow } from './node-row'

/** Heartbeats move every second: the view is re-read this often while the page is shown. */
const REFRESH_MS = 1000

/** The nodes working on the database, their heartbeats, clocks, epochs, planned fires and who does the periodic work. */
export function ClusterPage() {
  const t = useT()
  const errorText = useErrorText()
  const view = useJobDesk(selectCluster)
  // A non-admin gets no planned-fire counts (every group's jobs): no column for them.
  const ringShown = view?.nodes.some((node) => node.ringRows !== null) ?? false
  const fetchCluster = useJobDesk((s) => s.fetchCluster)
  const [error, setError] = useState<{ caught: unknown } | null>(null)

  useEffect(() => {
    let live = true
    const refresh = () =>
      fetchCluster().then(
        () => live && setError(null),
        (caught: unknown) => live && setError({ caught }),
      )
    void refresh()
    const timer = setInterval(() => void refresh(), REFRESH_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [fetchCluster])

  return (
    <div className="jd-page jd-page-scroll" data-testid="page-cluster">
      <Title order={2}>{t('cluster.title')}</Title>
      {error && (
        <Alert color="red" data-testid="cluster-error">
          {t('cluster.loadFailed', { error: errorText(error.caught) })}
        </Alert>
      )}
      {view && (
        <Stack gap="md">
          <Group gap="xs">
            <Text fw={500}>{t('cluster.database')}:</Text>
            <Badge variant="light" data-testid="cluster-engine">
              {t(`cluster.engine.${view.engine}`)}
            </Badge>
            {/* The core leaves the path out for a non-admin (getCluster). */}
            {view.location !== null && (
              <Text className="jd-mono" size="sm" data-testid="cluster-location">
                {view.location}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {view.engine === 'sqlite' && view.nodes.length <= 1 ? t('cluster.alone') : t('cluster.explain')}
          </Text>
          <ClusterTrust view={view} />
          <ClockSkewWarnings nodes={view.nodes} />
          <Table striped highlightOnHover className="jd-cluster-nodes" data-testid="cluster-nodes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cluster.node')}</Table.Th>
                <Table.Th>{t('cluster.state')}</Table.Th>
                <Table.Th>{t('cluster.heartbeat')}</Table.Th>
                <Table.Th title={t('cluster.clockHint', { warn: CLOCK_SKEW_WARN_MS, margin: NODE_CLOCK_MARGIN_MS })}>{t('cluster.clock')}</Table.Th>
                <Table.Th title={t('cluster.epochHint')}>{t('cluster.epoch')}</Table.Th>
                {ringShown && <Table.Th>{t('cluster.ringRows')}</Table.Th>}
                <Table.Th>{t('cluster.work')}</Table.Th>
                <Table.Th>
                  {t('cluster.address')}
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('cluster.embedded')}
                  </Text>
                </Table.Th>
                <Table.Th>{t('cluster.started')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.nodes.map((node) => (
                <NodeRow key={node.nodeId} node={node} atMs={view.atMs} ringShown={ringShown} />
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </div>
  )
}
