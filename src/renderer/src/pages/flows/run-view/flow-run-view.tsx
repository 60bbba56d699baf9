import '../flow-states.css'
import './run-view.css'
import './run-view-kinds.css'
import { Anchor, Card, Group, SegmentedControl, Stack, Text, useComputedColorScheme } from '@mantine/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { flowRunsRoute, flowsRoute, formatRoute } from '../../../kit/route'
import { useT } from '../../../i18n/use-t'
import { useJobDesk } from '../../../store'
import { selectOpenFlowRun } from '../../../store/flows/selectors'
import { useJobsOf } from '../../../components/use-jobs-of'
import { NodeLegend } from './node-legend'
import { NodePanel } from './node-panel'
import { RunGraph } from './run-graph'
import { RunHeader } from './run-header'
import { RunTimeline } from './run-timeline'
import { useFlowNames } from '../use-flow-names'

type Tab = 'graph' | 'timeline'

/**
 * One flow run, live: its header, its graph (or the timeline of its nodes), and the clicked node's
 * panel beside them — never over them, so the node stays in sight. Pushed `flow-run-changed`
 * events keep everything current (the slice reads the run again).
 */
export function FlowRunView({ flowRunId }: { flowRunId: number }) {
  const t = useT()
  const run = useJobDesk(selectOpenFlowRun(flowRunId))
  const missing = useJobDesk((s) => s.openFlowRunId === flowRunId && s.openFlowRunMissing)
  const loadFlowRun = useJobDesk((s) => s.loadFlowRun)
  const closeFlowRun = useJobDesk((s) => s.closeFlowRun)
  const navigate = useJobDesk((s) => s.navigate)
  const { jobsById } = useJobsOf(useMemo(() => (run ? run.definition.nodes.flatMap((node) => ('jobId' in node ? [node.jobId] : [])) : []), [run]))
  const colorMode = useComputedColorScheme('light')
  const [tab, setTab] = useState<Tab>('graph')
  const [selectedKey, setSelectedKey] = useState<string | null>(null)

  useEffect(() => {
    void loadFlowRun(flowRunId)
    return () => closeFlowRun()
  }, [flowRunId, loadFlowRun, closeFlowRun])

  const jobName = useCallback((jobId: number) => jobsById.get(jobId)?.name ?? t('flowNode.jobGone', { id: jobId }), [jobsById, t])
  const { flowName: knownFlowName } = useFlowNames()
  const flowName = useCallback((flowId: number) => knownFlowName(flowId) || `#${flowId}`, [knownFlowName])
  const backRoute = run ? flowRunsRoute(run.flowId) : flowsRoute()
  const back = (
    <Anchor
      size="sm"
      href={formatRoute(backRoute)}
      onClick={(event) => {
        event.preventDefault()
        navigate(backRoute)
      }}
      data-testid="flow-run-back"
    >
      ← {run ? t('flowRuns.title', { name: run.flowName }) : t('flows.backToList')}
    </Anchor>
  )

  if (!run) {
    return (
      <Stack gap="sm">
        {back}
        <Card withBorder>
          <Text c="dimmed">{missing ? t('flowRun.notFound', { id: flowRunId }) : t('common.loading')}</Text>
        </Card>
      </Stack>
    )
  }
  return (
    <>
      {back}
      <RunHeader run={run} flowName={flowName} />
      <div className="jd-flow-run-body">
        <div className="jd-flow-run-main">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <SegmentedControl
              size="xs"
              value={tab}
              onChange={(value) => setTab(value as Tab)}
              data={[
                { value: 'graph', label: t('flowRun.tabGraph') },
                { value: 'timeline', label: t('flowRun.tabTimeline') },
              ]}
              data-testid="flow-run-tabs"
            />
            <NodeLegend nodes={run.nodes} />
          </Group>
          {/* Both stay mounted: coming back to the graph keeps its viewport. */}
          <div className="jd-flow-run-canvas" hidden={tab !== 'graph'}>
            <RunGraph run={run} jobName={jobName} flowName={flowName} selectedKey={selectedKey} colorMode={colorMode} onSelect={setSelectedKey} />
          </div>
          <div className="jd-flow-run-timeline" hidden={tab !== 'timeline'}>
            <RunTimeline run={run} selectedKey={selectedKey} onSelect={setSelectedKey} />
          </div>
          {tab === 'graph' && (
            <Text size="xs" c="dimmed">
              {t('flowRun.graphHint')}
            </Text>
          )}
        </div>
        {selectedKey !== null && <NodePanel key={selectedKey} run={run} nodeKey={selectedKey} flowName={flowName} onClose={() => setSelectedKey(null)} />}
      </div>
    </>
  )
}
