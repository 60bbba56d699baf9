import { Alert, Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import { useLanguage, useT } from '../i18n/use-t'
import { notifyError, notifySuccess } from '../kit/notify'
import { formatDateTime } from '../lib/format/format-time'
import { useJobDesk } from '../store'
import { selectMaintenance } from '../store/maintenance/selectors'
import { selectIsAdmin } from '../store/session/selectors'
import { ConfirmDialog } from './confirm-dialog'

/**
 * Shown above every page while pause-all is on: who paused scheduling, since when and why, so no
 * one wonders why nothing runs. Admins resume from here. Every console shows and hides it at once
 * (the core tells them, whichever node it was switched on).
 */
export function MaintenanceBanner() {
  const t = useT()
  const language = useLanguage()
  const maintenance = useJobDesk(selectMaintenance)
  const isAdmin = useJobDesk(selectIsAdmin)
  const setMaintenance = useJobDesk((s) => s.setMaintenance)
  const [confirming, setConfirming] = useState(false)
  if (maintenance === null || !maintenance.on) return null

  const resume = async () => {
    setConfirming(false)
    try {
      await setMaintenance(false, '')
      notifySuccess(language, 'maintenance.resumed')
    } catch (error) {
      notifyError(language, 'maintenance.resume', error)
    }
  }

  return (
    <Alert color="orange" variant="filled" mb="sm" data-testid="maintenance-banner" role="status">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text fw={600} size="sm" data-testid="maintenance-banner-text">
            {t('maintenance.banner', { who: maintenance.by, time: formatDateTime(maintenance.sinceMs), reason: maintenance.reason })}
          </Text>
          <Text size="xs">{t('maintenance.bannerHint')}</Text>
        </div>
        {isAdmin && (
          <Button size="xs" variant="white" color="orange" onClick={() => setConfirming(true)} data-testid="maintenance-resume">
            {t('maintenance.resume')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('maintenance.resumeTitle')}
        confirmLabel={t('maintenance.resume')}
        confirmColor="teal"
        confirmTestId="maintenance-resume-confirm"
        onConfirm={() => void resume()}
        onCancel={() => setConfirming(false)}
      >
        <Text size="sm">{t('maintenance.resumeHint')}</Text>
      </ConfirmDialog>
    </Alert>
  )
}
