import { Alert, Badge, Group, Stack, Text } from '@mantine/core'
import type { ClusterNodeView } from '../../../../shared/api'
import { CLOCK_SKEW_WARN_MS, NODE_CLOCK_MARGIN_MS, clockSkewStateOf } from '../../../../shared/clock-skew'
import { useT, type Translate } from '../../i18n/use-t'

const skewText = (t: Translate, skewMs: number) => t(skewMs >= 0 ? 'cluster.clockAhead' : 'cluster.clockBehind', { ms: Math.abs(skewMs) })

/** A node's clock against the database's: the skew, coloured by what it means, and "not firing" while it refuses the lead. */
export function NodeClockCell({ node }: { node: ClusterNodeView }) {
  const t = useT()
  if (node.clockSkewMs === null)
    return (
      <Text c="dimmed" size="sm" title={t('cluster.clockNotMeasuredHint')} data-testid="cluster-node-clock" data-state="unmeasured">
        {t('cluster.clockNotMeasured')}
      </Text>
    )
  const state = clockSkewStateOf(node.clockSkewMs)
  const hint = t('cluster.clockHint', { warn: CLOCK_SKEW_WARN_MS, margin: NODE_CLOCK_MARGIN_MS })
  return (
    <Group gap={6} wrap="nowrap" title={hint} data-testid="cluster-node-clock" data-state={state} data-skew-ms={node.clockSkewMs}>
      {state === 'ok' ? (
        <Text size="sm">{skewText(t, node.clockSkewMs)}</Text>
      ) : (
        <Badge color={state === 'refuse' ? 'red' : 'yellow'} variant="light">
          {skewText(t, node.clockSkewMs)}
        </Badge>
      )}
      {state === 'refuse' && (
        <Badge color="red" variant="outline" size="xs">
          {t('cluster.notLeading')}
        </Badge>
      )}
    </Group>
  )
}

/** One warning per live node whose clock is off the database's by more than the warning threshold. */
export function ClockSkewWarnings({ nodes }: { nodes: readonly ClusterNodeView[] }) {
  const t = useT()
  const off = nodes.filter((node) => node.alive && node.clockSkewMs !== null && clockSkewStateOf(node.clockSkewMs) !== 'ok')
  if (off.length === 0) return null
  return (
    <Stack gap={6}>
      {off.map((node) => {
        const refused = clockSkewStateOf(node.clockSkewMs!) === 'refuse'
        return (
          <Alert key={node.nodeId} color={refused ? 'red' : 'yellow'} data-testid="cluster-clock-warning" data-node-id={node.nodeId}>
            {t(refused ? 'cluster.clockRefuse' : 'cluster.clockWarn', {
              node: node.nodeName,
              skew: skewText(t, node.clockSkewMs!),
              warn: CLOCK_SKEW_WARN_MS,
              margin: NODE_CLOCK_MARGIN_MS,
            })}
          </Alert>
        )
      })}
    </Stack>
  )
}
