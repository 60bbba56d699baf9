import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { MAINTENANCE_REASON_MAX } from '../../../shared/calendar/maintenance'
import { useErrorText, useLanguage, useT } from '../i18n/use-t'
import { notifySuccess } from '../kit/notify'
import { useJobDesk } from '../store'
import { selectMaintenance } from '../store/maintenance/selectors'
import { selectIsAdmin } from '../store/session/selectors'

/**
 * Admins' switch for pause-all, in the top bar: it asks why (every console shows the reason in
 * its banner) before scheduling stops on every node. While on, the banner's Resume switches it off.
 */
export function PauseAllButton() {
  const t = useT()
  const language = useLanguage()
  const errorText = useErrorText()
  const isAdmin = useJobDesk(selectIsAdmin)
  const maintenance = useJobDesk(selectMaintenance)
  const setMaintenance = useJobDesk((s) => s.setMaintenance)
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  if (!isAdmin || maintenance === null || maintenance.on) return null

  const close = () => {
    setAsking(false)
    setError(null)
  }
  const pause = async () => {
    setSaving(true)
    try {
      await setMaintenance(true, reason.trim())
      notifySuccess(language, 'maintenance.paused')
      setReason('')
      close()
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Button size="xs" variant="light" color="orange" onClick={() => setAsking(true)} data-testid="pause-all">
        {t('maintenance.pauseAll')}
      </Button>
      <Modal opened={asking} onClose={close} title={t('maintenance.pauseTitle')}>
        <Stack gap="sm">
          <Text size="sm">{t('maintenance.pauseHint')}</Text>
          {error && (
            <Alert color="red" data-testid="pause-error">
              {error}
            </Alert>
          )}
          <Textarea
            label={t('maintenance.reason')}
            placeholder={t('maintenance.reasonPlaceholder')}
            required
            autosize
            minRows={2}
            maxLength={MAINTENANCE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
            data-testid="pause-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="orange" onClick={() => void pause()} loading={saving} disabled={reason.trim() === ''} data-testid="pause-confirm">
              {t('maintenance.pause')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
