import { Alert, Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { useJobsOf } from '../../components/use-jobs-of'

/**
 * While the demo jobs of the first start still exist: what they are for, and a button to remove
 * them all (with their runs' links) once the operator has seen enough.
 */
export function DemoBanner() {
  const t = useT()
  const demoIds = useJobDesk((s) => s.overview?.demoJobIds)
  const { jobsById, settled } = useJobsOf(demoIds ?? [])
  const removeDemoJobs = useJobDesk((s) => s.removeDemoJobs)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // The overview may be older than the job list: count only demo jobs that still exist.
  const present = (demoIds ?? []).filter((id) => jobsById.has(id))
  if (!settled || present.length === 0) return null
  return (
    <Alert color="indigo" variant="light" p="sm" className="jd-fixed" data-testid="demo-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('demo.banner', { n: present.length })}</Text>
        <Button size="xs" variant="white" style={{ flexShrink: 0 }} onClick={() => setAsking(true)} loading={busy} data-testid="demo-remove">
          {t('demo.remove')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('demo.removeTitle', { n: present.length })}
        confirmLabel={t('demo.remove')}
        confirmTestId="demo-remove-confirm"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setBusy(true)
          void removeDemoJobs().finally(() => setBusy(false))
        }}
      >
        <Text size="sm">{t('demo.removeBody')}</Text>
        <Text size="sm" mt="xs" ff="monospace">
          {present.map((id) => jobsById.get(id)?.name).join(' · ')}
        </Text>
      </ConfirmDialog>
    </Alert>
  )
}
