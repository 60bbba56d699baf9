import { Button, Group, Select, Text, Tooltip } from '@mantine/core'
import { useReactFlow, useStore } from '@xyflow/react'
import type { JobInfo } from '../../../../../shared/model'
import { JobSelect } from '../../../components/job-select'
import { useT } from '../../../i18n/use-t'
import type { Point } from '../../../lib/dag/dag-layout'
import { FLOW_LAYOUT } from '../../../lib/flows/flow-layout'
import { useFlowNames } from '../use-flow-names'

interface FlowPaletteProps {
  /** `near`: the top-left corner a node would have at the middle of the view. */
  onAddJob(job: JobInfo, near: Point): void
  onAddApproval(near: Point): void
  onAddSubflow(flow: { id: number; name: string }, near: Point): void
  onAddSwitch(near: Point): void
  /** The flow being edited (absent while new): a flow cannot run itself as a step. */
  flowId: number | undefined
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

/** Above the canvas: add a job or a sub-flow (searchable pickers that add on pick), an approval or a switch; Tidy and Fit. */
export function FlowPalette({ onAddJob, onAddApproval, onAddSubflow, onAddSwitch, flowId, onTidy, onFit, laying }: FlowPaletteProps) {
  const t = useT()
  const viewCentre = useViewCentre()
  const { flows } = useFlowNames()
  const others = flows.filter((flow) => flow.id !== flowId).map((flow) => ({ value: String(flow.id), label: `#${flow.id} ${flow.name}` }))
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
      <Select
        aria-label={t('flowEditor.addSubflowHint')}
        placeholder={t('flowEditor.addSubflow')}
        data={others}
        value={null}
        searchable
        nothingFoundMessage={t('flowEditor.noFlows')}
        onChange={(value) => {
          const flow = flows.find((candidate) => String(candidate.id) === value)
          if (flow) onAddSubflow({ id: flow.id, name: flow.name }, viewCentre())
        }}
        w={190}
        size="xs"
        data-testid="flow-add-subflow"
      />
      <Button size="xs" variant="default" onClick={() => onAddSwitch(viewCentre())} data-testid="flow-add-switch">
        {t('flowEditor.addSwitch')}
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
