import { mayNameSecrets } from '../../shared/secret-names'
import { randomBytes } from 'node:crypto'
import { NotFoundError, ValidationError } from '../../shared/errors'
import type { FlowTriggerResult } from '../../shared/flow-types'
import { HOOK_PATH_PREFIX, type CreatedHook, type HookKind, type HookView } from '../../shared/hook-types'
import { conflict, notFound } from '../../shared/messages/coded-errors'
import { englishMessage, type MessageCode } from '../../shared/messages'
import type { AuditActor, AuditRecord } from '../audit/audit-entry'
import { RateLimit } from '../kernel/rate-limit'
import { HOOK_UNAUTHORIZED, type HookAnswer, type HookDelivery } from '../net/hook-route'
import { HOOKS_PER_TARGET_MAX, viewOf, type HookRow } from '../store/hook-repo'
import type { Repos } from '../store/store'
import { HOOK_CLOCK_SKEW_MS, verifyHookRequest } from './hook-signature'
import { parseHookBody, type HookBody } from './hook-body'
import { checkTriggerFields } from '../trigger/typed-run-params'

type HookValues = Extract<HookBody, { ok: true }>

/** Requests one hook may start, per window: a CI loop gone wrong starts 30 runs a minute, not thousands. */
export const HOOK_RATE_LIMIT = { maxRequests: 30, windowMs: 60_000 }

export interface HookTarget {
  kind: HookKind
  targetId: number
}

export interface HookServiceDeps {
  repos: Pick<Repos, 'hooks' | 'hookUses' | 'jobs' | 'flows'>
  /** A job's run by the API trigger path (trigger type API); resolves with the new run ids. */
  triggerJob(jobId: number, param: string | undefined, params?: Record<string, string | number | boolean>): Promise<number[]>
  /** A flow's run by the API trigger path (trigger type API), by the flow's overlap rule. */
  triggerFlow(flowId: number, param: string | undefined, params?: Record<string, string | number | boolean>): Promise<FlowTriggerResult>
  audit(who: AuditActor, entry: AuditRecord): Promise<void>
  nowMs: () => number
  /** This node's address as the cluster knows it, or null before it is known. */
  nodeUrl: () => string | null
  limit?: { maxRequests: number; windowMs: number }
  /** Told after a hook is made or removed: its secret is one the log redaction must know (or may forget). */
  secretsChanged?: () => Promise<void>
}

/**
 * Trigger URLs: making, listing and removing them (the API's createHook, listHooks, removeHook),
 * and answering a request to one. A request passes only in this order — a known hook, a good
 * signature, within the hook's budget, a well-formed body, a signature not used before (claimed in
 * the database, so a replay is refused on every node) — and whatever refuses it writes one audit
 * row and nothing else. A passing request starts its run through the same trigger path as an API
 * call, and its audit row says which hook fired it.
 */
export class HookService {
  private readonly budget: RateLimit

  constructor(private readonly deps: HookServiceDeps) {
    const limit = deps.limit ?? HOOK_RATE_LIMIT
    this.budget = new RateLimit(limit.maxRequests, limit.windowMs)
  }

  async create(target: HookTarget, createdBy: string): Promise<CreatedHook> {
    const { hooks } = this.deps.repos
    await this.requireTarget(target)
    if ((await hooks.countFor(target.kind, target.targetId)) >= HOOKS_PER_TARGET_MAX)
      throw conflict('hook.tooMany', { kind: target.kind, id: target.targetId, max: HOOKS_PER_TARGET_MAX })
    const hook: HookRow = {
      id: randomBytes(16).toString('base64url'),
      kind: target.kind,
      targetId: target.targetId,
      secret: randomBytes(32).toString('base64url'),
      createdBy: createdBy.slice(0, 200),
      createdAtMs: this.deps.nowMs(),
      lastUsedAtMs: 0,
    }
    await hooks.insert(hook)
    await this.deps.secretsChanged?.()
    const path = `${HOOK_PATH_PREFIX}${hook.id}`
    const node = this.deps.nodeUrl()
    return { hook: viewOf(hook), path, url: node ? `${node.replace(/\/+$/, '')}${path}` : path, secret: hook.secret }
  }

  async list(target: HookTarget): Promise<HookView[]> {
    await this.requireTarget(target)
    return this.deps.repos.hooks.listFor(target.kind, target.targetId)
  }

  async get(id: string): Promise<HookView> {
    const hook = await this.deps.repos.hooks.get(id)
    if (!hook) throw notFound('hook.notFound', { id })
    return viewOf(hook)
  }

  async remove(id: string): Promise<void> {
    if (!(await this.deps.repos.hooks.delete(id))) throw notFound('hook.notFound', { id })
    await this.deps.repos.hookUses.deleteForHook(id)
    await this.deps.secretsChanged?.()
  }

  /** Removes a job's or flow's trigger URLs with it (their ids would otherwise answer 404 for ever, but take room). */
  async removeFor(target: HookTarget): Promise<void> {
    for (const hook of await this.deps.repos.hooks.listFor(target.kind, target.targetId)) await this.remove(hook.id).catch(() => undefined)
  }

