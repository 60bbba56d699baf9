import { Button, Group, Select, Text, TextInput, Title } from '@mantine/core'
import { useMemo, useState } from 'react'
import { SCHEDULE_TYPES, type JobInfo, type JobInput } from '../../../../shared/model'
import { runsRoute } from '../../app/route'
import { useT } from '../../i18n/use-t'
import { filterJobs, type JobFilter } from '../../lib/job-filter'
import { localTimeZone } from '../../lib/format-time'
import { useJobDesk } from '../../store'
import { selectDefaultGroupId, selectJobFilter, selectJobs } from '../../store/jobs/selectors'
import { selectLastRunByJob } from '../../store/runs/selectors'
import { DeleteJobModal } from './delete-job-modal'
import { jobToInput, newJobInput } from './job-editor/job-draft'
import { JobEditor } from './job-editor/job-editor'
import { JobsTable, type JobActions } from './jobs-table'
import { TriggerDialog } from './trigger-dialog'

export function JobsPage() {
  const t = useT()
  const jobs = useJobDesk(selectJobs)
  const filter = useJobDesk(selectJobFilter)
  const lastRunByJob = useJobDesk(selectLastRunByJob)
  const defaultGroupId = useJobDesk(selectDefaultGroupId)
  const setJobFilter = useJobDesk((s) => s.setJobFilter)
  const navigate = useJobDesk((s) => s.navigate)
  const startJob = useJobDesk((s) => s.startJob)
  const stopJob = useJobDesk((s) => s.stopJob)
  const deleteJob = useJobDesk((s) => s.deleteJob)

  const [editing, setEditing] = useState<JobInput | null>(null)
  const [triggering, setTriggering] = useState<JobInfo | null>(null)
  const [deleting, setDeleting] = useState<JobInfo | null>(null)

  const visible = useMemo(() => filterJobs(jobs, filter), [jobs, filter])

  const actions: JobActions = useMemo(
    () => ({
      start: (job) => void startJob(job.id),
      stop: (job) => void stopJob(job.id),
      trigger: setTriggering,
      edit: (job) => setEditing(jobToInput(job)),
      remove: setDeleting,
      showRuns: (job) => navigate(runsRoute(null, job.id)),
      openRun: (runId) => navigate(runsRoute(runId)),
    }),
    [startJob, stopJob, navigate],
  )

  return (
    <div className="jd-page" data-testid="page-jobs">
      <Group justify="space-between">
        <Title order={2}>{t('jobs.title')}</Title>
        <Button onClick={() => setEditing(newJobInput(defaultGroupId ?? 1, localTimeZone()))} disabled={defaultGroupId === null} data-testid="job-new">
          {t('jobs.new')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          flex={1}
          maw={420}
          placeholder={t('jobs.search')}
          aria-label={t('jobs.search')}
          value={filter.search}
          onChange={(event) => setJobFilter({ search: event.currentTarget.value })}
          data-testid="jobs-search"
        />
        <Select
          w={150}
          aria-label={t('jobs.filterStatus')}
          placeholder={t('jobs.filterStatus')}
          value={filter.status}
          allowDeselect={false}
          onChange={(value) => value && setJobFilter({ status: value as JobFilter['status'] })}
          data={[
            { value: 'all', label: `${t('jobs.filterStatus')}: ${t('common.all')}` },
            { value: 'running', label: t('jobStatus.running') },
            { value: 'stopped', label: t('jobStatus.stopped') },
          ]}
          data-testid="jobs-filter-status"
        />
        <Select
          w={170}
          aria-label={t('jobs.filterSchedule')}
          value={filter.scheduleType}
          allowDeselect={false}
          onChange={(value) => value && setJobFilter({ scheduleType: value as JobFilter['scheduleType'] })}
          data={[{ value: 'all', label: `${t('jobs.filterSchedule')}: ${t('common.all')}` }, ...SCHEDULE_TYPES.map((type) => ({ value: type, label: type }))]}
          data-testid="jobs-filter-schedule"
        />
        <Text size="sm" c="dimmed" ml="auto" data-testid="jobs-count">
          {t('jobs.count', { shown: visible.length, total: jobs.length })}
        </Text>
      </Group>
      <JobsTable jobs={visible} lastRunByJob={lastRunByJob} actions={actions} />
      <JobEditor initial={editing} onClose={() => setEditing(null)} />
      <TriggerDialog job={triggering} onClose={() => setTriggering(null)} />
      <DeleteJobModal job={deleting} onConfirm={(job) => void deleteJob(job.id)} onClose={() => setDeleting(null)} />
    </div>
  )
}
