/**
 * The page shown, as the address fragment says (`#/runs/42`, `#/runs?job=3`, `#/dag?run=42`), so
 * links and Back work.
 */
export type Route =
  | { page: 'dashboard' }
  | { page: 'jobs' }
  | { page: 'dag'; runId: number | null }
  | { page: 'runs'; runId: number | null; jobId: number | null }
  | { page: 'executors' }
  | { page: 'cluster' }
  | { page: 'settings' }
  | { page: 'users' }
  | { page: 'tokens' }
  | { page: 'audit' }

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
    case 'dag':
      return { page: 'dag', runId: positiveInt(params.get('run')) }
    case 'runs':
      return { page: 'runs', runId: positiveInt(id), jobId: positiveInt(params.get('job')) }
    default:
      return DEFAULT_ROUTE
  }
}

export function formatRoute(route: Route): string {
  if (route.page === 'dag') return route.runId !== null ? `#/dag?run=${route.runId}` : '#/dag'
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
