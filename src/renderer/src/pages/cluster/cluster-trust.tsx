import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ClusterView } from '../../../../shared/api'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'
import { formatDateTime } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectIsAdmin } from '../../store/session/selectors'

/**
 * How the nodes trust each other: whether the node route is on, when the cluster secret it is
 * authenticated with was last replaced, and (admins) replacing it after saying what that does.
 */
export function ClusterTrust({ view }: { view: ClusterView }) {
  const t = useT()
  const admin = useJobDesk(selectIsAdmin)
  const rotate = useJobDesk((s) => s.rotateClusterSecret)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text fw={500}>{t('cluster.nodeRoute')}:</Text>
        <Badge variant="light" color={view.nodeRoute ? 'green' : 'gray'} data-testid="cluster-node-route" data-active={view.nodeRoute}>
          {t(view.nodeRoute ? 'cluster.nodeRouteOn' : 'cluster.nodeRouteOff')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t(view.nodeRoute ? 'cluster.nodeRouteOnHint' : 'cluster.nodeRouteOffHint')}
        </Text>
      </Group>
      <Group gap="xs">
        <Text fw={500}>{t('cluster.secret')}:</Text>
        <Text size="sm" data-testid="cluster-secret-rotated" data-rotated-at={view.secretRotatedAtMs}>
          {view.secretRotatedAtMs > 0 ? t('cluster.secretRotatedAt', { time: formatDateTime(view.secretRotatedAtMs) }) : t('cluster.secretNeverRotated')}
        </Text>
        {admin && (
          <Button size="compact-sm" variant="light" color="orange" loading={busy} onClick={() => setAsking(true)} data-testid="cluster-rotate-secret">
            {t('cluster.rotateSecret')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('cluster.rotateTitle')}
        confirmLabel={t('cluster.rotate')}
        confirmColor="orange"
        confirmTestId="cluster-rotate-confirm"
        testId="cluster-rotate-dialog"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setBusy(true)
          // The action says how it went in a toast; the page's next read shows the new time anyway.
          void rotate().finally(() => setBusy(false))
        }}
      >
        <Text size="sm">{t('cluster.rotateBody')}</Text>
      </ConfirmDialog>
    </Stack>
  )
}
