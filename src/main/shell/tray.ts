import { Menu, Tray } from 'electron'
import type { JobDeskEvent } from '../../shared/api'
import type { JobRun, RegistryEntry } from '../../shared/model'
import type { CoreClient } from '../app/core-client'
import { fleetStatus } from '../app/fleet-status'
import { trayIcon } from './tray-icon'

const REFRESH_MS = 5000
const HOUR_MS = 3_600_000

export interface TrayActions {
  openWindow(): void
  openRun(logId: number): void
  quit(): void
}

/**
 * The tray: a green/amber/red light for the fleet, the latest failures (click opens the run), open
 * and quit. Refreshed every few seconds and whenever a run fails or an executor changes.
 */
export function createTray(core: CoreClient, actions: TrayActions): () => void {
  const tray = new Tray(trayIcon('green'))
  tray.setToolTip('JobDesk')
  tray.on('click', () => actions.openWindow())

  let refreshing = false
  const refresh = async () => {
    if (refreshing) return
    refreshing = true
    try {
      const [overview, registry, failures, lastHour] = await Promise.all([
        value<{ failedLast24hCount: number }>(core.call('getOverview', [])),
        value<RegistryEntry[]>(core.call('listRegistry', [])),
        value<{ runs: JobRun[] }>(core.call('listRuns', [{ status: 'failed', limit: 5 }])),
        value<{ runs: JobRun[] }>(core.call('listRuns', [{ status: 'failed', sinceMs: Date.now() - HOUR_MS, limit: 1 }])),
      ])
      if (!overview || !registry || !failures || !lastHour) return
      const status = fleetStatus(registry, overview.failedLast24hCount, lastHour.runs.length)
      tray.setImage(trayIcon(status.color))
      tray.setToolTip(`JobDesk — ${status.summary}`)
      tray.setContextMenu(
        Menu.buildFromTemplate([
          { label: status.summary, enabled: false },
          { type: 'separator' },
          {
            label: 'Recent failures',
            submenu:
              failures.runs.length === 0
                ? [{ label: 'None', enabled: false }]
                : failures.runs.map((run) => ({
                    label: `Run ${run.id} · job ${run.jobId} · ${new Date(run.triggerTimeMs).toLocaleTimeString()}`,
                    click: () => actions.openRun(run.id),
                  })),
          },
          { type: 'separator' },
          { label: 'Open JobDesk', click: () => actions.openWindow() },
          { label: 'Quit', click: () => actions.quit() },
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
  return () => {
    clearInterval(timer)
    unsubscribe()
    tray.destroy()
  }
}

async function value<T>(result: Promise<{ ok: true; value: unknown } | { ok: false }>): Promise<T | null> {
  const settled = await result
  return settled.ok ? (settled.value as T) : null
}
