import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { MAX_SLEEP_MS, type Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import { formatLocalDate } from './log-format'

/** Retention below this many days disables cleaning (XXL-JOB 3.x). */
export const MIN_RETENTION_DAYS = 3
const DATE_DIR = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Date folders (`yyyy-MM-dd`) to delete: those whose date plus `retentionDays` is before today
 * (local). Other names (gluesource, callbacklogs, anything unexpected) are never selected.
 */
export function selectExpiredLogDirs(names: readonly string[], nowMs: number, retentionDays: number): string[] {
  if (retentionDays < MIN_RETENTION_DAYS) return []
  const today = formatLocalDate(nowMs)
  return names.filter((name) => {
    const match = DATE_DIR.exec(name)
    if (!match) return false
    const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    day.setDate(day.getDate() + retentionDays)
    return formatLocalDate(day.getTime()) < today
  })
}

/** Milliseconds from `nowMs` to the next local midnight. */
export function msUntilNextLocalMidnight(nowMs: number): number {
  const next = new Date(nowMs)
  next.setHours(24, 0, 0, 0)
  return next.getTime() - nowMs
}

export async function cleanRunLogs(logDir: string, nowMs: number, retentionDays: number, logger: Logger): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(logDir)
  } catch {
    return []
  }
  const expired = selectExpiredLogDirs(names, nowMs, retentionDays)
  for (const name of expired) {
    try {
      await rm(join(logDir, name), { recursive: true, force: true })
    } catch (error) {
      logger.warn('run log cleanup failed', { dir: name, error: (error as Error).message })
    }
  }
  return expired
}

/** Cleans at start, then after every local midnight, until `signal` aborts. */
export async function runLogRetentionLoop(options: {
  logDir: string
  retentionDays: number
  clock: Clock
  logger: Logger
  signal: AbortSignal
  onCleaned(dirs: string[]): void
}): Promise<void> {
  const { clock, signal } = options
  if (options.retentionDays < MIN_RETENTION_DAYS) return
  while (!signal.aborted) {
    const cleaned = await cleanRunLogs(options.logDir, clock.nowMs(), options.retentionDays, options.logger)
    if (cleaned.length > 0) options.onCleaned(cleaned)
    let remainingMs = msUntilNextLocalMidnight(clock.nowMs())
    // Sleep in capped steps, re-reading the clock, so suspend or clock changes cannot skip a day.
    while (remainingMs > 0 && !signal.aborted) {
      await clock.sleep(Math.min(remainingMs, MAX_SLEEP_MS), signal)
      remainingMs = msUntilNextLocalMidnight(clock.nowMs())
      if (remainingMs > 24 * 3600_000 - MAX_SLEEP_MS) break
    }
  }
}
