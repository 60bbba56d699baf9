// Functions that run inside the page (passed to page.evaluate): self-contained, they use no import
// (only reportChecks, which runs in Node, does). The node tsconfig has no DOM types, so the few DOM
// members used are declared here, for this file only.
import { BenchResult } from './support/results'
declare const document: {
  querySelector(selector: string): ProbeElement | null
  querySelectorAll(selector: string): { length: number; [index: number]: ProbeElement }
}
declare function requestAnimationFrame(callback: (timeMs: number) => void): number
declare const performance: { now(): number }
declare const HTMLInputElement: { prototype: object }
declare const Event: new (type: string, init: { bubbles: boolean }) => unknown

interface ProbeElement {
  click(): void
  scrollTop: number
  scrollHeight: number
  clientHeight: number
  textContent: string | null
  dispatchEvent(event: unknown): boolean
  querySelector(selector: string): ProbeElement | null
}

/** Milliseconds from clicking a nav item until `readySelector` is in the DOM and a frame was painted. */
export function timeNavigation(args: { navSelector: string; readySelector: string }): Promise<number> {
  return new Promise((done) => {
    const start = performance.now()
    document.querySelector(args.navSelector)!.click()
    const check = () => {
      if (document.querySelector(args.readySelector)) requestAnimationFrame(() => done(performance.now() - start))
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
}

/** Frame intervals (ms) over `durationMs`, scrolling `stepPx` per frame when given (0 = idle reference). */
export function sampleFrames(args: { scrollSelector: string; durationMs: number; stepPx: number }): Promise<number[]> {
  return new Promise((done) => {
    const el = document.querySelector(args.scrollSelector)!
    const intervals: number[] = []
    let last = -1
    let start = -1
    const frame = (timeMs: number) => {
      if (start < 0) start = timeMs
      if (last >= 0) intervals.push(timeMs - last)
      last = timeMs
      if (args.stepPx > 0) {
        const next = el.scrollTop + args.stepPx
        el.scrollTop = next + el.clientHeight >= el.scrollHeight ? 0 : next
      }
      if (timeMs - start < args.durationMs) requestAnimationFrame(frame)
      else done(intervals)
    }
    requestAnimationFrame(frame)
  })
}

/**
 * Types `text` into the search in one input event and times it until the rows drawn are exactly
 * the one named `expectName` (the server searches: the time is the round trip and the render).
 */
export async function timeSearch(args: {
  inputSelector: string
  rowSelector: string
  nameSelector: string
  text: string
  expectName: string
}): Promise<number> {
  const input = document.querySelector(args.inputSelector)!
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  const start = performance.now()
  setValue.call(input, args.text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  // Bounded: a search that never narrows fails the benchmark after 10 s instead of hanging it.
  while (performance.now() - start < 10_000) {
    await new Promise<void>((done) => requestAnimationFrame(() => done()))
    const rows = document.querySelectorAll(args.rowSelector)
    if (rows.length === 1 && rows[0].querySelector(args.nameSelector)?.textContent === args.expectName) return performance.now() - start
  }
  throw new Error(`the search for '${args.text}' did not narrow the rows to '${args.expectName}' within 10 s`)
}

/** The reference: filtering `n` job-like objects by a substring in plain JS, median of `runs` runs (ms). */
export function timePlainFilter(args: { n: number; needle: string; runs: number }): number {
  const rows = Array.from({ length: args.n }, (_, i) => ({ id: i + 1, name: `bench job ${i}`, handler: 'demoJobHandler', conf: '0 0 * * * ?' }))
  const times: number[] = []
  for (let r = 0; r < args.runs; r++) {
    const start = performance.now()
    const kept = rows.filter((row) => row.name.toLowerCase().includes(args.needle) || row.handler.toLowerCase().includes(args.needle))
    times.push(performance.now() - start + (kept.length < 0 ? 1 : 0))
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

/** One measured value beside its target (null: reported only) and its same-run reference. */
export interface RenderCheck {
  what: string
  value: number
  target: number | null
  reference: number
  refName: string
}

/**
 * Prints each check beside its target and reference and writes them as the benchmark's JSON result
 * (bench/support/results.ts: a miss by ≤ 25 % is VM noise, the suite's summary lists the others).
 */
export function reportChecks(key: string, title: string, checks: readonly RenderCheck[], params: Record<string, unknown> = {}): void {
  const report = new BenchResult(key, title, params)
  for (const c of checks) {
    report.figure({
      name: c.what,
      value: c.value,
      unit: 'ms',
      target: c.target === null ? undefined : { op: '<=', value: c.target },
      reference: { name: c.refName, value: c.reference },
    })
  }
  report.save()
}
