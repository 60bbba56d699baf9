import type { ComponentType } from 'react'
import type { MessageKey } from '../i18n/dictionary'
import { DashboardIcon, JobsIcon, RunsIcon } from './icons'
import { runsRoute, type PageId, type Route } from './route'

/**
 * The navigation, in order. A page is listed only once it works against the core API; DAG,
 * Executors and Settings join here (with their `Route` variant) when the API has what they show.
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
]
