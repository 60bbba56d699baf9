import type { Repos } from '../store/store'

/**
 * The embedded executors alive now: those of the nodes whose lease runs. Each node of a cluster
 * has an embedded executor of its own, which lives and dies with its process, so its node's lease
 * (not the registry's beats) tells whether it is still there.
 */
export async function aliveEmbeddedAddresses(store: Pick<Repos, 'nodes'>, nowMs: () => number): Promise<(address: string) => boolean> {
  const nodes = await store.nodes.list()
  const atMs = nowMs()
  const alive = new Set(nodes.filter((node) => node.leaseUntilMs >= atMs).map((node) => node.embeddedAddress))
  return (address) => alive.has(address)
}
