import { invalidField } from '../../shared/messages/coded-errors'

/** One trigger of a SHARDING_BROADCAST: shard `index` of `total` (0-based), sent to `address`. */
export interface Shard {
  index: number
  total: number
  /** Null only when the group has no address at all (the trigger then fails as "registry address is empty"). */
  address: string | null
}

const SHARDING_PARAM = /^(\d{1,9})\/(\d{1,9})$/

/** The `executor_sharding_param` text stored on a run row: `"i/n"`. */
export function formatShardingParam(index: number, total: number): string {
  return `${index}/${total}`
}

/**
 * Reads `"i/n"` (decimal, 0 ≤ i < n). Throws ValidationError naming `executorShardingParam` otherwise
 * (XXL-JOB silently falls back to 0/1, which would quietly re-run the wrong shard).
 */
export function parseShardingParam(text: string): { index: number; total: number } {
  const match = SHARDING_PARAM.exec(text)
  if (!match) throw invalidField('executorShardingParam', 'run.shardForm', { got: text })
  const index = Number(match[1])
  const total = Number(match[2])
  if (total < 1) throw invalidField('executorShardingParam', 'run.shardTotal', { got: text })
  if (index >= total) throw invalidField('executorShardingParam', 'run.shardIndex', { got: text, last: total - 1 })
  return { index, total }
}

/**
 * The triggers of a SHARDING_BROADCAST over the group's current address list (docs/protocol.md#sharding).
 * Without `shardingParam` (null, undefined or '', as in XXL-JOB): one shard per address, i = 0…n−1
 * of total n, to list[i]; an empty list plans nothing. With the `"i/n"` of a failed run (a retry keeps
 * its shard): one shard with that index and total, sent to list[i] of the current list, or list[0] if
 * the list is now shorter: the same shard number, possibly on another machine.
 */
export function planShards(addresses: readonly string[], shardingParam?: string | null): Shard[] {
  if (shardingParam === undefined || shardingParam === null || shardingParam === '') {
    return addresses.map((address, index) => ({ index, total: addresses.length, address }))
  }
  const { index, total } = parseShardingParam(shardingParam)
  const address = index < addresses.length ? addresses[index] : (addresses[0] ?? null)
  return [{ index, total, address }]
}
