/** One line of the scrape, as prom-client's registry reads it. */
export interface Sample {
  /** Set where the line's name is not the family's (a histogram's `_bucket`, `_sum`, `_count`). */
  metricName?: string
  labels: Record<string, string | number>
  value: number
}

/**
 * What prom-client's registry reads of a metric: its name, help and type, and its lines at scrape
 * time. The node's own metrics are kept as plain numbers in these and registered only when the
 * registry is made (at the first scrape, or a second after the start): prom-client is then not among
 * the modules the start loads (B9, issue 47).
 */
export interface MetricFamily {
  readonly name: string
  readonly help: string
  readonly type: 'counter' | 'gauge' | 'histogram'
  readonly aggregator: 'sum'
  get(): Promise<{ name: string; help: string; type: MetricFamily['type']; aggregator: 'sum'; values: Sample[] }>
}

/**
 * A counter with one label. Its known label values are written as 0 from the start, so that a rate()
 * or an alert rule over a series sees 0, not nothing; other values get a series at their first count.
 */
export class LabeledCounter implements MetricFamily {
  readonly type = 'counter' as const
  readonly aggregator = 'sum' as const
  private readonly counts = new Map<string, number>()

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelName: string,
    knownValues: readonly string[],
  ) {
    for (const value of knownValues) this.counts.set(value, 0)
  }

  inc(labelValue: string, n = 1): void {
    this.counts.set(labelValue, (this.counts.get(labelValue) ?? 0) + n)
  }

  async get(): ReturnType<MetricFamily['get']> {
    const values = [...this.counts].map(([labelValue, value]): Sample => ({ labels: { [this.labelName]: labelValue }, value }))
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }
}

/** A gauge whose lines are read from the core at each scrape (never on the hot path). */
export class CollectedGauge implements MetricFamily {
  readonly type = 'gauge' as const
  readonly aggregator = 'sum' as const

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => readonly Sample[] | Promise<readonly Sample[]>,
  ) {}

  async get(): ReturnType<MetricFamily['get']> {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: [...(await this.read())] }
  }
}
