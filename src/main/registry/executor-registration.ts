import { EMBEDDED_APP_NAME, type JobGroup, type ProtocolGeneration } from '../../shared/model'
import type { AuditAction } from '../../shared/auth'
import { notPermitted } from '../../shared/messages/coded-errors'
import type { HandleCallback } from '../executor/executor-api'
import type { AdminCaller } from '../net/admin-auth'
import type { RegistryParam } from '../net/wire/bodies'
import type { AuditActor, AuditRecord } from '../audit/audit-entry'
import type { RegistryService } from './registry-service'
import { newGroup } from '../store/group-repo'
import type { RepoAccess } from '../store/store'
import { isEmbeddedAddress } from '../domain/embedded-address'
import type { RunCompleter } from '../domain/runs'

/** Writes one audit row for a refused executor call (AuditService.record). */
export type RecordRefusal = (who: AuditActor, entry: AuditRecord) => Promise<void>

/**
 * What LAN executors do to the admin: register (every beat), leave, and report finished runs — each
 * as an executor of the group its credential is for, and nothing more. A group with its own token
 * accepts only that token (the global executor token cannot register into it, remove its executors,
 * or report its runs); a callback reports only runs JobDesk dispatched to a LAN executor of a group
 * that credential serves, still open (a killed one's is acknowledged, changing nothing). An unknown app name registering with the executor token gets
 * a new automatic group, marked new for the UI — operators need not create groups first (XXL-JOB 3.5
 * requires it). The body was checked by its schema (one http(s) address, an app name by the
 * editor's rule, the embedded one reserved). Every refusal changes nothing and writes one audit row.
 */
export class ExecutorRegistration {
  constructor(
    private readonly store: RepoAccess<'groups' | 'runs'>,
    private readonly registry: RegistryService,
    private readonly writer: RunCompleter,
    private readonly nowMs: () => number,
    private readonly recordRefusal: RecordRefusal,
    /** Told of every registration beat, after it is recorded (finds runs a restarted executor lost). */
    private readonly onBeat: (appName: string, address: string) => void = () => {},
  ) {}

