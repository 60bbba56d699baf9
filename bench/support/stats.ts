/** Percentile (0–100) of a numeric sample by nearest rank; NaN for an empty sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** The geometric mean of ratios: rounds that swap two builds' places cancel each other's bias (a × 1/a is 1). NaN for none. */
export function geometricMean(ratios: readonly number[]): number {
  if (ratios.length === 0) return Number.NaN
  return Math.exp(ratios.reduce((sum, ratio) => sum + Math.log(ratio), 0) / ratios.length)
}

export function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '–'
}

/** Samples the process's peak resident set size every `periodMs` until stopped. */
export function trackPeakRss(periodMs = 250): { stop: () => number } {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), periodMs)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, process.memoryUsage.rss())
    },
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sleeps until the wall clock reaches `targetMs`. */
export async function sleepUntil(targetMs: number): Promise<void> {
  const remaining = targetMs - Date.now()
  if (remaining > 0) await sleep(remaining)
}

/** Least-squares line through (x, y) points: slope and the fitted y at the first and last x. */
export function linearFit(points: readonly { x: number; y: number }[]): { slope: number; first: number; last: number } {
  const n = points.length
  if (n < 2) return { slope: Number.NaN, first: points[0]?.y ?? Number.NaN, last: points[0]?.y ?? Number.NaN }
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0)
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0)
  const slope = sxx === 0 ? 0 : sxy / sxx
  const at = (x: number) => my + slope * (x - mx)
  return { slope, first: at(points[0].x), last: at(points[n - 1].x) }
}
