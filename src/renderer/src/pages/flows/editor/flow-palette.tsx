import { Button, Group, Text, Tooltip } from '@mantine/core'
import { useReactFlow, useStore } from '@xyflow/react'
import type { JobInfo } from '../../../../../shared/model'
import { JobSelect } from '../../../components/job-select'
import { useT } from '../../../i18n/use-t'
import type { Point } from '../../../lib/dag/dag-layout'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'

interface FlowPaletteProps {
  /** `near`: the top-left corner a node would have at the middle of the view. */
  onAddJob(job: JobInfo, near: Point): void
  onAddApproval(near: Point): void
  onTidy(): void
  onFit(): void
  laying: boolean
}

/** Where a new node goes unless something is selected: the middle of what the operator sees. */
function useViewCentre(): () => Point {
  const flow = useReactFlow()
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  return () => {
    const { x, y, zoom } = flow.getViewport()
    return { x: (width / 2 - x) / zoom - FLOW_LAYOUT.nodeWidth / 2, y: (height / 2 - y) / zoom - FLOW_LAYOUT.nodeHeight / 2 }
  }
}

/** Above the canvas: add a job (a searchable picker that adds on pick) or an approval; Tidy and Fit. */
export function FlowPalette({ onAddJob, onAddApproval, onTidy, onFit, laying }: FlowPaletteProps) {
  const t = useT()
  const viewCentre = useViewCentre()
  return (
    <Group className="jd-flow-toolbar" gap="xs" wrap="nowrap">
      <JobSelect
        aria-label={t('flowEditor.addJobHint')}
        placeholder={t('flowEditor.addJob')}
        value={null}
        resetOnPick
        onPick={(job) => job && onAddJob(job, viewCentre())}
        nothingFoundMessage={t('flowEditor.noJobs')}
        w={260}
        size="xs"
        data-testid="flow-add-job"
      />
      <Button size="xs" variant="default" onClick={() => onAddApproval(viewCentre())} data-testid="flow-add-approval">
        {t('flowEditor.addApproval')}
      </Button>
      <Text size="xs" c="dimmed" className="jd-flow-hint" title={t('flowEditor.hint')} data-truncate>
        {t('flowEditor.hint')}
      </Text>
      <Tooltip label={t('flowEditor.tidyHint')}>
        <Button size="xs" variant="default" onClick={onTidy} loading={laying} data-testid="flow-tidy">
          {t('flowEditor.tidy')}
        </Button>
      </Tooltip>
      <Tooltip label={t('flowEditor.fitHint')}>
        <Button size="xs" variant="default" onClick={onFit} data-testid="flow-fit">
          {t('flowEditor.fit')}
        </Button>
      </Tooltip>
    </Group>
  )
}