  /** Answers one request to `POST /hooks/<id>`. */
  async deliver(delivery: HookDelivery): Promise<HookAnswer> {
    const { repos } = this.deps
    const nowMs = this.deps.nowMs()
    const who: AuditActor = { actor: `trigger URL ${delivery.id.slice(0, 8)}…`, actorKind: 'anonymous', source: delivery.source }
    const refused = async (code: MessageCode, params: Record<string, string | number>, answer: HookAnswer, hook?: HookRow): Promise<HookAnswer> => {
      await this.deps.audit(who, {
        action: 'hook.refused',
        outcome: 'refused',
        target: hook ? `${hook.kind} ${hook.targetId}` : `trigger URL ${delivery.id.slice(0, 22)}`,
        detail: { reason: { code, message: englishMessage(code, params) } },
      })
      return answer
    }
    const hook = delivery.id === '' ? undefined : await repos.hooks.get(delivery.id)
    if (!hook) return refused('hook.unknown', {}, { status: 404, body: { error: 'not found' } })

    const verified = verifyHookRequest(hook.secret, delivery.headers, delivery.rawBody, nowMs)
    if (!verified.ok) return refused(`hook.${verified.problem}`, { minutes: HOOK_CLOCK_SKEW_MS / 60_000 }, { status: 401, body: HOOK_UNAUTHORIZED }, hook)

    // A replay is refused before it counts against the budget: a copy of a request must not spend the sender's.
    if (await this.used(hook.id, [verified.useKey, ...verified.earlierKeys], nowMs))
      return refused('hook.replayed', {}, { status: 401, body: HOOK_UNAUTHORIZED }, hook)

    if (!this.budget.take(hook.id, nowMs)) {
      const retryAfterSec = Math.max(1, Math.ceil(this.budget.retryAfterMs(hook.id, nowMs) / 1000))
      const answer: HookAnswer = { status: 429, body: { error: 'too many requests' }, retryAfterSec }
      // Counted, not multiplied: the first refusal of each window is recorded.
      if (!this.budget.noteRefusal(hook.id, nowMs)) return answer
      return refused('hook.rateLimited', { max: this.budget.maxRequests, seconds: this.budget.windowMs / 1000 }, answer, hook)
    }

    const body = parseHookBody(delivery.rawBody, hook.kind)
    if (!body.ok) return refused('hook.badBody', { detail: body.problem }, { status: 400, body: { error: 'malformed body', detail: body.problem } }, hook)
    // A caller outside brings data, never a reference: the trigger would fill a secret in for it.
    if (body.param !== undefined && mayNameSecrets(body.param))
      return refused('hook.paramNamesSecret', {}, { status: 400, body: { error: 'the param names a secret' } }, hook)

    // The gate: of any copies of this request, on any node, one inserts its use and goes on.
    if (!(await repos.hookUses.claim(hook.id, verified.useKey, verified.expiresAtMs, nowMs)))
      return refused('hook.replayed', {}, { status: 401, body: HOOK_UNAUTHORIZED }, hook)

    const params = {
      hook: hook.id,
      scheme: verified.scheme,
      ...(verified.deliveryId && { deliveryId: verified.deliveryId }),
      param: body.param ?? null,
      ...(body.params && { values: JSON.stringify(body.params).slice(0, 500) }),
    }
    try {
      const started = hook.kind === 'job' ? await this.fireJob(hook, body) : await this.fireFlow(hook, body)
      await repos.hooks.touch(hook.id, nowMs)
      await this.deps.audit(who, {
        action: 'hook.trigger',
        outcome: 'ok',
        groupId: started.groupId,
        target: `${hook.kind} ${hook.targetId}`,
        detail: { params, after: started.body },
      })
      return { status: 202, body: started.body }
    } catch (error) {
      // Nothing started: the signature is given back, so the sender may send it again.
      await repos.hookUses.release(hook.id, verified.useKey)
      const detail = (error as Error).message.slice(0, 300)
      await this.deps.audit(who, {
        action: 'hook.trigger',
        outcome: 'failed',
        target: `${hook.kind} ${hook.targetId}`,
        detail: { params, reason: { code: 'hook.triggerFailed', message: englishMessage('hook.triggerFailed', { detail }) } },
      })
      // A value the job's declared params refuse: the sender's to fix, named by its field.
      if (error instanceof ValidationError) return { status: 400, body: { error: 'invalid params', field: error.field, detail: error.message } }
      // A hook whose job or flow is gone is no hook any more.
      return error instanceof NotFoundError ? { status: 404, body: { error: 'not found' } } : { status: 500, body: { error: 'the run could not be started' } }
    }
  }

  private async fireJob(hook: HookRow, { param, params }: HookValues): Promise<{ groupId: number | null; body: Record<string, unknown> }> {
    const job = await this.deps.repos.jobs.get(hook.targetId)
    if (!job) throw notFound('job.notFound', { id: hook.targetId })
    checkTriggerFields(job, { executorParam: param, params })
    const runIds = await this.deps.triggerJob(hook.targetId, param, params)
    return { groupId: job.jobGroup, body: { runId: runIds[0] ?? null, runIds } }
  }

  private async fireFlow(hook: HookRow, { param, params }: HookValues): Promise<{ groupId: number | null; body: Record<string, unknown> }> {
    const result = await this.deps.triggerFlow(hook.targetId, param, params)
    return { groupId: null, body: { flowRunId: result.flowRunId, state: result.state } }
  }

  /** Whether any of `keys` is recorded as used (a read: the claim of the first is still the gate). */
  private async used(hookId: string, keys: string[], nowMs: number): Promise<boolean> {
    for (const key of keys) if (await this.deps.repos.hookUses.isUsed(hookId, key, nowMs)) return true
    return false
  }

  private async requireTarget({ kind, targetId }: HookTarget): Promise<void> {
    const { jobs, flows } = this.deps.repos
    if (kind === 'job' && !(await jobs.get(targetId))) throw notFound('job.notFound', { id: targetId })
    if (kind === 'flow' && !(await flows.get(targetId))) throw notFound('flow.notFound', { id: targetId })
  }
}
