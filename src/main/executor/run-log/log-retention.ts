import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { MAX_SLEEP_MS, type Clock } from '../../kernel/clock'
import type { Logger } from '../../kernel/logger'
import { formatLocalDate } from './log-format'

/** Retention below this many days disables cleaning (XXL-JOB 3.x). */
export const MIN_RETENTION_DAYS = 3
/** XXL-JOB's default `logretentiondays`. */
export const DEFAULT_RUN_LOG_RETENTION_DAYS = 30
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

/**
 * Deletes the expired date folders of `logDir`. `beforeDelete` hears of them first, so a store can
 * close what it holds open there (Windows cannot delete an open file).
 */
export async function cleanRunLogs(
  logDir: string,
  nowMs: number,
  retentionDays: number,
  logger: Logger,
  beforeDelete: (dirs: string[]) => void = () => {},
): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(logDir)
  } catch {
    return []
  }
  const expired = selectExpiredLogDirs(names, nowMs, retentionDays)
  if (expired.length > 0) beforeDelete(expired)
  for (const name of expired) {
    try {
      await rm(join(logDir, name), { recursive: true, force: true })
    } catch (error) {
      logger.warn('run log cleanup failed', { dir: name, error: (error as Error).message })
    }
  }
  return expired
}

/**
 * Cleans at start, then after every local midnight, until `signal` aborts. The retention is read at
 * each pass, so a changed setting applies from the next one; a retention below 3 days skips the
 * pass (the loop goes on, in case the setting is raised).
 */
export async function runLogRetentionLoop(options: {
  logDir: string
  retentionDays: () => number
  clock: Clock
  logger: Logger
  signal: AbortSignal
  /** Told of the expired folders before they are deleted. */
  onExpired(dirs: string[]): void
  onCleaned?(dirs: string[]): void
}): Promise<void> {
  const { clock, signal } = options
  while (!signal.aborted) {
    try {
      const cleaned = await cleanRunLogs(options.logDir, clock.nowMs(), options.retentionDays(), options.logger, options.onExpired)
      if (cleaned.length > 0) {
        options.logger.info('expired run logs deleted', { days: cleaned })
        options.onCleaned?.(cleaned)
      }
    } catch (error) {
      options.logger.warn('run log cleanup failed', { error: (error as Error).message })
    }
    let remainingMs = msUntilNextLocalMidnight(clock.nowMs())
    // Sleep in capped steps, re-reading the clock, so suspend or clock changes cannot skip a day.
    while (remainingMs > 0 && !signal.aborted) {
      await clock.sleep(Math.min(remainingMs, MAX_SLEEP_MS), signal)
      remainingMs = msUntilNextLocalMidnight(clock.nowMs())
      if (remainingMs > 24 * 3600_000 - MAX_SLEEP_MS) break
    }
  }
}