  /** `generation`: what the request itself showed (headers); a group token implies G3. */
  async register(caller: AdminCaller, param: RegistryParam, generation: ProtocolGeneration | null, source: string): Promise<void> {
    const { appName, address } = await this.check(caller, param, 'executor.register', source)
    const nowMs = this.nowMs()
    const told = caller.kind === 'group' ? 'g3' : generation
    const created = await this.store.transaction(async (tx) => {
      const group = await tx.groups.findByAppName(appName)
      if (!group) {
        // insertIgnore: the executor may be registering with another node at the same moment.
        await tx.groups.insertIgnore(newGroup(appName, appName.slice(0, 64), nowMs, { protocolGeneration: told, autoCreated: true }))
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

  async remove(caller: AdminCaller, param: RegistryParam, source: string): Promise<void> {
    const { appName, address } = await this.check(caller, param, 'executor.remove', source)
    await this.registry.remove(appName, address, this.nowMs())
  }

  /**
   * Completes the reported runs (idempotently) that this caller may report: runs of a group its
   * credential serves, dispatched to a LAN executor (or not yet recorded as dispatched), not ended.
   * Such a run that was killed is acknowledged and changes nothing. The others are refused with one audit
   * row; when none is left, the whole call is refused.
   */
  async callback(caller: AdminCaller, batch: HandleCallback[], source: string): Promise<void> {
    const runs = new Map((await this.store.runs.callbackTargets(batch.map((c) => c.logId))).map((run) => [run.id, run]))
    const groups = new Map<number, JobGroup | undefined>()
    const groupOf = async (id: number) => {
      if (!groups.has(id)) groups.set(id, await this.store.groups.get(id))
      return groups.get(id)
    }
    const accepted: HandleCallback[] = []
    const refused: number[] = []
    for (const item of batch) {
      const run = runs.get(item.logId)
      const ours = run !== undefined && !isEmbeddedAddress(run.executorAddress) && serves(caller, await groupOf(run.jobGroup))
      // A killed run's executor reports it once the handler stopped, usually after the kill ended
      // the run: that report is late, not foreign — acknowledged, changing nothing. Any other
      // ended run (e.g. declared lost) stays refused: its executor's report contradicts the record.
      if (ours && run.open) accepted.push(item)
      else if (!ours || !run.killed) refused.push(item.logId)
    }
    if (refused.length > 0) {
      const error = notPermitted('registry.callbackRefused', { count: refused.length })
      await this.recordRefusal(actorOf(caller, source), {
        action: 'executor.callback',
        outcome: 'refused',
        target: 'callback',
        detail: { params: { logIds: refused.slice(0, 100) }, reason: { code: error.code, message: error.message } },
      })
      if (refused.length === batch.length) throw error
    }
    if (accepted.length === 0) return
    const nowMs = this.nowMs()
    await this.writer.complete(accepted.map((c) => ({ logId: c.logId, handleCode: c.handleCode, handleMsg: c.handleMsg ?? '', handleTimeMs: nowMs })))
  }

  /**
   * Whether `caller` may upload artifacts of run `runId`: the callback's scope (a run of a group it
   * serves, not the embedded executor's) while the run is open — the agent uploads before its
   * callback. A refusal is audited like a refused callback.
   */
  async mayReportRun(caller: AdminCaller, runId: number, source: string): Promise<boolean> {
    const [run] = await this.store.runs.callbackTargets([runId])
    const ours = run !== undefined && !isEmbeddedAddress(run.executorAddress) && serves(caller, await this.store.groups.get(run.jobGroup))
    if (ours && run.open) return true
    const error = notPermitted('registry.callbackRefused', { count: 1 })
    await this.recordRefusal(actorOf(caller, source), {
      action: 'executor.callback',
      outcome: 'refused',
      target: `artifacts of run ${runId}`,
      detail: { params: { logIds: [runId] }, reason: { code: error.code, message: error.message } },
    })
    return false
  }

  /** A caller registers or removes only in a group it serves; a refusal is audited and thrown. */
  private async check(caller: AdminCaller, param: RegistryParam, action: AuditAction, source: string): Promise<{ appName: string; address: string }> {
    const appName = param.registryKey
    const group = caller.kind === 'group' ? caller.group : await this.store.groups.findByAppName(appName)
    const named = caller.kind === 'group' ? caller.group.appName : caller.kind === 'executor' ? (caller.appName ?? appName) : appName
    const refusal =
      named !== appName
        ? notPermitted('registry.otherGroup', { appName, group: named })
        : group && !serves(caller, group)
          ? notPermitted('registry.ownToken', { appName })
          : null
    if (refusal) {
      await this.recordRefusal(actorOf(caller, source), {
        action,
        outcome: 'refused',
        target: appName,
        groupId: group?.id ?? null,
        detail: { params: param, reason: { code: refusal.code, message: refusal.message } },
      })
      throw refusal
    }
    return { appName, address: param.registryValue }
  }
}

/**
 * Whether a credential is the one `group`'s executors hold: the group's own token for a group that
 * has one; the global executor token for every other group (with XXL-JOB-APPNAME, that group only).
 * The embedded executor's group is no LAN executor's.
 */
function serves(caller: AdminCaller, group: JobGroup | undefined): boolean {
  if (!group || group.appName === EMBEDDED_APP_NAME) return false
  if (caller.kind === 'group') return caller.group.id === group.id
  if (caller.kind !== 'executor') return false
  return group.accessToken === '' && (caller.appName === null || caller.appName === group.appName)
}

function actorOf(caller: AdminCaller, source: string): AuditActor {
  if (caller.kind === 'group') return { actor: `group token ${caller.group.appName}`, actorKind: 'group-token', source }
  return { actor: `executor ${caller.kind === 'executor' ? (caller.appName ?? '') : ''}`.trim(), actorKind: 'executor-token', source }
}
