import type { JobDeskEvent } from '../../../shared/api'
import { PermissionError } from '../../../shared/errors'
import { MISFIRE_STRATEGIES, type JobRun, type MisfireStrategy } from '../../../shared/model'
import { isKillMessage } from '../../../shared/run-kill'
import { translate, type Language } from '../i18n/dictionary'
import { client, isDesktop, type JobDeskClient } from '../api/client'
import { shareLanguage } from '../services/console-language'
import { notifyEvent } from '../kit/notify'
import { flowRunRoute, runsRoute } from '../kit/route'
import { alarmText, flowNoticeText } from '../lib/alarms/event-text'
import { useJobDesk } from './index'
import { selectRun } from './runs/selectors'

/** Applies one pushed core event to the store. The only place events enter the renderer state. */
export function applyEvent(event: JobDeskEvent): void {
  const store = useJobDesk.getState()
  switch (event.type) {
    case 'jobs-changed':
      void store.refetchJobs(event.jobIds).catch(() => {})
      // A job saved here may have been from a file, and an apply may have brought new ones.
      store.applyOriginsChanged()
      return
    case 'runs-changed':
      store.applyRunsChanged(event.runs)
      store.applyChainRuns(event.runs)
      rewatchStartedRuns(event.runs)
      // More changed than the event carries: what is shown may be stale beyond these rows.
      if (event.truncated) void store.resyncRuns()
      return
    case 'run-log':
      store.applyRunLogPage(event.logId, event.page)
      return
    case 'scheduler':
      store.applySchedulerStatus(event.status)
      return
    case 'registry-changed':
      store.applyRegistryChanged(event.entries)
      return
    case 'open-run':
      store.navigate(runsRoute(event.logId))
      return
    case 'alarm':
      // The desktop shell already raises a system notification for alarms.
      if (!isDesktop()) {
        // A kill fires the alarm too (XXL-JOB records it as a failure), but the job did not fail.
        const killed = isKillMessage(event.handleMsg)
        notifyEvent(
          store.preferences.language,
          killed ? 'orange' : 'red',
          killed ? 'event.alarmKilled' : 'event.alarm',
          { id: event.logId, name: event.jobName },
          alarmText(store.preferences.language, event, selectRun(event.logId)(store)),
          () => useJobDesk.getState().navigate(runsRoute(event.logId)),
          `alarm-job-${event.jobId}`,
        )
      }
      return
    case 'misfire':
      notifyEvent(
        store.preferences.language,
        'orange',
        'event.misfire',
        { id: event.jobId, n: event.missedCount },
        misfireText(store.preferences.language, event.strategy),
        undefined,
        `misfire-job-${event.jobId}`,
      )
      return
    case 'links-changed':
      void store.fetchLinks().catch(() => {})
      return
    case 'flows-changed':
      store.applyFlowsChanged()
      store.applyOriginsChanged()
      return
    case 'flow-run-changed':
      store.applyFlowRunChanged({ flowRunId: event.flowRunId, flowId: event.flowId, state: event.state })
      return
    case 'flow-notice': {
      // The desktop shell raises a system notification for these, as for alarms.
      if (isDesktop()) return
      const color = event.kind === 'approval' || event.kind === 'recovered' ? 'blue' : 'red'
      // One toast per flow and kind, as per job for alarms: a flow failing again and again replaces its toast.
      notifyEvent(
        store.preferences.language,
        color,
        `event.flow.${event.kind}`,
        { id: event.flowRunId, name: event.flowName },
        flowNoticeText(store.preferences.language, event),
        () => useJobDesk.getState().navigate(flowRunRoute(event.flowRunId)),
        `flow-${event.kind}-${event.flowId}`,
      )
      return
    }
    case 'deadline-miss': {
      // The desktop shell raises a system notification for these, as for alarms.
      if (isDesktop()) return
      notifyEvent(
        store.preferences.language,
        'orange',
        `event.deadline.${event.kind}`,
        { id: event.runId, name: event.ownerName },
        event.detail,
        () => useJobDesk.getState().navigate(event.target === 'job' ? runsRoute(event.runId) : flowRunRoute(event.runId)),
        `deadline-${event.target}-${event.ownerId}-${event.kind}`,
      )
      return
    }
    case 'xxl-import-progress':
      store.applyXxlImportProgress(event.progress)
      return
    case 'maintenance-changed':
      store.applyMaintenance(event.state)
      return
    case 'windows-changed':
      store.applyWindowsChanged()
      return
    case 'silences-changed':
      store.applySilencesChanged()
      return
    default: {
      // A new event type must be handled here (or knowingly ignored) before the renderer builds.
      const unhandled: never = event
      void unhandled
    }
  }
}

