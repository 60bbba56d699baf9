import { Button, Group, Select, Text, TextInput, Title } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { lazyComponent, whenIdle } from '../../kit/lazy-component'
import { SCHEDULE_TYPES, type JobInfo } from '../../../../shared/model'
import { runsRoute } from '../../kit/route'
import { useT } from '../../i18n/use-t'
import type { JobFilter } from '../../lib/jobs/job-filter'
import { localTimeZone } from '../../lib/format/format-time'
import { useJobDesk } from '../../store'
import { selectDefaultGroupId, selectGroups, selectGroupsById, selectJobFilter, selectJobList, selectJobListRows } from '../../store/jobs/selectors'
import { selectLastRunByJob } from '../../store/runs/selectors'
import { DemoBanner } from '../dashboard/demo-banner'
import { DeleteJobModal } from './delete-job-modal'
import { ImportExportButtons } from './import-export'
import { XxlImportButton } from './xxl-import/xxl-import-dialog'
import { copyJobInput, jobToInput, newJobInput } from './job-editor/job-draft'
import type { EditorOpen } from './job-editor/job-editor'
import { JobsTable, type JobActions } from './jobs-table'
import type { BackfillSubject } from '../backfill/backfill-dialog'
import { enumOptions, renderEnumOption } from '../../components/enum-label'
import { selectIsAdmin, selectOperatesAny } from '../../store/session/selectors'

// The dialogs load when first opened, or once the browser is idle after the list is up: the first
// rows wait neither for their code (the editor's forms were most of this page's ~40 chunks) nor for
// rendering them closed.
const JobEditor = lazyComponent(() => import('./job-editor/job-editor').then((module) => module.JobEditor))
const GlueIde = lazyComponent(() => import('./glue-ide/glue-ide').then((module) => module.GlueIde))
const TriggerDialog = lazyComponent(() => import('./trigger-dialog').then((module) => module.TriggerDialog))
const BackfillDialog = lazyComponent(() => import('../backfill/backfill-dialog').then((module) => module.BackfillDialog))
const DIALOGS = [JobEditor, GlueIde, TriggerDialog, BackfillDialog]

