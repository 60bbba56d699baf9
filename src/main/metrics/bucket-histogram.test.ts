import { Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { BucketHistogram } from './bucket-histogram'

const BUCKETS = [0.005, 0.01, 0.1, 1, 10]
// On a bound, between bounds, below the first, above the last, zero, and not a number (which this one
// ignores; prom-client's throws, so the reference skips it).
const VALUES = [0.005, 0.0051, 0.2, 0, 0.001, 10, 11, 300, 1, Number.NaN]

/** What prom-client's own histogram writes for the same observations: the scrape must not change. */
async function promClientText(labelled: boolean): Promise<string> {
  const registry = new Registry()
  const histogram = new Histogram({
    name: 'h_seconds',
    help: 'help text',
    buckets: BUCKETS,
    registers: [registry],
    ...(labelled ? { labelNames: ['group'] } : {}),
  })
  for (const [i, value] of VALUES.entries()) {
    if (!Number.isFinite(value)) continue
    if (labelled) histogram.observe({ group: i % 2 === 0 ? 'a' : 'b' }, value)
    else histogram.observe(value)
  }
  return registry.metrics()
}

/** A registry that reads `histogram`, as JobDeskMetrics registers its own once it makes one. */
function registryOf(histogram: BucketHistogram): Registry {
  const registry = new Registry()
  registry.registerMetric(histogram as never)
  return registry
}

describe('BucketHistogram', () => {
  it('writes the same scrape as prom-client’s histogram, without a label', async () => {
    const histogram = new BucketHistogram('h_seconds', 'help text', BUCKETS)
    const registry = registryOf(histogram)
    for (const value of VALUES) histogram.observe(value)
    expect(await registry.metrics()).toBe(await promClientText(false))
  })

  it('writes the same scrape as prom-client’s histogram, one series per label value', async () => {
    const histogram = new BucketHistogram('h_seconds', 'help text', BUCKETS, 'group')
    const registry = registryOf(histogram)
    for (const [i, value] of VALUES.entries()) histogram.observe(value, i % 2 === 0 ? 'a' : 'b')
    expect(await registry.metrics()).toBe(await promClientText(true))
  })

  it('has its unlabelled series at zero before the first observation and after a reset, as prom-client’s has', async () => {
    const histogram = new BucketHistogram('h_seconds', 'help text', BUCKETS)
    const registry = registryOf(histogram)
    const empty = await registry.metrics()
    const reference = new Registry()
    new Histogram({ name: 'h_seconds', help: 'help text', buckets: BUCKETS, registers: [reference] })
    expect(empty).toBe(await reference.metrics())
    histogram.observe(0.2)
    registry.resetMetrics()
    expect(await registry.metrics()).toBe(empty)
  })
})
