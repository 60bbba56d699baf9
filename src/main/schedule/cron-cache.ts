import { Cron } from 'croner'
import { invalidField } from '../../shared/messages/coded-errors'
import { parseQuartzCron } from './cron-parse'
import { FireMemo } from './fire-memo'
import { assertIanaTimeZone } from './timezone'

/**
 * Parsed cron expressions, one entry per distinct (expression, timezone). A croner instance holds ~81 KB
 * (docs/benchmarks.md#cron-next-time), so jobs share entries and the cache is bounded (least recently used goes first).
 */

/** Croner read as Quartz: seconds first, optional year, 1 = SUN, `/n` steps; never schedules anything itself. */
const QUARTZ_OPTIONS = {
  mode: '6-or-7-parts',
  alternativeWeekdays: true,
  sloppyRanges: true,
  // Lists and ranges of hours (`0 30 2,14 * * ?`) behave like single times at DST edges: once per local day.
  fixedTimeRule: 'no-wildcard',
  paused: true,
} as const

/** Distinct expressions in one install are typically dozens; 512 entries cost ≤ ~80 MB in the worst case. */
export const DEFAULT_CRON_CACHE_ENTRIES = 512

export interface CronEntry {
  readonly expression: string
  readonly timezone: string
  /** The croner pattern the Quartz expression translates to. */
  readonly pattern: string
  /** Croner on a fixed UTC offset of 0: evaluates wall-clock times with plain UTC arithmetic. */
  readonly wall: Cron
  /** Croner in the entry's zone, for queries near an offset change; created on first need. */
  exact: Cron | undefined
  /** Recent answers, keyed by the query time in whole seconds. */
  readonly memo: FireMemo
}

export class CronCache {
  private readonly entries = new Map<string, CronEntry>()
  /** The entry of the previous call: the scheduler asks for runs of one expression in a row. */
  private last: CronEntry | undefined

  constructor(readonly maxEntries: number = DEFAULT_CRON_CACHE_ENTRIES) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be ≥ 1, got ${maxEntries}`)
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The entry for (expression, timezone), parsed on first use.
   * @throws ValidationError on `scheduleConf` or `timezone` when either is invalid (nothing is cached then).
   */
  get(expression: string, timezone: string): CronEntry {
    const last = this.last
    if (last !== undefined && last.expression === expression && last.timezone === timezone) return last
    // Zone names never contain a newline, so the key is unambiguous.
    const key = `${timezone}\n${expression}`
    let entry = this.entries.get(key)
    if (entry !== undefined) {
      this.entries.delete(key)
    } else {
      entry = createEntry(expression, timezone)
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    }
    this.entries.set(key, entry)
    this.last = entry
    return entry
  }

  clear(): void {
    this.entries.clear()
    this.last = undefined
  }
}

/** The process-wide cache every caller shares. */
export const cronCache = new CronCache()

/** The zone-aware croner instance of an entry, created on first need. */
export function exactCron(entry: CronEntry): Cron {
  entry.exact ??= createCron(entry.expression, entry.pattern, { timezone: entry.timezone })
  return entry.exact
}

function createEntry(expression: string, timezone: string): CronEntry {
  if (typeof expression !== 'string') throw invalidField('scheduleConf', 'cron.required')
  assertIanaTimeZone(timezone)
  const { pattern } = parseQuartzCron(expression)
  const wall = createCron(expression, pattern, { utcOffset: 0 })
  return { expression, timezone, pattern, wall, exact: undefined, memo: new FireMemo() }
}

function createCron(expression: string, pattern: string, zone: { timezone: string } | { utcOffset: number }): Cron {
  try {
    return new Cron(pattern, { ...QUARTZ_OPTIONS, ...zone })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw invalidField('scheduleConf', 'cron.engine', { expression: expression.trim(), reason })
  }
}
