import { client } from '../../api/client'
import { errorMessage } from '../../kit/notify'
import { EMPTY_LOG, mergeLogPage } from '../../lib/logs/log-lines'
import type { SliceCreator } from '../state'
import { initialRunLogState, type RunLogEntry } from './initialState'
import type { RunLogSlice } from './slice'

/**
 * Without pushed lines for this long, an open, unfinished log is re-read: the core pushes lines
 * only for runs on the embedded executor, and a run that had no executor when the watch began
 * (pending) is not watched. Also how the end of a log is noticed.
 */
export const LOG_POLL_MS = 2000

/**
 * Lines per read (the core's `maxLines`; it allows up to 50,000). A 100,000-line log arrives in ten
 * pages: the first shows at once and each later one is appended while the view stays responsive.
 */
export const LOG_PAGE_LINES = 10_000

interface OpenLog {
  views: number
  reading: boolean
  /** A read was asked for while one ran: run one more afterwards. */
  readAgain: boolean
  lastPushAtMs: number
  timer: ReturnType<typeof setInterval> | null
}

export const createRunLogSlice: SliceCreator<RunLogSlice> = (set, get) => {
  // Bookkeeping that is not view state: open counts, read serialisation, poll timers.
  const open = new Map<number, OpenLog>()

  const update = (logId: number, patch: Partial<RunLogEntry>) => {
    const current = get().runLogs[logId]
    if (!current || !open.has(logId)) return
    set({ runLogs: { ...get().runLogs, [logId]: { ...current, ...patch } } })
  }

  // Pushes start after the lines already read, so a long log is not sent a second time.
  const watch = (logId: number) =>
    client()
      .watchRunLog(logId, (get().runLogs[logId]?.buffer.lastLineNum ?? 0) + 1)
      .catch(() => {})

  const stopPolling = (log: OpenLog) => {
    if (log.timer) clearInterval(log.timer)
    log.timer = null
  }

  return {
    ...initialRunLogState,

    openRunLog(logId) {
      const existing = open.get(logId)
      if (existing) {
        existing.views++
        return
      }
      const log: OpenLog = { views: 1, reading: false, readAgain: false, lastPushAtMs: Date.now(), timer: null }
      open.set(logId, log)
      set({
        runLogs: {
          ...get().runLogs,
          [logId]: { buffer: EMPTY_LOG, isEnd: false, loading: true, catchingUp: false, error: null, source: null, executorError: null },
        },
      })
      void get()
        .refreshRunLog(logId)
        .then(() => {
          if (open.get(logId) === log && !get().runLogs[logId]?.isEnd) void watch(logId)
        })
      log.timer = setInterval(() => {
        const entry = get().runLogs[logId]
        if (!entry || entry.isEnd) return stopPolling(log)
        if (Date.now() - log.lastPushAtMs >= LOG_POLL_MS) void get().refreshRunLog(logId)
      }, LOG_POLL_MS)
    },

    closeRunLog(logId) {
      const log = open.get(logId)
      if (!log || --log.views > 0) return
      stopPolling(log)
      open.delete(logId)
      void client()
        .unwatchRunLog(logId)
        .catch(() => {})
      const { [logId]: _closed, ...rest } = get().runLogs
      set({ runLogs: rest })
    },

    applyRunLogPage(logId, page) {
      const log = open.get(logId)
      const entry = get().runLogs[logId]
      if (!log || !entry) return
      log.lastPushAtMs = Date.now()
      if (log.reading) {
        // The read in flight returns everything from its start line: catch these lines after it.
        log.readAgain = true
        return
      }
      const merged = mergeLogPage(entry.buffer, page)
      if (merged.gapFromLineNum !== null) {
        void get().refreshRunLog(logId)
        return
      }
      if (merged.buffer !== entry.buffer) update(logId, { buffer: merged.buffer })
    },

    async refreshRunLog(logId) {
      const log = open.get(logId)
      if (!log) return
      if (log.reading) {
        log.readAgain = true
        return
      }
      log.reading = true
      try {
        let more = false
        let endChecked = false
        do {
          log.readAgain = false
          const entry = get().runLogs[logId]
          if (!entry) return
          const page = await client().getRunLog({ logId, fromLineNum: entry.buffer.lastLineNum + 1, maxLines: LOG_PAGE_LINES })
          const current = get().runLogs[logId]
          if (!current || open.get(logId) !== log) return
          const merged = mergeLogPage(current.buffer, page)
          const lines = page.toLineNum >= page.fromLineNum ? page.toLineNum - page.fromLineNum + 1 : 0
          // A full page means more lines are waiting: read on at once. After a short page, one more
          // read tells whether the log has ended (a finished run's executor says so once nothing is
          // left), instead of leaving "live" up until the next poll.
          const full = !page.isEnd && lines >= LOG_PAGE_LINES
          update(logId, {
            buffer: merged.buffer,
            isEnd: page.isEnd,
            loading: false,
            catchingUp: full,
            error: null,
            source: page.source ?? null,
            executorError: page.executorError ?? null,
          })
          const checkEnd = !page.isEnd && !full && lines > 0 && !endChecked
          if (checkEnd) endChecked = true
          more = full || checkEnd
        } while ((log.readAgain || more) && open.get(logId) === log)
      } catch (error) {
        update(logId, { loading: false, catchingUp: false, error: errorMessage(error, get().preferences.language) })
      } finally {
        log.reading = false
      }
    },

    rewatchRunLogs(logIds) {
      for (const logId of logIds ?? [...open.keys()]) {
        if (!open.has(logId) || get().runLogs[logId]?.isEnd) continue
        // unwatch first: the core counts watches, and one that already exists must not count twice.
        void client()
          .unwatchRunLog(logId)
          .catch(() => {})
          .then(() => watch(logId))
        void get().refreshRunLog(logId)
      }
    },
  }
}
