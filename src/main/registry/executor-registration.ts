import { PermissionError } from '../../shared/errors'
import type { ProtocolGeneration } from '../../shared/model'
import type { HandleCallback } from '../executor/executor-api'
import type { RunWriter } from '../completion/run-writer'
import type { AdminCaller } from '../net/admin-auth'
import type { RegistryParam } from '../net/wire/bodies'
import type { RegistryService } from './registry-service'
import type { RepoAccess } from '../store/store'

/**
 * What LAN executors do to the admin: register (every beat), leave, and report finished runs. An
 * unknown app name registering with the executor token gets a new automatic group, marked new for
 * the UI — operators need not create groups first (XXL-JOB 3.5 requires it). The body was checked
 * by its schema (one http(s) address, an app name by the editor's rule, the embedded one reserved).
 */
export class ExecutorRegistration {
  constructor(
    private readonly store: RepoAccess<'groups' | 'runs'>,
    private readonly registry: RegistryService,
    private readonly writer: RunWriter,
    private readonly nowMs: () => number,
    /** Told of every registration beat, after it is recorded (finds runs a restarted executor lost). */
    private readonly onBeat: (appName: string, address: string) => void = () => {},
  ) {}

  /** `generation`: what the request itself showed (headers); a group token implies G3. */
  async register(caller: AdminCaller, param: RegistryParam, generation: ProtocolGeneration | null = null): Promise<void> {
    const { appName, address } = this.check(caller, param)
    const nowMs = this.nowMs()
    const told = caller.kind === 'group' ? 'g3' : generation
    const created = await this.store.transaction(async (tx) => {
      const group = await tx.groups.findByAppName(appName)
      if (!group) {
        // insertIgnore: the executor may be registering with another node at the same moment.
        await tx.groups.insertIgnore({
          appName,
          name: appName.slice(0, 64),
          addressType: 0,
          addressList: '',
          accessToken: '',
          protocolGeneration: told,
          autoCreated: true,
          scriptsAllowed: false,
          updateTimeMs: nowMs,
        })
        return true
      }
      if (group.protocolGeneration === null && told !== null) await tx.groups.update({ ...group, protocolGeneration: told })
      return false
    })
    // A first registration refreshes the group and tells the UI. A new group whose address was
    // already registered (its old group deleted meanwhile) gets its list here instead.
    const info = param.jobdesk ? { kind: 'jobdesk' as const, ...param.jobdesk } : null
    const first = await this.registry.beat(appName, address, nowMs, info)
    if (created && !first) await this.registry.refreshGroup(appName, nowMs)
    this.onBeat(appName, address)
  }

  async remove(caller: AdminCaller, param: RegistryParam): Promise<void> {
    const { appName, address } = this.check(caller, param)
    await this.registry.remove(appName, address, this.nowMs())
  }

  /** Completes the reported runs (idempotently); a group token only reports its own group's runs. */
  async callback(caller: AdminCaller, batch: HandleCallback[]): Promise<void> {
    let items = batch
    if (caller.kind === 'group') {
      const own = new Set((await this.store.runs.getMany(batch.map((c) => c.logId))).filter((r) => r.jobGroup === caller.group.id).map((r) => r.id))
      items = batch.filter((c) => own.has(c.logId))
    }
    const nowMs = this.nowMs()
    await this.writer.complete(items.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: nowMs })))
  }

  private check(caller: AdminCaller, param: RegistryParam): { appName: string; address: string } {
    if (caller.kind === 'group' && caller.group.appName !== param.registryKey) {
      throw new PermissionError(`registers '${param.registryKey}' with the token of group '${caller.group.appName}'`, { code: 'registry.otherGroup' })
    }
    return { appName: param.registryKey, address: param.registryValue }
  }
}
