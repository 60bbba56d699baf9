import { Notification } from 'electron'
import type { JobDeskEvent } from '../../shared/api'
import type { CoreClient } from '../app/core-client'

/**
 * OS notifications: a run failed (its alarm fired) or an executor died. Clicking a failure opens the
 * run; clicking a dead executor opens the window.
 */
export function notifyFromEvents(core: CoreClient, actions: { openRun(logId: number): void; openWindow(): void }): () => void {
  const knownDead = new Set<string>()
  return core.onEvent((event: JobDeskEvent) => {
    if (!Notification.isSupported()) return
    if (event.type === 'alarm') {
      const notification = new Notification({
        title: `Job failed: ${event.jobName}`,
        body: `Run ${event.logId} of job ${event.jobId}${event.reason ? ` — ${event.reason.slice(0, 200)}` : ''}`,
      })
      notification.on('click', () => actions.openRun(event.logId))
      notification.show()
    }
    if (event.type === 'registry-changed') {
      for (const entry of event.entries) {
        const key = `${entry.appName} ${entry.address}`
        if (entry.health !== 'dead') {
          knownDead.delete(key)
          continue
        }
        if (knownDead.has(key)) continue
        knownDead.add(key)
        const notification = new Notification({
          title: `Executor lost: ${entry.appName}`,
          body: `${entry.address} stopped sending heartbeats and was removed from its group.`,
        })
        notification.on('click', () => actions.openWindow())
        notification.show()
      }
    }
  })
}
