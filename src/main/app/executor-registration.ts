import { ValidationError } from '../../shared/errors'
import type { HandleCallback } from '../executor/executor-api'
import type { RunWriter } from '../completion/run-writer'
import type { AdminCaller } from '../net/admin-auth'
import type { RegistryParam } from '../net/wire/bodies'
import type { RegistryService } from '../registry/registry-service'
import { REGISTRY_GROUP_EXECUTOR } from '../store/registry-repo'
import type { Store } from '../store/store'

const APP_NAME = /^[^\s,]{1,64}$/
/** XXL-JOB sends at most 50 per request; a generous cap still bounds one request's work. */
const MAX_CALLBACKS_PER_REQUEST = 10_000

/**
 * What LAN executors do to the admin: register (every beat), leave, and report finished runs. An
 * unknown app name registering with the global token gets a new automatic group, marked new for
 * the UI — operators need not create groups first (XXL-JOB 3.5 requires it).
 */
export class ExecutorRegistration {
  constructor(
    private readonly store: Store,
    private readonly registry: RegistryService,
    private readonly writer: RunWriter,
    private readonly nowMs: () => number,
  ) {}

  register(caller: AdminCaller, param: RegistryParam): void {
    const { appName, address } = this.check(caller, param)
    const nowMs = this.nowMs()
    const created = this.store.transaction(() => {
      const group = this.store.groups.findByAppName(appName)
      if (!group) {
        this.store.groups.insert({
          appName,
          name: appName.slice(0, 64),
          addressType: 0,
          addressList: '',
          accessToken: '',
          // Only G3 executors send their app name in a header, and a group token implies G3.
          protocolGeneration: caller.kind === 'group' || caller.appName ? 'g3' : null,
          autoCreated: true,
          updateTimeMs: nowMs,
        })
        return true
      }
      if (group.protocolGeneration === null && (caller.kind === 'group' || caller.appName)) {
        this.store.groups.update({ ...group, protocolGeneration: 'g3' })
      }
      return false
    })
    // A first registration refreshes the group and tells the UI. A new group whose address was
    // already registered (its old group deleted meanwhile) gets its list here instead.
    const first = this.registry.beat(appName, address, nowMs)
    if (created && !first) this.registry.refreshGroup(appName, nowMs)
  }

  remove(caller: AdminCaller, param: RegistryParam): void {
    const { appName, address } = this.check(caller, param)
    this.registry.remove(appName, address, this.nowMs())
  }

  /** Completes the reported runs (idempotently); a group token only reports its own group's runs. */
  async callback(caller: AdminCaller, batch: HandleCallback[]): Promise<void> {
    if (batch.length > MAX_CALLBACKS_PER_REQUEST) {
      throw new ValidationError('callbackList', `${batch.length} items in one request; the limit is ${MAX_CALLBACKS_PER_REQUEST}`)
    }
    let items = batch
    if (caller.kind === 'group') {
      const own = new Set(this.store.runs.getMany(batch.map((c) => c.logId)).filter((r) => r.jobGroup === caller.group.id).map((r) => r.id))
      items = batch.filter((c) => own.has(c.logId))
    }
    const nowMs = this.nowMs()
    await this.writer.complete(items.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: nowMs })))
  }

  private check(caller: AdminCaller, param: RegistryParam): { appName: string; address: string } {
    if (param.registryGroup !== REGISTRY_GROUP_EXECUTOR) {
      throw new ValidationError('registryGroup', `expected '${REGISTRY_GROUP_EXECUTOR}', got '${param.registryGroup}'`)
    }
    const appName = param.registryKey.trim()
    if (!APP_NAME.test(appName)) throw new ValidationError('registryKey', `'${appName}' is not an app name (1-64 characters, no spaces or commas)`)
    if (caller.kind === 'group' && caller.group.appName !== appName) {
      throw new ValidationError('registryKey', `registers '${appName}' with the token of group '${caller.group.appName}'`)
    }
    const address = param.registryValue.trim()
    let url: URL
    try {
      url = new URL(address)
    } catch {
      throw new ValidationError('registryValue', `'${address}' is not a URL (expected e.g. http://10.0.0.5:9999/)`)
    }
    // Only HTTP executors register remotely; the embedded executor's address is reserved.
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || address.length > 500) {
      throw new ValidationError('registryValue', `'${address}' must be an http(s) URL of at most 500 characters`)
    }
    return { appName, address }
  }
}
