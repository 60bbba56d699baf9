import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import type { JobInfo } from '../../../shared/model'
import { listJobPage } from '../services/jobs'
import { useT } from '../i18n/use-t'
import { useJobDesk } from '../store'
import { selectJobsById } from '../store/jobs/selectors'

/** Jobs a picker offers per search: enough to find one by a few letters, little to send. */
const PICKER_LIMIT = 50

/** How a picker names a job; typing the id or part of the name finds it. */
export const jobOptionLabel = (job: Pick<JobInfo, 'id' | 'name'>) => `#${job.id} ${job.name}`

/** The server did the filtering: the picker shows what it answered, as it answered. */
const asAnswered: OptionsFilter = ({ options }) => options

interface JobSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  value: number | null
  onPick(job: JobInfo | null): void
  /** Jobs not to offer (the job itself, as its own child). */
  exclude?: (job: JobInfo) => boolean
  /** Clears the text after a pick (a picker that adds, like the flow palette's). */
  resetOnPick?: boolean
  /** Only this group's jobs. */
  groupId?: number
}

/**
 * A job picker that searches the server as the operator types (name, handler or id), so it works
 * the same at 10 jobs and at 100,000: the console never holds every job to offer them.
 */
export function JobSelect({ value, onPick, exclude, resetOnPick, groupId, ...selectProps }: JobSelectProps) {
  const t = useT()
  const jobsById = useJobDesk(selectJobsById)
  const ensureJobs = useJobDesk((s) => s.ensureJobs)
  const noteJobs = useJobDesk((s) => s.noteJobs)
  const chosen = value === null ? undefined : jobsById.get(value)
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<JobInfo[]>([])
  // Nothing is asked before the picker is opened or typed in: a page can hold several pickers.
  const [opened, setOpened] = useState(false)

  useEffect(() => {
    if (value !== null) void ensureJobs([value]).catch(() => {})
  }, [value, ensureJobs])

  // The text Mantine shows for a chosen job is its label, not a search.
  const query = chosen && search === jobOptionLabel(chosen) ? '' : search.replace(/^#/, '').trim()
  useEffect(() => {
    if (!opened) return
    let current = true
    listJobPage({ text: query || undefined, groupId, sort: 'name', limit: PICKER_LIMIT }).then(
      (page) => current && setFound(page.jobs),
      () => current && setFound([]),
    )
    return () => {
      current = false
    }
  }, [opened, query, groupId])

  const options: ComboboxItem[] = useMemo(() => {
    const offered = new Map<number, JobInfo>()
    if (chosen) offered.set(chosen.id, chosen)
    for (const job of found) if (!exclude?.(job)) offered.set(job.id, job)
    return [...offered.values()].map((job) => ({ value: String(job.id), label: jobOptionLabel(job) }))
  }, [found, chosen, exclude])
  const byValue = useMemo(() => new Map([...found, ...(chosen ? [chosen] : [])].map((job) => [String(job.id), job])), [found, chosen])

  return (
    <Select
      searchable
      nothingFoundMessage={t('jobs.noneFound')}
      {...selectProps}
      data={options}
      filter={asAnswered}
      value={resetOnPick || value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text)
        if (text !== '' && !(chosen && text === jobOptionLabel(chosen))) setOpened(true)
      }}
      onDropdownOpen={() => {
        setOpened(true)
        selectProps.onDropdownOpen?.()
      }}
      onChange={(picked) => {
        const job = picked === null ? null : (byValue.get(picked) ?? null)
        if (job) noteJobs([job])
        onPick(job)
        if (resetOnPick) setSearch('')
      }}
    />
  )
}
