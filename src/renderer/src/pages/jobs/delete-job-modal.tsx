import { Button, Group, Modal, Text } from '@mantine/core'
import type { JobInfo } from '../../../../shared/model'
import { useT } from '../../i18n/use-t'

/** Deleting a job cannot be undone: ask first. */
export function DeleteJobModal({ job, onConfirm, onClose }: { job: JobInfo | null; onConfirm: (job: JobInfo) => void; onClose: () => void }) {
  const t = useT()
  return (
    <Modal opened={job !== null} onClose={onClose} title={job ? t('jobs.deleteTitle', { id: job.id }) : ''} data-testid="delete-dialog">
      {job && (
        <>
          <Text size="sm">{t('jobs.deleteBody', { name: job.name })}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              data-testid="delete-confirm"
              onClick={() => {
                onConfirm(job)
                onClose()
              }}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  )
}
