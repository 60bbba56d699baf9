/**
 * Time as a dependency. Pure logic takes `nowMs` as an argument; loops take a `Clock`, so tests step
 * time instead of faking globals.
 */
export interface Clock {
  nowMs(): number
  /** Resolves after `ms` (or at once when `signal` aborts); never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/**
 * Longest single sleep. Timers drift across laptop suspend, so a loop that wants to wait longer wakes,
 * re-reads the clock and sleeps again (croner caps at 30 s for the same reason).
 */
export const MAX_SLEEP_MS = 30_000

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const timer = setTimeout(done, Math.max(0, Math.min(ms, MAX_SLEEP_MS)))
      function done(): void {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      signal?.addEventListener('abort', done, { once: true })
    }),
}

interface Sleeper {
  wakeAtMs: number
  resolve: () => void
}

/** A clock that moves only when told to; sleepers wake in time order as it advances. */
export class ManualClock implements Clock {
  private sleepers: Sleeper[] = []

  constructor(private currentMs: number) {}

  nowMs(): number {
    return this.currentMs
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      const sleeper: Sleeper = { wakeAtMs: this.currentMs + Math.max(0, ms), resolve }
      this.sleepers.push(sleeper)
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper)
          resolve()
        },
        { once: true },
      )
    })
  }

  /** Number of loops currently waiting on this clock. */
  get sleeperCount(): number {
    return this.sleepers.length
  }

  /** Moves time forward, waking every sleeper whose time has come (earliest first). */
  async advance(ms: number): Promise<void> {
    const targetMs = this.currentMs + ms
    for (;;) {
      this.sleepers.sort((a, b) => a.wakeAtMs - b.wakeAtMs)
      const next = this.sleepers[0]
      if (!next || next.wakeAtMs > targetMs) break
      this.sleepers.shift()
      this.currentMs = Math.max(this.currentMs, next.wakeAtMs)
      next.resolve()
      // Let the woken loop run up to its next await before waking anyone else.
      await new Promise((r) => setImmediate(r))
    }
    this.currentMs = targetMs
  }
}

/** Sleeps until the clock reads `targetMs` (in capped steps, re-reading the clock after each). */
export async function sleepUntil(clock: Clock, targetMs: number, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const remainingMs = targetMs - clock.nowMs()
    if (remainingMs <= 0 || signal?.aborted) return
    await clock.sleep(Math.min(remainingMs, MAX_SLEEP_MS), signal)
  }
}

/**
 * Calls `work` every `periodMs` until `signal` aborts. A throwing call is reported to `onError` and
 * the loop goes on: periodic maintenance must not die of one bad pass.
 */
export async function runPeriodically(
  clock: Clock,
  periodMs: number,
  signal: AbortSignal,
  work: () => void | Promise<void>,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  while (!signal.aborted) {
    await sleepUntil(clock, clock.nowMs() + periodMs, signal)
    if (signal.aborted) return
    await callReporting(work, onError)
  }
}

/** Like `runPeriodically`, with a first call at once (maintenance that must not wait a period of uptime). */
export async function runNowAndPeriodically(
  clock: Clock,
  periodMs: number,
  signal: AbortSignal,
  work: () => void | Promise<void>,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  if (signal.aborted) return
  await callReporting(work, onError)
  await runPeriodically(clock, periodMs, signal, work, onError)
}

async function callReporting(work: () => void | Promise<void>, onError: (error: unknown) => void): Promise<void> {
  try {
    await work()
  } catch (error) {
    onError(error)
  }
}
