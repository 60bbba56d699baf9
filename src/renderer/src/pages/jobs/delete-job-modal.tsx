import { List, Stack, Text } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import type { JobInfo, JobLink } from '../../../../shared/model'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectChildLinks, selectParentLinks } from '../../store/dag/selectors'
import { selectJobsById } from '../../store/jobs/selectors'

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
      {job && (
        <Stack gap="xs">
          <Text size="sm">{t('jobs.deleteBody', { name: job.name })}</Text>
          <LinksGoing job={job} />
        </Stack>
      )}
    </ConfirmDialog>
  )
}

/** The core deletes a job's links with it: the chains it was part of break here, so say which. */
function LinksGoing({ job }: { job: JobInfo }) {
  const t = useT()
  const parents = useJobDesk(useShallow(selectParentLinks(job.id)))
  const children = useJobDesk(useShallow(selectChildLinks(job.id)))
  const jobsById = useJobDesk(selectJobsById)
  if (parents.length === 0 && children.length === 0) return null
  const name = (id: number) => `#${id} ${jobsById.get(id)?.name ?? ''}`.trim()
  const item = (link: JobLink, other: number, key: 'jobs.deleteParentLink' | 'jobs.deleteChildLink') => (
    <List.Item key={`${link.parentJobId}-${link.childJobId}`} data-testid="delete-link">
      {t(key, { job: name(other), condition: t(`linkCondition.${link.condition}`) })}
    </List.Item>
  )
  return (
    <div data-testid="delete-links">
      <Text size="sm" fw={500}>
        {t('jobs.deleteLinks', { n: parents.length + children.length })}
      </Text>
      <List size="sm" spacing={2}>
        {parents.map((link) => item(link, link.parentJobId, 'jobs.deleteParentLink'))}
        {children.map((link) => item(link, link.childJobId, 'jobs.deleteChildLink'))}
      </List>
    </div>
  )
}
