import { Text } from '@mantine/core'
import type { JobInfo } from '../../../../shared/model'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'

/** Deleting a job cannot be undone: ask first. */
export function DeleteJobModal({ job, onConfirm, onClose }: { job: JobInfo | null; onConfirm: (job: JobInfo) => void; onClose: () => void }) {
  const t = useT()
  return (
    <ConfirmDialog
      opened={job !== null}
      title={job ? t('jobs.deleteTitle', { id: job.id }) : ''}
      testId="delete-dialog"
      confirmLabel={t('common.delete')}
      confirmTestId="delete-confirm"
      onCancel={onClose}
      onConfirm={() => {
        if (job) onConfirm(job)
        onClose()
      }}
    >
      {job && <Text size="sm">{t('jobs.deleteBody', { name: job.name })}</Text>}
    </ConfirmDialog>
  )
}
