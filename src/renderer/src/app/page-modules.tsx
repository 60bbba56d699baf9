import { Loader } from '@mantine/core'
import { useEffect, useState, type ComponentType } from 'react'
import type { PageId } from '../kit/route'

/** A page loaded on first use, rendered at once when its module is already here. */
interface LazyPage<P> {
  Page: ComponentType<P>
  /** Starts fetching the module and the chunks it needs (once; a failure lets the next call try again). */
  preload(): Promise<ComponentType<P>>
}

/**
 * A page whose module loads on first use, like React.lazy but without suspending: React 19 holds a
 * Suspense boundary's content back until 300 ms after its fallback showed, so a page that suspended
 * for its chunk showed its first rows ~300 ms after its data had arrived (B11,
 * docs/benchmarks.md#b11-console-at-scale). Until the module is here the page shows a loader, and
 * it renders in the same pass when it is here already (preloaded at the boot, or opened before). A
 * module that fails to load throws when rendered, as a lazy component does.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  function Page(props: P) {
    const [state, setState] = useState<{ component: ComponentType<P> | null; error?: unknown }>(() => ({ component: loaded }))
    useEffect(() => {
      if (state.component) return
      let current = true
      preload().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ component: null, error }),
      )
      return () => {
        current = false
      }
    }, [state.component])
    if (state.error !== undefined) throw state.error
    const Loaded = state.component
    return Loaded ? <Loaded {...props} /> : <Loader m="lg" />
  }
  return { Page, preload }
}

/**
 * Each page, loaded when first opened: the console's first paint parses only the shell
 * (docs/benchmarks.md#b9-cold-start), and React Flow, CodeMirror and the charts stay out until a
 * page that shows them opens.
 */
export const LAZY_PAGES = {
  dashboard: lazyPage(() => import('../pages/dashboard/dashboard-page').then((module) => module.DashboardPage)),
  jobs: lazyPage(() => import('../pages/jobs/jobs-page').then((module) => module.JobsPage)),
  dag: lazyPage(() => import('../pages/dag/dag-page').then((module) => module.DagPage)),
  flows: lazyPage(() => import('../pages/flows/flows-page').then((module) => module.FlowsPage)),
  runs: lazyPage(() => import('../pages/runs/runs-page').then((module) => module.RunsPage)),
  queue: lazyPage(() => import('../pages/queue/queue-page').then((module) => module.QueuePage)),
  alarms: lazyPage(() => import('../pages/alarms/alarms-page').then((module) => module.AlarmsPage)),
  executors: lazyPage(() => import('../pages/executors/executors-page').then((module) => module.ExecutorsPage)),
  cluster: lazyPage(() => import('../pages/cluster/cluster-page').then((module) => module.ClusterPage)),
  calendars: lazyPage(() => import('../pages/calendars/calendars-page').then((module) => module.CalendarsPage)),
  secrets: lazyPage(() => import('../pages/secrets/secrets-page').then((module) => module.SecretsPage)),
  settings: lazyPage(() => import('../pages/settings/settings-page').then((module) => module.SettingsPage)),
  users: lazyPage(() => import('../pages/users/users-page').then((module) => module.UsersPage)),
  tokens: lazyPage(() => import('../pages/users/tokens-page').then((module) => module.TokensPage)),
  audit: lazyPage(() => import('../pages/audit/audit-page').then((module) => module.AuditPage)),
} satisfies Record<PageId, { preload(): Promise<unknown> }>

/**
 * Starts fetching the page's module and its chunks while the console still asks whether it may open
 * and for its session: the Jobs page's ~30 chunks were otherwise asked for only once the session was
 * known, beside its first data. A failure is left to the page's own load, which shows it.
 */
export function preloadPage(page: PageId): void {
  LAZY_PAGES[page].preload().catch(() => {})
}

/**
 * Preloads a page once the browser is idle (at most `timeoutMs` later): the Jobs page's chunks took
 * 150-250 ms on a loaded host when an operator went there from the dashboard, after the dashboard's
 * own reads had been sent. Without requestIdleCallback (Safari) a timer stands in.
 */
export function preloadWhenIdle(page: PageId, timeoutMs = 3_000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(() => preloadPage(page), timeoutMs)
    return () => clearTimeout(timer)
  }
  const handle = requestIdleCallback(() => preloadPage(page), { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}
