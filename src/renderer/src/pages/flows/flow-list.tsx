import './flows.css'
import './flow-states.css'
import { Button, Group, Loader, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { flowEditRoute, flowRunRoute } from '../../kit/route'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { selectFlowsLoaded, selectFlowSummaries } from '../../store/flows/selectors'
import { selectOperatesAny } from '../../store/session/selectors'
import { ChainToFlowDialog } from './chain-to-flow-dialog'
import { FlowRow } from './flow-row'
import { FlowsEmpty } from './flows-empty'
import { useFlowActions } from './use-flow-actions'

/** Every flow as a row with the grid of its recent runs; pushed events keep rows and cells current. */
export function FlowList() {
  const t = useT()
  const summaries = useJobDesk(selectFlowSummaries)
  const loaded = useJobDesk(selectFlowsLoaded)
  const fetchFlows = useJobDesk((s) => s.fetchFlows)
  const navigate = useJobDesk((s) => s.navigate)
  // Flows belong to no executor group: operators of any group see the buttons, the core's rule decides.
  const operates = useJobDesk(selectOperatesAny)
  const { actions, dialogs } = useFlowActions()
  const [chainOpen, setChainOpen] = useState(false)

  // Read on each visit: events keep the list current only once it was read.
  useEffect(() => {
    void fetchFlows()
  }, [fetchFlows])

  const openRun = useCallback((flowRunId: number) => navigate(flowRunRoute(flowRunId)), [navigate])
  const newFlow = () => navigate(flowEditRoute(null))

  return (
    <>
      <Group justify="space-between">
        <Title order={2}>{t('flows.title')}</Title>
        {operates && summaries.length > 0 && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setChainOpen(true)} data-testid="flows-from-chain">
              {t('flows.fromChain')}
            </Button>
            <Button onClick={newFlow} data-testid="flows-new">
              {t('flows.new')}
            </Button>
          </Group>
        )}
      </Group>
      {!loaded ? (
        <Loader m="lg" />
      ) : summaries.length === 0 ? (
        <FlowsEmpty operates={operates} onNew={newFlow} onFromChain={() => setChainOpen(true)} />
      ) : (
        <div className="jd-flows-table" role="table" aria-label={t('flows.title')} data-testid="flows-table">
          <div className="jd-grid-row jd-grid-head jd-flows-grid" role="row">
            <div role="columnheader">{t('flows.col.name')}</div>
            <div role="columnheader" className="jd-col-schedule">
              {t('flows.col.schedule')}
            </div>
            <div role="columnheader" className="jd-cell">
              {t('flows.col.state')}
            </div>
            <div role="columnheader">{t('flows.col.nextFire')}</div>
            <div role="columnheader" className="jd-cell">
              {t('flows.col.recent')}
            </div>
            <div role="columnheader">{t('flows.col.actions')}</div>
          </div>
          {summaries.map((summary) => (
            <FlowRow key={summary.flow.id} summary={summary} operates={operates} actions={actions} onOpenRun={openRun} />
          ))}
        </div>
      )}
      {dialogs}
      <ChainToFlowDialog opened={chainOpen} onClose={() => setChainOpen(false)} />
    </>
  )
}