/** True from the first time `open` is: a dialog mounts when first opened and stays, so it closes with its transition. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

export function JobsPage() {
  const t = useT()
  const operatesAny = useJobDesk(selectOperatesAny)
  // Moving in from XXL-JOB writes groups and jobs of every group: the core allows it to admins only.
  const isAdmin = useJobDesk(selectIsAdmin)
  const visible = useJobDesk(selectJobListRows)
  const jobList = useJobDesk(selectJobList)
  const fetchJobList = useJobDesk((s) => s.fetchJobList)
  const fetchMoreJobs = useJobDesk((s) => s.fetchMoreJobs)
  const filter = useJobDesk(selectJobFilter)
  const lastRunByJob = useJobDesk(selectLastRunByJob)
  const groups = useJobDesk(selectGroups)
  const groupsById = useJobDesk(selectGroupsById)
  const groupOptions = useMemo(() => groups.map((group) => ({ value: String(group.id), label: `${group.name} (${group.appName})` })), [groups])
  const defaultGroupId = useJobDesk(selectDefaultGroupId)
  const setJobFilter = useJobDesk((s) => s.setJobFilter)
  const navigate = useJobDesk((s) => s.navigate)
  const startJob = useJobDesk((s) => s.startJob)
  const stopJob = useJobDesk((s) => s.stopJob)
  const deleteJob = useJobDesk((s) => s.deleteJob)

  const [editing, setEditing] = useState<EditorOpen | null>(null)
  const [triggering, setTriggering] = useState<JobInfo | null>(null)
  const [backfilling, setBackfilling] = useState<BackfillSubject | null>(null)
  const [deleting, setDeleting] = useState<JobInfo | null>(null)
  const [glueJobId, setGlueJobId] = useState<number | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const editorOpened = useOpenedOnce(editing !== null)
  const glueOpened = useOpenedOnce(glueJobId !== null)
  const triggerOpened = useOpenedOnce(triggering !== null)
  const backfillOpened = useOpenedOnce(backfilling !== null)
  useEffect(() => whenIdle(() => DIALOGS.forEach((dialog) => void dialog.preload().catch(() => {}))), [])

  useEffect(() => {
    if (!jobList.loaded && !jobList.loading) void fetchJobList().catch(() => {})
  }, [jobList.loaded, jobList.loading, fetchJobList])
  // Deleted jobs (and jobs filtered out) leave the selection.
  const selectedIds = useMemo(() => visible.filter((job) => selected.has(job.id)).map((job) => job.id), [visible, selected])

  const toggleSelected = useCallback((jobId: number) => {
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(jobId)) next.add(jobId)
      return next
    })
  }, [])

  const actions: JobActions = useMemo(
    () => ({
      start: (job) => void startJob(job.id),
      stop: (job) => void stopJob(job.id),
      trigger: setTriggering,
      // Only operators see the button: the rule of startBackfill is triggerJob's.
      backfill: (job) => setBackfilling({ jobId: job.id, name: job.name, operates: true }),
      edit: (job) => setEditing({ input: jobToInput(job) }),
      copy: (job) => setEditing({ input: copyJobInput(job, t('jobs.copyName', { name: job.name })), copyOf: job.id }),
      glue: (job) => setGlueJobId(job.id),
      remove: setDeleting,
      showRuns: (job) => navigate(runsRoute(null, job.id)),
      openRun: (runId) => navigate(runsRoute(runId)),
      toggleSelected,
    }),
    [startJob, stopJob, navigate, toggleSelected, t],
  )

  return (
    <div className="jd-page" data-testid="page-jobs">
      <Group justify="space-between">
        <Title order={2}>{t('jobs.title')}</Title>
        <Group gap="sm">
          <ImportExportButtons selectedIds={selectedIds} />
          {isAdmin && <XxlImportButton />}
          {operatesAny && (
            <Button
              onClick={() => setEditing({ input: newJobInput(defaultGroupId ?? 1, localTimeZone()) })}
              disabled={defaultGroupId === null}
              data-testid="job-new"
            >
              {t('jobs.new')}
            </Button>
          )}
        </Group>
      </Group>
      <DemoBanner />
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
          w={220}
          clearable
          aria-label={t('jobs.filterGroup')}
          placeholder={`${t('jobs.filterGroup')}: ${t('common.all')}`}
          value={filter.groupId === null ? null : String(filter.groupId)}
          onChange={(value) => setJobFilter({ groupId: value ? Number(value) : null })}
          data={groupOptions}
          data-testid="jobs-filter-group"
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
          data={[
            { value: 'all', label: `${t('jobs.filterSchedule')}: ${t('common.all')}`, name: `${t('jobs.filterSchedule')}: ${t('common.all')}` },
            ...enumOptions(t, 'scheduleType', SCHEDULE_TYPES),
          ]}
          renderOption={renderEnumOption}
          data-testid="jobs-filter-schedule"
        />
        {selectedIds.length > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())} data-testid="jobs-clear-selection">
            {t('jobs.selected', { n: selectedIds.length })}
          </Button>
        )}
        <Text size="sm" c="dimmed" ml="auto" data-testid="jobs-count">
          {t('jobs.count', { total: jobList.total })}
        </Text>
      </Group>
      <JobsTable
        jobs={visible}
        groupsById={groupsById}
        lastRunByJob={lastRunByJob}
        selected={selected}
        onSelectAll={(select) => setSelected(select ? new Set([...selected, ...visible.map((job) => job.id)]) : new Set())}
        actions={actions}
        total={jobList.total}
        loading={jobList.loading}
        onNearEnd={() => void fetchMoreJobs().catch(() => {})}
        sort={filter}
        onSort={(sort) => setJobFilter(sort)}
        listKey={JSON.stringify(filter)}
      />
      {editorOpened && <JobEditor.Component open={editing} onClose={() => setEditing(null)} onOpenGlue={setGlueJobId} />}
      {glueOpened && <GlueIde.Component jobId={glueJobId} onClose={() => setGlueJobId(null)} />}
      {triggerOpened && <TriggerDialog.Component job={triggering} onClose={() => setTriggering(null)} />}
      {backfillOpened && <BackfillDialog.Component subject={backfilling} onClose={() => setBackfilling(null)} />}
      <DeleteJobModal job={deleting} onConfirm={(job) => void deleteJob(job.id)} onClose={() => setDeleting(null)} />
    </div>
  )
}
