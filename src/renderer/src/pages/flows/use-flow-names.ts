import { useCallback, useEffect } from 'react'
import { useJobDesk } from '../../store'
import { selectFlowSummaries, selectFlowsLoaded } from '../../store/flows/selectors'

/**
 * The flows this console knows, for a subflow node's name and its flow picker: the Flows page's
 * list, read once when the editor was opened straight from a link.
 */
export function useFlowNames() {
  const summaries = useJobDesk(selectFlowSummaries)
  const loaded = useJobDesk(selectFlowsLoaded)
  const fetchFlows = useJobDesk((s) => s.fetchFlows)
  useEffect(() => {
    if (!loaded) void fetchFlows()
  }, [loaded, fetchFlows])
  // Until the list arrives a flow is not "missing": its name is just not known yet.
  const flowName = useCallback(
    (flowId: number) => summaries.find((summary) => summary.flow.id === flowId)?.flow.name ?? (loaded ? undefined : ''),
    [summaries, loaded],
  )
  return { flows: summaries.map((summary) => summary.flow), flowName, loaded }
}
