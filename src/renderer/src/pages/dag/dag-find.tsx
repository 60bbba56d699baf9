import { memo, useState } from 'react'
import { JobSelect } from '../../components/job-select'
import { useT } from '../../i18n/use-t'

/**
 * Finds a job by id, name or handler (the server searches) and centres the view on it; a job not
 * drawn yet joins the graph. Memoised apart from the selection, which changes on every click.
 */
export const DagFind = memo(function DagFind({ onPick }: { onPick(jobId: number): void }) {
  const t = useT()
  const [value, setValue] = useState<number | null>(null)
  return (
    <JobSelect
      w={260}
      clearable
      placeholder={t('dag.find')}
      aria-label={t('dag.find')}
      value={value}
      onPick={(job) => {
        setValue(job?.id ?? null)
        if (job) onPick(job.id)
      }}
      data-testid="dag-find"
    />
  )
})
