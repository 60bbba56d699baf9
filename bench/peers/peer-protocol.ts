/**
 * The line protocol between bench/b10-peers.ts and a peer process (the Node peers here, the Java
 * harness in quartz/QuartzBench.java speaks the same): `READY` once set up, `WINDOW <startMs> <endMs>`
 * (whole seconds, after the warm-up), then `RESULT <json>` once the window's fires ran or stalled.
 * The orchestrator meters the peer's processes between WINDOW's times; the peer measures lag from each
 * job's own scheduled time, which it carries in its id or data.
 */
import { median, percentile, sleep, sleepUntil } from '../support/stats'

export interface PeerResult {
  /** Executions of jobs scheduled inside the window. */
  fires: number
  expected: number
  /** Median over the window's wall-clock seconds of executions started (any scheduled time): the sustained rate. */
  perSecondMedian: number
  /** Executions started during the window, whatever their scheduled time: what CPU per fire divides by. */
  startsInWindow: number
  /** Fires of the window that had not run when the peer reported (skipped or still queued). */
  unfired: number
  lagP50: number
  lagP99: number
  lagMax: number
  /** How the peer was set up, printed beside its figures. */
  config: string
}

export class WindowRecorder {
  startMs = Number.POSITIVE_INFINITY
  endMs = Number.POSITIVE_INFINITY
  private readonly lags: number[] = []
  private readonly perSecond: number[]

  constructor(
    private readonly jobs: number,
    private readonly windowSec: number,
  ) {
    this.perSecond = Array.from({ length: windowSec }, () => 0)
  }

  /** Call once set up: announces READY and the window, counted from now. */
  open(warmupSec: number): void {
    console.log('READY')
    this.startMs = (Math.ceil(Date.now() / 1000) + warmupSec) * 1000
    this.endMs = this.startMs + this.windowSec * 1000
    console.log(`WINDOW ${this.startMs} ${this.endMs}`)
  }

  /** One execution of a job scheduled for `scheduledMs`, started now. */
  record(scheduledMs: number): void {
    const nowMs = Date.now()
    const second = Math.floor((nowMs - this.startMs) / 1000)
    if (second >= 0 && second < this.windowSec) this.perSecond[second]++
    if (scheduledMs >= this.startMs && scheduledMs < this.endMs) this.lags.push(nowMs - scheduledMs)
  }

  /** Waits for the window's end, then until all its fires ran, 2 s pass without progress, or 10 s. */
  async drain(): Promise<void> {
    await sleepUntil(this.endMs)
    const expected = this.jobs * this.windowSec
    const deadline = Date.now() + 10_000
    let last = -1
    let lastChange = Date.now()
    while (Date.now() < deadline && this.lags.length < expected) {
      if (this.lags.length !== last) {
        last = this.lags.length
        lastChange = Date.now()
      } else if (Date.now() - lastChange > 2000) break
      await sleep(100)
    }
  }

  report(config: string): void {
    const lags = this.lags
    const result: PeerResult = {
      fires: this.lags.length,
      expected: this.jobs * this.windowSec,
      perSecondMedian: median(this.perSecond),
      startsInWindow: this.perSecond.reduce((a, b) => a + b, 0),
      unfired: this.jobs * this.windowSec - lags.length,
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
      lagMax: percentile(lags, 100),
      config,
    }
    console.log(`RESULT ${JSON.stringify(result)}`)
  }
}

/** `--name value` pairs of a peer's command line, as numbers. */
export function peerArgs(names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const name of names) {
    const at = process.argv.indexOf(`--${name}`)
    const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN
    if (!Number.isFinite(value)) throw new Error(`peer: --${name} <number> is required`)
    out[name] = value
  }
  return out
}
