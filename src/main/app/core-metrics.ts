import type { MetricSources } from '../metrics/jobdesk-metrics'
import type { CoreBase, CoreData } from './core-data'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'

/** A scrape waits this long for the registry's rows; a database away must not hold the scrape (the gauge is then left out). */
const EXECUTORS_READ_MS = 1000

/** What the metrics' gauges read at each scrape: the ring, the embedded executor's callbacks, the registry, the nodes' leases. */
export function metricSources({
  base: { nowMs },
  data: { store },
  node: { membership, registry, executor },
  pipeline,
}: {
  base: Pick<CoreBase, 'nowMs'>
  data: Pick<CoreData, 'store'>
  node: Pick<CoreNode, 'membership' | 'registry' | 'executor'>
  pipeline: Pick<CorePipeline, 'scheduler'>
}): MetricSources {
  return {
    ringPending: () => pipeline.scheduler.status().ringSize,
    callbackQueue: () => executor?.pendingCallbacks() ?? 0,
    executors: () => withDeadline(registry.entries(nowMs()), EXECUTORS_READ_MS, []),
    pools: () => withDeadline(store.pools.usage(), EXECUTORS_READ_MS, []),
    nodeLeases: () => {
      const now = nowMs()
      const own = membership.nodeId
      const others = membership.nodes().filter((n) => n.nodeId !== own)
      const self = membership.nodes().find((n) => n.nodeId === own)
      return [{ node: self?.nodeName ?? own, held: membership.actsAt(now) }, ...others.map((n) => ({ node: n.nodeName, held: n.leaseUntilMs > now }))]
    },
  }
}

/** `work`'s value, or `fallback` once `ms` have passed or when it fails. */
export function withDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve(fallback)
      },
    )
  })
}
