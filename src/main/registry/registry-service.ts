import type { DeadAddress } from './health'
import { EMBEDDED_APP_NAME, type ExecutorInfo, type HandlerCatalog, type JobGroup, type RegistryEntry } from '../../shared/model'
import { joinAddressList, splitAddressList } from '../../shared/address-list'
import { REGISTRY_GROUP_EXECUTOR, type RegistryRow } from '../store/registry-repo'
import type { Repos, RepoAccess } from '../store/store'
import { addressHealth, type RegistryTimings } from './health'

/**
 * Executor registration (docs/protocol.md#registry, #registry-monitor): upsert on every beat, remove on registryRemove, and
 * keep each automatic group's address list (alive addresses, sorted ascending as strings) in step.
 * Unlike XXL-JOB, a first registration and a removal refresh the group at once instead of at the
 * next 30-s monitor tick, so a new executor gets traffic immediately.
 */
export class RegistryService {
  /** Addresses the sweep removed, still shown as dead for a while so operators see what died. */
  private readonly recentlyDead = new Map<string, RegistryEntry & { removedAtMs: number }>()
  /** When a trigger last could not connect to an address: suspect until it beats again. */
  private readonly unreachableAt = new Map<string, number>()

  constructor(
    private readonly store: RepoAccess<'registry' | 'groups'>,
    private readonly timings: RegistryTimings,
    /** Told after a first registration, a removal or a sweep that removed addresses. */
    private readonly onChange: () => void = () => {},
  ) {}

  /**
   * Records a beat (with what a JobDesk executor reports of itself); true when it was the address's
   * first registration (its group was refreshed).
   */
  async beat(appName: string, address: string, nowMs: number, info: ExecutorInfo | null = null): Promise<boolean> {
    const first = await this.store.transaction((tx) => this.beatIn(tx, appName, address, nowMs, info))
    if (first) this.onChange()
    return first
  }

  /** `beat` inside the caller's transaction; when it resolves true, call `changed` once that transaction committed. */
  async beatIn(tx: Pick<Repos, 'registry' | 'groups'>, appName: string, address: string, nowMs: number, info: ExecutorInfo | null): Promise<boolean> {
    const first = await tx.registry.upsert(REGISTRY_GROUP_EXECUTOR, appName, address, nowMs, info && JSON.stringify(info))
    if (first) await this.refreshGroupIn(tx, appName, nowMs)
    return first
  }

  /** Tells the consoles (and the other nodes) that the registry changed, after a `beatIn` or `removeIn` that said so committed. */
  changed(): void {
    this.onChange()
  }

  /**
   * A trigger could not connect to `address` (refused, no route): it shows as suspect from now until
   * its next beat, instead of online until its beats have been missing for a while. Only the
   * console's view changes; routing still follows the registry (a FAILOVER job probes anyway).
   */
  noteUnreachable(appName: string, address: string, nowMs: number): void {
    const key = `${appName}\n${address}`
    const known = this.unreachableAt.has(key)
    this.unreachableAt.set(key, nowMs)
    if (!known) this.onChange()
  }

  /** True when the address was registered (and its group lost it at once). */
  async remove(appName: string, address: string, nowMs: number): Promise<boolean> {
    const removed = await this.store.transaction((tx) => this.removeIn(tx, appName, address, nowMs))
    if (removed) this.onChange()
    return removed
  }

  /** `remove` inside the caller's transaction; when it resolves true, call `changed` once that transaction committed. */
  async removeIn(tx: Pick<Repos, 'registry' | 'groups'>, appName: string, address: string, nowMs: number): Promise<boolean> {
    const removed = await tx.registry.remove(REGISTRY_GROUP_EXECUTOR, appName, address)
    if (removed) await this.refreshGroupIn(tx, appName, nowMs)
    return removed
  }

  /** Deletes addresses silent for the dead timeout and rewrites every automatic group's list; resolves with the addresses that died. */
  async sweep(nowMs: number): Promise<DeadAddress[]> {
    const dead = await this.store.transaction(async (tx) => {
      const dead = await tx.registry.deleteDead(nowMs - this.timings.deadTimeoutMs)
      for (const group of await tx.groups.list()) {
        if (group.addressType === 0) await this.refreshGroupIn(tx, group.appName, nowMs)
      }
      return dead
    })
    for (const row of dead) {
      this.unreachableAt.delete(`${row.registryKey}\n${row.registryValue}`)
      this.recentlyDead.set(`${row.registryKey}\n${row.registryValue}`, {
        appName: row.registryKey,
        address: row.registryValue,
        updateTimeMs: row.updateTimeMs,
        health: 'dead',
        executor: executorOf(row.registryKey, infoOf(row)),
        removedAtMs: nowMs,
      })
    }
    if (dead.length > 0) this.onChange()
    return dead.map((row) => ({ appName: row.registryKey, address: row.registryValue, lastBeatMs: row.updateTimeMs }))
  }

