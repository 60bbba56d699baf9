import { Notification } from 'electron'
import type { JobDeskEvent } from '../../shared/api'
import { isKillMessage } from '../../shared/run-kill'
import type { CoreClient } from './core-client'
import type { ShellLanguage } from './shell-language'
import { shellText } from './shell-text'

/**
 * OS notifications in the console's language: a run failed (its alarm fired), an executor died, a flow
 * run failed, timed out or waits for an approval.
 * Clicking a failure opens the run; clicking a dead executor opens the window. The failure's reason
 * stays in the words of its handler or executor.
 */
export function notifyFromEvents(
  core: CoreClient,
  actions: { openRun(logId: number): void; openWindow(): void },
  language: Pick<ShellLanguage, 'current'>,
): () => void {
  const knownDead = new Set<string>()
  return core.onEvent((event: JobDeskEvent) => {
    if (!Notification.isSupported()) return
    const text = shellText(language.current)
    if (event.type === 'alarm') {
      const notification = new Notification({
        title: isKillMessage(event.handleMsg) ? text.jobKilledTitle(event.jobName) : text.jobFailedTitle(event.jobName),
        body: `${text.jobFailedBody(event.logId, event.jobId)}${event.reason ? ` — ${event.reason.slice(0, 200)}` : ''}`,
      })
      notification.on('click', () => actions.openRun(event.logId))
      notification.show()
    }
    if (event.type === 'flow-notice') {
      const notification = new Notification({
        title: text.flowNoticeTitle(event.kind, event.flowName),
        body: text.flowNoticeBody(event.flowRunId, event.detail),
      })
      notification.on('click', () => actions.openWindow())
      notification.show()
    }
    if (event.type === 'deadline-miss') {
      const notification = new Notification({
        title: text.deadlineTitle(event.kind, event.ownerName),
        body: text.deadlineBody(event.target, event.runId, event.detail),
      })
      notification.on('click', () => (event.target === 'job' ? actions.openRun(event.runId) : actions.openWindow()))
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
          title: text.executorLostTitle(entry.appName),
          body: text.executorLostBody(entry.address),
        })
        notification.on('click', () => actions.openWindow())
        notification.show()
      }
    }
  })
}
