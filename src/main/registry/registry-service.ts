import type { JobGroup, RegistryEntry } from '../../shared/model'
import { splitAddressList } from '../store/group-repo'
import { REGISTRY_GROUP_EXECUTOR } from '../store/registry-repo'
import type { Store } from '../store/store'
import { addressHealth, type RegistryTimings } from './health'

/**
 * Executor registration (reference §2.3, §4.2): upsert on every beat, remove on registryRemove, and
 * keep each automatic group's address list (alive addresses, sorted ascending as strings) in step.
 * Unlike XXL-JOB, a first registration and a removal refresh the group at once instead of at the
 * next 30-s monitor tick, so a new executor gets traffic immediately.
 */
export class RegistryService {
  /** Addresses the sweep removed, still shown as dead for a while so operators see what died. */
  private readonly recentlyDead = new Map<string, RegistryEntry & { removedAtMs: number }>()

  constructor(
    private readonly store: Store,
    private readonly timings: RegistryTimings,
    /** Told after a first registration, a removal or a sweep that removed addresses. */
    private readonly onChange: () => void = () => {},
  ) {}

  /** Records a beat; true when it was the address's first registration (its group was refreshed). */
  beat(appName: string, address: string, nowMs: number): boolean {
    const first = this.store.transaction(() => {
      const first = this.store.registry.upsert(REGISTRY_GROUP_EXECUTOR, appName, address, nowMs)
      if (first) this.refreshGroup(appName, nowMs)
      return first
    })
    if (first) this.onChange()
    return first
  }

  /** True when the address was registered (and its group lost it at once). */
  remove(appName: string, address: string, nowMs: number): boolean {
    const removed = this.store.transaction(() => {
      const removed = this.store.registry.remove(REGISTRY_GROUP_EXECUTOR, appName, address)
      if (removed) this.refreshGroup(appName, nowMs)
      return removed
    })
    if (removed) this.onChange()
    return removed
  }

  /** Deletes addresses silent for the dead timeout and rewrites every automatic group's list; true when any died. */
  sweep(nowMs: number): boolean {
    const dead = this.store.transaction(() => {
      const dead = this.store.registry.deleteDead(nowMs - this.timings.deadTimeoutMs)
      for (const group of this.store.groups.list()) {
        if (group.addressType === 0) this.refreshGroup(group.appName, nowMs)
      }
      return dead
    })
    for (const row of dead) {
      this.recentlyDead.set(`${row.registryKey}\n${row.registryValue}`, {
        appName: row.registryKey,
        address: row.registryValue,
        updateTimeMs: row.updateTimeMs,
        health: 'dead',
        removedAtMs: nowMs,
      })
    }
    if (dead.length > 0) this.onChange()
    return dead.length > 0
  }

  /**
   * Every registered address with its health, plus addresses the sweep removed within the last dead
   * timeout (shown as dead, so a dying executor is seen going suspect → dead → gone).
   */
  entries(nowMs: number): RegistryEntry[] {
    const live = this.store.registry.all().map((row) => ({
      appName: row.registryKey,
      address: row.registryValue,
      updateTimeMs: row.updateTimeMs,
      health: addressHealth(row.updateTimeMs, nowMs, this.timings),
    }))
    const liveKeys = new Set(live.map((e) => `${e.appName}\n${e.address}`))
    const dead: RegistryEntry[] = []
    for (const [key, entry] of this.recentlyDead) {
      if (liveKeys.has(key) || nowMs - entry.removedAtMs > this.timings.deadTimeoutMs) this.recentlyDead.delete(key)
      else dead.push({ appName: entry.appName, address: entry.address, updateTimeMs: entry.updateTimeMs, health: 'dead' })
    }
    return [...live, ...dead]
  }

  /**
   * The addresses a group routes to: for an automatic group those registered and alive, for a manual
   * group its list. (What a group's own token may name as an address override.)
   */
  addressesOf(group: JobGroup, nowMs: number): string[] {
    if (group.addressType === 1) return splitAddressList(group.addressList)
    return this.store.registry.aliveAddresses(group.appName, nowMs - this.timings.deadTimeoutMs)
  }

  /** Forgets every address of `appName` but `keep` (at start: the embedded addresses of this process's past lives). */
  removeAllBut(appName: string, keep: string, nowMs: number): void {
    const stale = this.store.registry.all().filter((row) => row.registryKey === appName && row.registryValue !== keep)
    for (const row of stale) this.remove(appName, row.registryValue, nowMs)
  }

  /** Rewrites an automatic group's address list from the registry now. */
  refreshGroup(appName: string, nowMs: number): void {
    const group = this.store.groups.findByAppName(appName)
    if (!group || group.addressType !== 0) return
    const addresses = this.store.registry.aliveAddresses(appName, nowMs - this.timings.deadTimeoutMs)
    const list = [...addresses].sort().join(',')
    if (list !== group.addressList) this.store.groups.setAddressList(group.id, list, nowMs)
  }
}
