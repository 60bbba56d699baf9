import { splitAddressList } from '../../shared/address-list'
import { limitKind } from '../../shared/capacity'
import type { Repos } from '../store/store'

export type LimitSizeRepos = Pick<Repos, 'pools' | 'jobs' | 'groups'>

/**
 * The size of each name runs hold slots of: a pool's slots; a job's maxConcurrent; a group's
 * maxConcurrent times its addresses now (the group's limit over all of them: capacity/address-slots.ts
 * keeps each address to maxConcurrent). A name with no size (a pool removed, a limit taken off) is absent.
 */
export async function limitSizes(tx: LimitSizeRepos, names: readonly string[]): Promise<Map<string, number>> {
  const sizes = await tx.pools.sizes(names.filter((name) => limitKind(name) === 'pool'))
  for (const name of names) {
    const kind = limitKind(name)
    const id = Number(name.slice(name.indexOf(':') + 1))
    if (kind === 'job') {
      const limit = (await tx.jobs.get(id))?.maxConcurrent ?? 0
      if (limit > 0) sizes.set(name, limit)
    } else if (kind === 'group') {
      const group = await tx.groups.get(id)
      if (group?.maxConcurrent) sizes.set(name, group.maxConcurrent * splitAddressList(group.addressList).length)
    }
  }
  return sizes
}
