/**
 * The page shown, as the address fragment says (`#/runs/42`, `#/runs?job=3`, `#/dag?run=42`,
 * `#/flows/3`), so links and Back work.
 */
export type Route =
  | { page: 'dashboard' }
  | { page: 'jobs' }
  | { page: 'dag'; runId: number | null }
  | FlowsRoute
  | { page: 'runs'; runId: number | null; jobId: number | null }
  | { page: 'executors' }
  | { page: 'cluster' }
  | { page: 'settings' }
  | { page: 'users' }
  | { page: 'tokens' }
  | { page: 'audit' }
  | { page: 'calendars' }
  | { page: 'queue' }
  | { page: 'alarms' }
  | { page: 'secrets' }

/**
 * The Flows page's views: the list (`#/flows`), one flow's runs (`#/flows/3`), one flow run
 * (`#/flows/run/42`) and the editor of a flow (`#/flows/3/edit`) or of a new one (`#/flows/new`).
 */
export type FlowsRoute =
  | { page: 'flows'; mode: 'list' }
  | { page: 'flows'; mode: 'runs'; flowId: number }
  | { page: 'flows'; mode: 'run'; flowRunId: number }
  | { page: 'flows'; mode: 'edit'; flowId: number | null }

export type PageId = Route['page']

export const DEFAULT_ROUTE: Route = { page: 'dashboard' }

function positiveInt(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null
  const n = Number(text)
  return n > 0 && Number.isSafeInteger(n) ? n : null
}

/** Reads a fragment like `#/runs/42?job=3`; anything unknown is the dashboard. */
export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#/, '')
  if (!body.startsWith('/')) return DEFAULT_ROUTE
  const [path, query = ''] = body.slice(1).split('?', 2)
  const [page, id] = path.split('/')
  const params = new URLSearchParams(query)
  switch (page) {
    case 'jobs':
      return { page: 'jobs' }
    case 'executors':
      return { page: 'executors' }
    case 'cluster':
      return { page: 'cluster' }
    case 'settings':
      return { page: 'settings' }
    case 'users':
      return { page: 'users' }
    case 'tokens':
      return { page: 'tokens' }
    case 'audit':
      return { page: 'audit' }
    case 'calendars':
      return { page: 'calendars' }
    case 'queue':
      return { page: 'queue' }
    case 'alarms':
      return { page: 'alarms' }
    case 'secrets':
      return { page: 'secrets' }
    case 'dag':
      return { page: 'dag', runId: positiveInt(params.get('run')) }
    case 'runs':
      return { page: 'runs', runId: positiveInt(id), jobId: positiveInt(params.get('job')) }
    case 'flows':
      return parseFlowsPath(path.split('/').slice(1))
    default:
      return DEFAULT_ROUTE
  }
}

/** `flows/…` after the page: a malformed rest shows the list rather than the dashboard (the operator was on Flows). */
function parseFlowsPath([first, second]: string[]): FlowsRoute {
  if (first === 'new' && second === undefined) return flowEditRoute(null)
  if (first === 'run') {
    const flowRunId = positiveInt(second)
    return flowRunId !== null ? flowRunRoute(flowRunId) : flowsRoute()
  }
  const flowId = positiveInt(first)
  if (flowId === null) return flowsRoute()
  if (second === undefined) return flowRunsRoute(flowId)
  return second === 'edit' ? flowEditRoute(flowId) : flowsRoute()
}

function formatFlowsRoute(route: FlowsRoute): string {
  switch (route.mode) {
    case 'list':
      return '#/flows'
    case 'runs':
      return `#/flows/${route.flowId}`
    case 'run':
      return `#/flows/run/${route.flowRunId}`
    case 'edit':
      return route.flowId === null ? '#/flows/new' : `#/flows/${route.flowId}/edit`
  }
}

export function formatRoute(route: Route): string {
  if (route.page === 'dag') return route.runId !== null ? `#/dag?run=${route.runId}` : '#/dag'
  if (route.page === 'flows') return formatFlowsRoute(route)
  if (route.page !== 'runs') return `#/${route.page}`
  const path = route.runId !== null ? `#/runs/${route.runId}` : '#/runs'
  return route.jobId !== null ? `${path}?job=${route.jobId}` : path
}

export function runsRoute(runId: number | null = null, jobId: number | null = null): Route {
  return { page: 'runs', runId, jobId }
}

/** The DAG, with a chain run highlighted end to end when `runId` is given. */
export function dagRoute(runId: number | null = null): Route {
  return { page: 'dag', runId }
}

export function flowsRoute(): FlowsRoute {
  return { page: 'flows', mode: 'list' }
}

export function flowRunsRoute(flowId: number): FlowsRoute {
  return { page: 'flows', mode: 'runs', flowId }
}

export function flowRunRoute(flowRunId: number): FlowsRoute {
  return { page: 'flows', mode: 'run', flowRunId }
}

/** The flow editor: of flow `flowId`, or of a new flow when null. */
export function flowEditRoute(flowId: number | null): FlowsRoute {
  return { page: 'flows', mode: 'edit', flowId }
}

/**
 * What unsaved edits belong to: the page, except that the flow editor is a place of its own inside
 * Flows (leaving it for the list or another flow loses its edits, so the leave guard asks).
 */
export function editScope(route: Route): string {
  return route.page === 'flows' && route.mode === 'edit' ? formatFlowsRoute(route) : route.page
}
