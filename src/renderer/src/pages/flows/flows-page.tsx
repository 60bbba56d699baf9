import { Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { flowsRoute, type FlowsRoute } from '../../kit/route'
import { useJobDesk } from '../../store'
import { FlowList } from './flow-list'
import { FlowRunsView } from './flow-runs-view'

// The run view's graph (React Flow, ELK) and the editor load when first opened, not with the list.
const FlowRunView = lazy(() => import('./run-view/flow-run-view').then((module) => ({ default: module.FlowRunView })))
// The flow editor is built apart (./editor); this page only opens it.
const FlowEditorPage = lazy(() => import('./editor/flow-editor-page').then((module) => ({ default: module.FlowEditorPage })))

/** Flows: the list (`#/flows`), one flow's runs, one flow run, or the editor, as the route says. */
export function FlowsPage({ route }: { route: FlowsRoute }) {
  const navigate = useJobDesk((s) => s.navigate)
  return (
    <div className="jd-page" data-testid="page-flows" data-view={route.mode}>
      <Suspense fallback={<Loader m="lg" />}>
        <FlowsView route={route} onCloseEditor={() => navigate(flowsRoute())} />
      </Suspense>
    </div>
  )
}

function FlowsView({ route, onCloseEditor }: { route: FlowsRoute; onCloseEditor(): void }) {
  switch (route.mode) {
    case 'list':
      return <FlowList />
    case 'runs':
      return <FlowRunsView key={route.flowId} flowId={route.flowId} />
    case 'run':
      return <FlowRunView key={route.flowRunId} flowRunId={route.flowRunId} />
    case 'edit':
      return <FlowEditorPage key={route.flowId ?? 'new'} flowId={route.flowId} onClose={onCloseEditor} />
  }
}
