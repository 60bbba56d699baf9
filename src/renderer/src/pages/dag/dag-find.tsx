import { Select } from '@mantine/core'
import { memo, useMemo, useState } from 'react'
import type { JobInfo } from '../../../../shared/model'
import { useT } from '../../i18n/use-t'

/**
 * Finds a job by id or name and centres the view on it. Memoised apart from the selection: with
 * 1,000 jobs its options are the costliest part of the page to re-render on a click.
 */
export const DagFind = memo(function DagFind({ jobs, onPick }: { jobs: readonly JobInfo[]; onPick(jobId: number): void }) {
  const t = useT()
  const [value, setValue] = useState<string | null>(null)
  const options = useMemo(() => jobs.map((job) => ({ value: String(job.id), label: `#${job.id} ${job.name}` })), [jobs])
  return (
    <Select
      w={260}
      searchable
      clearable
      placeholder={t('dag.find')}
      aria-label={t('dag.find')}
      data={options}
      value={value}
      onChange={(picked) => {
        setValue(picked)
        if (picked) onPick(Number(picked))
      }}
      limit={100}
      data-testid="dag-find"
    />
  )
})
