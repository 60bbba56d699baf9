import type { RegistryEntry } from '../../shared/model'
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
  constructor(
    private readonly store: Store,
    private readonly timings: RegistryTimings,
    private readonly onChange: (appName: string) => void = () => {},
  ) {}

  beat(appName: string, address: string, nowMs: number): void {
    const first = this.store.transaction(() => {
      const first = this.store.registry.upsert(REGISTRY_GROUP_EXECUTOR, appName, address, nowMs)
      if (first) this.refreshGroup(appName, nowMs)
      return first
    })
    if (first) this.onChange(appName)
  }

  remove(appName: string, address: string, nowMs: number): void {
    const removed = this.store.transaction(() => {
      const removed = this.store.registry.remove(REGISTRY_GROUP_EXECUTOR, appName, address)
      if (removed) this.refreshGroup(appName, nowMs)
      return removed
    })
    if (removed) this.onChange(appName)
  }

  /** Deletes addresses silent for the dead timeout and rewrites every automatic group's list. */
  sweep(nowMs: number): void {
    this.store.transaction(() => {
      this.store.registry.deleteDead(nowMs - this.timings.deadTimeoutMs)
      for (const group of this.store.groups.list()) {
        if (group.addressType === 0) this.refreshGroup(group.appName, nowMs)
      }
    })
  }

  entries(nowMs: number): RegistryEntry[] {
    return this.store.registry.all().map((row) => ({
      appName: row.registryKey,
      address: row.registryValue,
      updateTimeMs: row.updateTimeMs,
      health: addressHealth(row.updateTimeMs, nowMs, this.timings),
    }))
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
