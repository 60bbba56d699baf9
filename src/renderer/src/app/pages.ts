import type { ComponentType } from 'react'
import type { MessageKey } from '../i18n/dictionary'
import {
  AuditIcon,
  BellIcon,
  CalendarIcon,
  ClusterIcon,
  DagIcon,
  DashboardIcon,
  FlowIcon,
  JobsIcon,
  KeyIcon,
  ListIcon,
  RunsIcon,
  ServerIcon,
  SettingsIcon,
  UsersIcon,
} from '../kit/icons'
import { dagRoute, flowsRoute, runsRoute, type PageId, type Route } from '../kit/route'

/** The navigation, in order: one entry per page of the `Route` union. */
export interface PageEntry {
  id: PageId
  label: MessageKey
  icon: ComponentType<{ size?: number }>
  route: Route
  /** Shown to admins only (the core refuses the rest of their calls to others). */
  adminOnly?: boolean
}

export const PAGES: readonly PageEntry[] = [
  { id: 'dashboard', label: 'nav.dashboard', icon: DashboardIcon, route: { page: 'dashboard' } },
  { id: 'jobs', label: 'nav.jobs', icon: JobsIcon, route: { page: 'jobs' } },
  { id: 'dag', label: 'nav.dag', icon: DagIcon, route: dagRoute() },
  { id: 'flows', label: 'nav.flows', icon: FlowIcon, route: flowsRoute() },
  { id: 'runs', label: 'nav.runs', icon: RunsIcon, route: runsRoute() },
  { id: 'queue', label: 'nav.queue', icon: ListIcon, route: { page: 'queue' } },
  { id: 'alarms', label: 'nav.alarms', icon: BellIcon, route: { page: 'alarms' } },
  { id: 'executors', label: 'nav.executors', icon: ServerIcon, route: { page: 'executors' } },
  { id: 'cluster', label: 'nav.cluster', icon: ClusterIcon, route: { page: 'cluster' } },
  { id: 'calendars', label: 'nav.calendars', icon: CalendarIcon, route: { page: 'calendars' } },
  { id: 'secrets', label: 'nav.secrets', icon: KeyIcon, route: { page: 'secrets' } },
  { id: 'settings', label: 'nav.settings', icon: SettingsIcon, route: { page: 'settings' }, adminOnly: true },
  { id: 'users', label: 'nav.users', icon: UsersIcon, route: { page: 'users' }, adminOnly: true },
  { id: 'tokens', label: 'nav.tokens', icon: KeyIcon, route: { page: 'tokens' } },
  { id: 'audit', label: 'nav.audit', icon: AuditIcon, route: { page: 'audit' }, adminOnly: true },
]
