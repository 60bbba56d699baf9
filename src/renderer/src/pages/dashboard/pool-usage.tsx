import { Card, Group, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { PoolUsage } from '../../../../shared/capacity'
import { useT } from '../../i18n/use-t'
import { listPools } from '../../services/pools'

/** The dashboard's pool usage: each pool's slots in use and its waiting runs; nothing when there are no pools. */
export function PoolUsageCard({ refreshMs }: { refreshMs: number }) {
  const t = useT()
  const [pools, setPools] = useState<PoolUsage[]>([])
  useEffect(() => {
    const read = () =>
      listPools().then(
        (list) => setPools(list),
        () => {},
      )
    void read()
    const timer = setInterval(() => void read(), refreshMs)
    return () => clearInterval(timer)
  }, [refreshMs])
  if (pools.length === 0) return null
  return (
    <Card withBorder data-testid="pool-usage">
      <Text fw={500} mb="xs">
        {t('pools.dashboard')}
      </Text>
      <Stack gap="xs">
        {pools.map((pool) => (
          <div key={pool.name} data-testid={`pool-usage-${pool.name}`}>
            <Group justify="space-between">
              <Text size="sm">{pool.name}</Text>
              <Text size="xs" c="dimmed">
                {t('pools.usage', { held: pool.held, slots: pool.slots })}
                {pool.waiting > 0 ? ` · ${t('pools.col.waiting')} ${pool.waiting}` : ''}
              </Text>
            </Group>
            <Progress value={Math.min(100, (pool.held / pool.slots) * 100)} color={pool.held >= pool.slots ? 'orange' : 'teal'} size="sm" />
          </div>
        ))}
      </Stack>
    </Card>
  )
}
