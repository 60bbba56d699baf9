import { createHash } from 'node:crypto'
import { coded } from '../../../shared/messages'
import { chosenTrail, emptyAddressTrail, type Router } from './router'

/** Virtual nodes per address on the ring (XXL-JOB's VIRTUAL_NODE_NUM). */
export const VIRTUAL_NODES_PER_ADDRESS = 100
/** Address lists whose rings are kept; groups rarely change, so a few cover every active group. */
const RING_CACHE_SIZE = 64

/** MD5 of the UTF-8 string; digest bytes 0–3 read as an unsigned little-endian 32-bit integer. */
export function hashRouteKey(key: string): number {
  return createHash('md5').update(key, 'utf8').digest().readUInt32LE(0)
}

/** The ring: node keys ascending, with the owning address of each. */
export interface HashRing {
  keys: Uint32Array
  owners: string[]
}

/** 100 nodes per address keyed `SHARD-<address>-NODE-<i>`; on a key collision the later address wins. */
export function buildHashRing(addresses: readonly string[]): HashRing {
  const ownerByKey = new Map<number, string>()
  for (const address of addresses) {
    for (let i = 0; i < VIRTUAL_NODES_PER_ADDRESS; i++) {
      ownerByKey.set(hashRouteKey(`SHARD-${address}-NODE-${i}`), address)
    }
  }
  const keys = Uint32Array.from(ownerByKey.keys()).sort()
  return { keys, owners: Array.from(keys, (key) => ownerByKey.get(key) as string) }
}

/** Index of the first node whose key is ≥ `hash`, wrapping to 0 past the largest. Ring must be non-empty. */
export function findRingNode(ring: HashRing, hash: number): number {
  let low = 0
  let high = ring.keys.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ring.keys[middle] < hash) low = middle + 1
    else high = middle
  }
  return low === ring.keys.length ? 0 : low
}

/**
 * CONSISTENT_HASH: the job's hash (of its decimal id) picks the next virtual node on the ring, so a
 * job stays on one address while the list is stable and only ~1/n of jobs move when it changes.
 * Rings are cached per address list because routing runs on the trigger hot path.
 */
export function createConsistentHashRouter(): Router {
  const rings = new Map<string, HashRing>()

  function ringFor(addresses: readonly string[]): HashRing {
    const cacheKey = addresses.join('\u0000')
    let ring = rings.get(cacheKey)
    if (ring) {
      rings.delete(cacheKey)
    } else {
      ring = buildHashRing(addresses)
      if (rings.size >= RING_CACHE_SIZE) rings.delete(rings.keys().next().value as string)
    }
    rings.set(cacheKey, ring)
    return ring
  }

  return {
    route(request) {
      const { addresses, jobId } = request
      if (addresses.length === 0) return emptyAddressTrail('CONSISTENT_HASH')
      const ring = ringFor(addresses)
      const jobHash = hashRouteKey(String(jobId))
      const node = findRingNode(ring, jobHash)
      const code = ring.keys[node] < jobHash ? 'routeReason.consistentHashWrapped' : 'routeReason.consistentHash'
      const reason = coded(code, { jobId, hash: jobHash, node: ring.keys[node], nodes: ring.keys.length })
      return chosenTrail('CONSISTENT_HASH', request, ring.owners[node], reason)
    },
  }
}
