import { Menu, Tray } from 'electron'
import type { JobDeskEvent, Overview } from '../../shared/api'
import type { JobRun, RegistryEntry } from '../../shared/model'
import { isKilledRun } from '../../shared/run-kill'
import type { CoreClient } from './core-client'
import { fleetStatus } from './fleet-status'
import type { ShellLanguage } from './shell-language'
import { shellText } from './shell-text'
import { trayIcon } from './tray-icon'

const REFRESH_MS = 5000
const FAILURES_SHOWN = 5
/** Failed runs read for the submenu: enough that a few kills among them still leave FAILURES_SHOWN. */
const FAILED_RUNS_READ = 20

export interface TrayActions {
  openWindow(): void
  openRun(logId: number): void
  quit(): void
}

/**
 * The tray: a green/amber/red light for the fleet, the latest failures (click opens the run), open
 * and quit, in the console's language. Refreshed every few seconds and whenever a run fails, an
 * executor changes or the console's language does.
 */
export function createTray(core: CoreClient, actions: TrayActions, language: ShellLanguage): () => void {
  const tray = new Tray(trayIcon('green'))
  tray.setToolTip('JobDesk')
  tray.on('click', () => actions.openWindow())

  let refreshing = false
  const refresh = async () => {
    if (refreshing) return
    refreshing = true
    try {
      // The overview's counts leave killed runs out, and so does the failures submenu: a kill is not the job failing.
      const [overview, registry, failed] = await Promise.all([
        value<Pick<Overview, 'failedLast24hCount' | 'lastHour'>>(core.call('getOverview', [])),
        value<RegistryEntry[]>(core.call('listRegistry', [])),
        value<{ runs: JobRun[] }>(core.call('listRuns', [{ status: 'failed', limit: FAILED_RUNS_READ }])),
      ])
      if (!overview || !registry || !failed) return
      const failures = { runs: failed.runs.filter((run) => !isKilledRun(run)).slice(0, FAILURES_SHOWN) }
      const text = shellText(language.current)
      const status = fleetStatus(registry, overview.failedLast24hCount, overview.lastHour.failCount, language.current)
      tray.setImage(trayIcon(status.color))
      tray.setToolTip(`JobDesk — ${status.summary}`)
      tray.setContextMenu(
        Menu.buildFromTemplate([
          { label: status.summary, enabled: false },
          { type: 'separator' },
          {
            label: text.recentFailures,
            submenu:
              failures.runs.length === 0
                ? [{ label: text.none, enabled: false }]
                : failures.runs.map((run) => ({
                    label: text.failureItem(run.id, run.jobId, new Date(run.triggerTimeMs).toLocaleTimeString(language.current ?? undefined)),
                    click: () => actions.openRun(run.id),
                  })),
          },
          { type: 'separator' },
          { label: text.open, click: () => actions.openWindow() },
          { label: text.quit, click: () => actions.quit() },
        ]),
      )
    } finally {
      refreshing = false
    }
  }

  void refresh()
  const timer = setInterval(() => void refresh(), REFRESH_MS)
  const unsubscribe = core.onEvent((event: JobDeskEvent) => {
    if (event.type === 'alarm' || event.type === 'registry-changed') void refresh()
  })
  const offLanguage = language.onChange(() => void refresh())
  return () => {
    clearInterval(timer)
    unsubscribe()
    offLanguage()
    tray.destroy()
  }
}

async function value<T>(result: Promise<{ ok: true; value: unknown } | { ok: false }>): Promise<T | null> {
  const settled = await result
  return settled.ok ? (settled.value as T) : null
}
