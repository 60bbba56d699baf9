import { Loader } from '@mantine/core'
import type { ComponentType } from 'react'
import { lazyComponent, whenIdle } from '../kit/lazy-component'
import type { PageId } from '../kit/route'

/** A page whose module loads when first opened, with a loader meanwhile (kit/lazy-component.tsx says why not React.lazy). */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): { Page: ComponentType<P>; preload(): Promise<ComponentType<P>> } {
  const { Component, preload } = lazyComponent(load, <Loader m="lg" />)
  return { Page: Component, preload }
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
 * Preloads a page once the browser is idle: the Jobs page's chunks took 150-250 ms on a loaded host
 * when an operator went there from the dashboard, after the dashboard's own reads had been sent.
 */
export function preloadWhenIdle(page: PageId): () => void {
  return whenIdle(() => preloadPage(page))
}