/** `立即执行一次 (FIRE_ONCE_NOW)`: the strategy's name in the UI language with its wire name. */
function misfireText(language: Language, strategy: string): string {
  if (!(MISFIRE_STRATEGIES as readonly string[]).includes(strategy)) return strategy
  return `${translate(language, `misfire.label.${strategy as MisfireStrategy}`)} (${strategy})`
}

/**
 * An open log of a run that had no executor when it was opened was not watched by the core: once a
 * pushed row shows an executor address, watch again and read what was written so far.
 */
function rewatchStartedRuns(runs: readonly JobRun[]): void {
  const store = useJobDesk.getState()
  const ids = runs.filter((run) => run.executorAddress !== '' && store.runLogs[run.id]?.buffer.lastLineNum === 0).map((run) => run.id)
  if (ids.length > 0) store.rewatchRunLogs(ids)
}

/**
 * Reads everything the console shows; after a reconnect, since events were missed meanwhile. The
 * session first: while a one-time password must be replaced the core refuses every other read (and
 * records each refusal), so nothing else is asked until the change-password form has done its work.
 */
export async function loadAll(): Promise<void> {
  await useJobDesk.getState().fetchSession()
  const store = useJobDesk.getState()
  if (store.session?.mustChangePassword) return
  const tasks = [
    store.fetchGroups(),
    // The first page, not every job: the rest is read as the operator scrolls, filters or opens. A
    // read already under way (the Jobs page, opened first, asked for its rows) answers for this one:
    // a second would start a new turn and drop the first's rows, which arrive sooner.
    store.jobList.loading ? Promise.resolve() : store.refetchJobs([]),
    store.fetchRegistry(),
    store.fetchLinks(),
    // Pause-all's banner shows on every page from the first paint.
    store.fetchMaintenance(),
  ]
  if (store.runsLoaded) tasks.push(store.fetchRuns())
  // The overview (the dashboard's counts, the demo jobs' banner on the dashboard and the Jobs page)
  // counts a day of runs, ~35 ms of the core's thread at a million runs: asked for once the list's
  // first rows are read, so they never wait behind it, unless the dashboard has read it meanwhile.
  const startedAtMs = Date.now()
  tasks.push(
    listRead().then(async () => {
      if (useJobDesk.getState().overviewAtMs < startedAtMs) await useJobDesk.getState().fetchOverview()
    }),
  )
  tasks.push(store.resyncFlows())
  const results = await Promise.allSettled(tasks)
  // After the groups and the first jobs: the origins read is of the jobs read, by their groups' app names.
  await store.fetchDefinitionOrigins()
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
}

/** Resolves once no read of the Jobs list is under way (at once when none is). */
function listRead(): Promise<void> {
  return new Promise((resolve) => {
    if (!useJobDesk.getState().jobList.loading) return resolve()
    const unsubscribe = useJobDesk.subscribe((state) => {
      if (state.jobList.loading) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Connects the store to a client: events, connection state, the first load, and a resync (re-read
 * plus re-watch of open logs) each time a lost connection comes back.
 */
export function connectStore(core: JobDeskClient = client()): () => void {
  const store = useJobDesk.getState()
  const offEvents = core.onEvent(applyEvent)
  let wasDown = false
  const offConnection = core.onConnection((state) => {
    useJobDesk.getState().setConnection(state)
    if (state === 'reconnecting') wasDown = true
    if (state === 'online' && wasDown) {
      wasDown = false
      void loadAll().catch(() => {})
      useJobDesk.getState().rewatchRunLogs()
    }
  })
  store.setConnection(core.connectionState())
  // The shell (tray, notifications) speaks the language this console shows, chosen or detected.
  shareLanguage(store.preferences.language)
  void loadAll().then(
    () => useJobDesk.getState().setConnection(core.connectionState()),
    (error: unknown) => {
      if (error instanceof PermissionError && error.code === 'console.noToken') useJobDesk.getState().setMissingToken(true)
    },
  )
  return () => {
    offEvents()
    offConnection()
  }
}
