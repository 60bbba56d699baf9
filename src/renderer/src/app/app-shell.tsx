import { Alert, AppShell, Burger, Group, Loader, NavLink, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Suspense, useEffect } from 'react'
import { DiscardPrompt } from '../components/discard-guard'
import { MaintenanceBanner } from '../components/maintenance-banner'
import { useT } from '../i18n/use-t'
import { ChangePasswordPage } from '../pages/sign-in/change-password-form'
import { isAdmin, selectSession } from '../store/session/selectors'
import { useJobDesk } from '../store'
import { selectRoute } from '../store/ui/selectors'
import { HeaderControls } from './header-controls'
import { LAZY_PAGES, preloadWhenIdle } from './page-modules'
import { PAGES } from './pages'
import { DEFAULT_ROUTE, type Route } from '../kit/route'

// Every page loads when first opened (page-modules.tsx); the boot preloads the first one.
const DashboardPage = LAZY_PAGES.dashboard.Page
const DagPage = LAZY_PAGES.dag.Page
const FlowsPage = LAZY_PAGES.flows.Page
const SettingsPage = LAZY_PAGES.settings.Page
const JobsPage = LAZY_PAGES.jobs.Page
const RunsPage = LAZY_PAGES.runs.Page
const ExecutorsPage = LAZY_PAGES.executors.Page
const ClusterPage = LAZY_PAGES.cluster.Page
const UsersPage = LAZY_PAGES.users.Page
const TokensPage = LAZY_PAGES.tokens.Page
const CalendarsPage = LAZY_PAGES.calendars.Page
const QueuePage = LAZY_PAGES.queue.Page
const AlarmsPage = LAZY_PAGES.alarms.Page
const SecretsPage = LAZY_PAGES.secrets.Page
const AuditPage = LAZY_PAGES.audit.Page

function PageView({ route }: { route: Route }) {
  return (
    <Suspense fallback={<Loader m="lg" />}>
      <Page route={route} />
    </Suspense>
  )
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'dag':
      return <DagPage runId={route.runId} />
    case 'flows':
      return <FlowsPage route={route} />
    case 'settings':
      return <SettingsPage />
    case 'dashboard':
      return <DashboardPage />
    case 'jobs':
      return <JobsPage />
    case 'runs':
      return <RunsPage runId={route.runId} jobId={route.jobId} />
    case 'executors':
      return <ExecutorsPage />
    case 'cluster':
      return <ClusterPage />
    case 'users':
      return <UsersPage />
    case 'tokens':
      return <TokensPage />
    case 'audit':
      return <AuditPage />
    case 'calendars':
      return <CalendarsPage />
    case 'queue':
      return <QueuePage />
    case 'alarms':
      return <AlarmsPage />
    case 'secrets':
      return <SecretsPage />
  }
}

/** A page only admins see (an address typed by hand shows the dashboard to the others). */
function adminOnlyRoute(route: Route): boolean {
  return PAGES.some((page) => page.id === route.page && page.adminOnly === true)
}

/** Leaving a page with unsaved edits: the prompt, and the browser's own question on reload or close. */
function LeaveGuard() {
  const unsaved = useJobDesk((s) => s.unsavedChanges)
  const pending = useJobDesk((s) => s.pendingRoute)
  const resolve = useJobDesk((s) => s.resolvePendingRoute)
  useEffect(() => {
    if (!unsaved) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [unsaved])
  return pending !== null && <DiscardPrompt opened onKeep={() => resolve(false)} onDiscard={() => resolve(true)} />
}

export function AppShellLayout() {
  const t = useT()
  const route = useJobDesk(selectRoute)
  const navigate = useJobDesk((s) => s.navigate)
  const missingToken = useJobDesk((s) => s.missingToken)
  const session = useJobDesk(selectSession)
  const [opened, { toggle, close }] = useDisclosure()
  const pages = PAGES.filter((page) => !page.adminOnly || isAdmin(session))
  const signedIn = session !== null
  // The Jobs page is where an operator goes most: its chunks load once the first page has asked for its data.
  useEffect(() => (signedIn ? preloadWhenIdle('jobs') : undefined), [signedIn])

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.label')} />
            <Title order={1} size="h4">
              {t('app.title')}
            </Title>
          </Group>
          <HeaderControls />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        {pages.map((page) => (
          <NavLink
            key={page.id}
            href={`#/${page.id}`}
            label={t(page.label)}
            leftSection={<page.icon size={18} />}
            active={route.page === page.id}
            data-testid={`nav-${page.id}`}
            onClick={(event) => {
              event.preventDefault()
              navigate(page.route)
              close()
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main className="jd-main">
        {missingToken && (
          <Alert color="red" mb="md" data-testid="missing-token">
            {t('connection.noToken')}
          </Alert>
        )}
        <MaintenanceBanner />
        {/* No page before the session is known: a page reads on mount, and with a one-time password
            to replace every read would be refused (and recorded in the audit trail). */}
        {session === null ? null : session.mustChangePassword ? (
          <ChangePasswordPage />
        ) : (
          <PageView route={adminOnlyRoute(route) && !isAdmin(session) ? DEFAULT_ROUTE : route} />
        )}
        <LeaveGuard />
      </AppShell.Main>
    </AppShell>
  )
}
