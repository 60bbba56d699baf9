import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core'
import { useCallback } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { LINK_CONDITIONS, type LinkCondition } from '../../../../../shared/model'
import { TrashIcon } from '../../../kit/icons'
import { useT } from '../../../i18n/use-t'
import type { ChildDraft } from '../../../lib/dag/link-plan'
import { useJobDesk } from '../../../store'
import { selectParentLinks } from '../../../store/dag/selectors'
import { JobSelect } from '../../../components/job-select'
import { useJobsOf } from '../../../components/use-jobs-of'
import { enumOptions, renderEnumOption } from '../../../components/enum-label'

interface ChildLinksSectionProps {
  /** The job being edited (undefined while it is new). */
  jobId: number | undefined
  rows: ChildDraft[]
  setRows(rows: ChildDraft[]): void
}

/**
 * The jobs this job fires, each with its condition; saved with the job (a link that would close a
 * cycle is refused then, with its path). The jobs that fire this one are listed.
 */
export function ChildLinksSection({ jobId, rows, setRows }: ChildLinksSectionProps) {
  const t = useT()
  const parents = useJobDesk(useShallow(selectParentLinks(jobId)))
  const { jobsById } = useJobsOf(parents.map((link) => link.parentJobId))
  // A job is not its own child.
  const notItself = useCallback((job: { id: number }) => job.id === jobId, [jobId])
  const update = (index: number, patch: Partial<ChildDraft>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  return (
    <Stack gap="xs" data-testid="child-links">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.noChildren')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" data-testid="child-link-row">
          <JobSelect
            flex={1}
            placeholder={t('editor.childJob')}
            aria-label={t('editor.childJob')}
            value={row.childJobId > 0 ? row.childJobId : null}
            onPick={(job) => update(index, { childJobId: job?.id ?? 0 })}
            exclude={notItself}
            data-testid="child-link-job"
          />
          <Select
            w={190}
            aria-label={t('dag.condition')}
            data={enumOptions(t, 'linkCondition', LINK_CONDITIONS)}
            renderOption={renderEnumOption}
            value={row.condition}
            allowDeselect={false}
            onChange={(value) => value && update(index, { condition: value as LinkCondition })}
            data-testid="child-link-condition"
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('editor.removeChild')} onClick={() => setRows(rows.filter((_, i) => i !== index))}>
            <TrashIcon size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => setRows([...rows, { childJobId: 0, condition: 'SUCCESS' }])}
        data-testid="child-link-add"
      >
        {t('editor.addChild')}
      </Button>
      {parents.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('dag.parents')}:{' '}
          {parents.map((link) => `#${link.parentJobId} ${jobsById.get(link.parentJobId)?.name ?? ''} (${t(`linkCondition.${link.condition}`)})`).join(', ')}
        </Text>
      )}
    </Stack>
  )
}
