import type { ComponentType } from 'react'
import type { MessageKey } from '../i18n/dictionary'
import { DashboardIcon, JobsIcon, RunsIcon, ServerIcon } from './icons'
import { runsRoute, type PageId, type Route } from './route'

/**
 * The navigation, in order. A page is listed only once it works against the core API; DAG and
 * Settings join here (with their `Route` variant) when their pages are built.
 */
export interface PageEntry {
  id: PageId
  label: MessageKey
  icon: ComponentType<{ size?: number }>
  route: Route
}

export const PAGES: readonly PageEntry[] = [
  { id: 'dashboard', label: 'nav.dashboard', icon: DashboardIcon, route: { page: 'dashboard' } },
  { id: 'jobs', label: 'nav.jobs', icon: JobsIcon, route: { page: 'jobs' } },
  { id: 'runs', label: 'nav.runs', icon: RunsIcon, route: runsRoute() },
  { id: 'executors', label: 'nav.executors', icon: ServerIcon, route: { page: 'executors' } },
]