  /**
   * Every registered address with its health, plus addresses the sweep removed within the last dead
   * timeout (shown as dead, so a dying executor is seen going suspect → dead → gone).
   */
  async entries(nowMs: number): Promise<RegistryEntry[]> {
    const live = (await this.store.registry.all()).map((row): RegistryEntry => ({
      appName: row.registryKey,
      address: row.registryValue,
      updateTimeMs: row.updateTimeMs,
      health: this.healthOf(row, nowMs),
      executor: executorOf(row.registryKey, infoOf(row)),
    }))
    const liveKeys = new Set(live.map((e) => `${e.appName}\n${e.address}`))
    const dead: RegistryEntry[] = []
    for (const [key, entry] of this.recentlyDead) {
      if (liveKeys.has(key) || nowMs - entry.removedAtMs > this.timings.deadTimeoutMs) this.recentlyDead.delete(key)
      else dead.push({ appName: entry.appName, address: entry.address, updateTimeMs: entry.updateTimeMs, health: 'dead', executor: entry.executor })
    }
    return [...live, ...dead]
  }

  private healthOf(row: RegistryRow, nowMs: number): RegistryEntry['health'] {
    const health = addressHealth(row.updateTimeMs, nowMs, this.timings)
    const key = `${row.registryKey}\n${row.registryValue}`
    const failedAt = this.unreachableAt.get(key)
    if (failedAt === undefined) return health
    // A beat after the failed trigger clears it: the executor is back.
    if (row.updateTimeMs > failedAt) {
      this.unreachableAt.delete(key)
      return health
    }
    return health === 'online' ? 'suspect' : health
  }

  /**
   * The addresses a group routes to: for an automatic group those registered and alive, for a manual
   * group its list. (What a group's own token may name as an address override.)
   */
  async addressesOf(group: JobGroup, nowMs: number): Promise<string[]> {
    if (group.addressType === 1) return splitAddressList(group.addressList)
    return this.store.registry.aliveAddresses(group.appName, nowMs - this.timings.deadTimeoutMs)
  }

  /**
   * The handlers a group's executors offer (for the job editor), and whether they are all JobDesk's
   * own (then GLUE_GROOVY cannot run there). Known only when every alive executor reports them:
   * xxl-job-core executors do not, and then any handler name may be right.
   */
  async handlersOf(group: JobGroup, nowMs: number, repos: Pick<Repos, 'registry'> = this.store): Promise<HandlerCatalog> {
    const sinceMs = nowMs - this.timings.deadTimeoutMs
    const rows = (await repos.registry.all()).filter((row) => row.registryKey === group.appName && row.updateTimeMs > sinceMs)
    const infos = rows.map(infoOf)
    const known = infos.length > 0 && infos.every((info) => info !== null)
    const handlers = new Set<string>()
    for (const info of infos) for (const name of info?.handlers ?? []) handlers.add(name)
    return { known, handlers: [...handlers].sort(), jobDeskOnly: known || group.appName === EMBEDDED_APP_NAME }
  }

  /** Forgets every address of `appName` but `keep` (at start: the embedded addresses of this process's past lives). */
  async removeAllBut(appName: string, keep: string, nowMs: number): Promise<void> {
    const stale = (await this.store.registry.all()).filter((row) => row.registryKey === appName && row.registryValue !== keep)
    for (const row of stale) await this.remove(appName, row.registryValue, nowMs)
  }

  /** Rewrites an automatic group's address list from the registry now. */
  refreshGroup(appName: string, nowMs: number): Promise<void> {
    return this.store.transaction((tx) => this.refreshGroupIn(tx, appName, nowMs))
  }

  /** refreshGroup inside the caller's transaction. */
  async refreshGroupIn(tx: Pick<Repos, 'registry' | 'groups'>, appName: string, nowMs: number): Promise<void> {
    const group = await tx.groups.findByAppName(appName)
    if (!group || group.addressType !== 0) return
    const addresses = await tx.registry.aliveAddresses(appName, nowMs - this.timings.deadTimeoutMs)
    const list = joinAddressList([...addresses].sort())
    if (list !== group.addressList) await tx.groups.setAddressList(group.id, list, nowMs)
  }
}

/** What the executor at a registry row reported of itself; null when nothing (or nothing readable). */
function infoOf(row: RegistryRow): ExecutorInfo | null {
  if (!row.executorInfo) return null
  try {
    const info = JSON.parse(row.executorInfo) as ExecutorInfo
    return info.kind === 'jobdesk' && Array.isArray(info.handlers) ? info : null
  } catch {
    return null
  }
}

function executorOf(appName: string, info: ExecutorInfo | null): RegistryEntry['executor'] {
  if (!info) return null
  return { kind: appName === EMBEDDED_APP_NAME ? 'embedded' : 'jobdesk', version: info.version, scripts: info.scripts }
}
