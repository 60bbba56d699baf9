import { expect } from 'vitest'
import type { FlowInput } from '../../../../src/shared/api'
import type { AuditAction } from '../../../../src/shared/auth'
import { HARNESS_EXECUTOR_TOKEN, HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from '../../../support/admin-harness'
import { postEnvelope, type EnvelopeReply } from '../../../support/raw-http'
import type { SecurityWorld } from '../../../support/security-world'
import { waitFor } from '../../../support/wait-for'

/**
 * What the files of the security matrix share (security-matrix-*.test.ts): the objects of group A
 * that calls act on, the check of one call's outcome against the audit trail and the tables, and
 * the OpenAPI's credentials. Each file builds its own world in its beforeAll; `world` returns it.
 */

/** The OpenAPI and executor API credentials other than sessions. */
export type Credential = 'personal' | 'group' | 'executor' | 'api' | 'none'

export const envelopeRefused = (r: EnvelopeReply) => r.code !== 200
export const envelopeOk = (r: EnvelopeReply) => r.code === 200

/** Where the matrix's backfills start (any past range: the cron job's slots in it are what count). */
const BACKFILL_FROM = Date.parse('2026-01-01T00:00:00Z')

export function securityMatrix(world: () => SecurityWorld) {
  const admin = () => world().auth.h.headless.core.api

  /** Flows of group A (their job nodes run on A's executor, which never calls back: node runs stay running). */
  const flowOfA = (name: string, overrides: Partial<FlowInput> = {}): FlowInput => ({
    name,
    nodes: [{ key: 'a', jobId: world().jobs.a.id }],
    edges: [],
    maxActiveRuns: 100,
    overlap: 'ALLOW',
    ...overrides,
  })
  let flowA = 0
  let gateFlowA = 0
  const flowIdOfA = async () => (flowA ||= (await admin().addFlow(flowOfA('matrix flow A'))).id)
  const throwawayFlow = async () => (await admin().addFlow(flowOfA(`throwaway flow ${Math.random().toString(36).slice(2, 8)}`))).id
  /**
   * Kills the flow runs earlier cases left under way (their node runs never end: A's executor does not
   * call back), before a case makes its own: a world of dozens of runs under way would keep the
   * core's loops busy past the moment each call is judged.
   */
  const retireFlowRuns = async () => {
    for (const run of (await admin().listFlowRuns({ limit: 500 })).runs) {
      if (['queued', 'running', 'waiting'].includes(run.state)) await admin().killFlowRun(run.id)
    }
  }
  /** A run of flow A whose node runs (and never ends: A's executor does not call back). */
  const activeFlowRun = async () => {
    await retireFlowRuns()
    return (await admin().triggerFlow({ flowId: await flowIdOfA() })).flowRunId!
  }
  /** A finished (killed) run of flow A, its node killed. */
  const killedFlowRun = async () => {
    const id = await activeFlowRun()
    await waitFor(`flow run ${id}'s node started`, async () => (await admin().getFlowRun(id)).nodes[0].state === 'running')
    await admin().killFlowRun(id)
    return id
  }
  /** A run of a flow of A that waits for its approval (before its job node). */
  const waitingFlowRun = async () => {
    await retireFlowRuns()
    gateFlowA ||= (
      await admin().addFlow(
        flowOfA('matrix gate A', {
          nodes: [
            { key: 'gate', kind: 'approval' },
            { key: 'a', jobId: world().jobs.a.id },
          ],
          edges: [{ from: 'gate', to: 'a' }],
        }),
      )
    ).id
    const id = (await admin().triggerFlow({ flowId: gateFlowA })).flowRunId!
    await waitFor(`flow run ${id} waiting`, async () => (await admin().getFlowRun(id)).state === 'waiting')
    return id
  }

  /** A trigger URL of job A, made by an admin (for the reads). */
  let hookA = ''
  const hookIdOfA = async () => (hookA ||= (await admin().createHook({ jobId: world().jobs.a.id })).hook.id)
  /** A trigger URL to remove, of another job of A (refused removals leave theirs behind: A's own stays under its cap). */
  const throwawayHook = async () => (await admin().createHook({ jobId: world().jobs.failoverA.id })).hook.id

  /** A backfill of A's cron job over two days (two slots; its runs never end: A's executor does not call back). */
  const backfillOfA = (extra: { dryRun?: boolean } = {}) => ({
    jobId: world().jobs.cronA.id,
    from: BACKFILL_FROM,
    to: BACKFILL_FROM + 2 * 86_400_000,
    ...extra,
  })
  /** A backfill of A made by an admin, to read or act on; `paused` pauses it first. */
  const throwawayBackfill = async (paused = false) => {
    const { backfillId } = await admin().startBackfill(backfillOfA())
    if (paused) await admin().pauseBackfill({ id: backfillId })
    return backfillId
  }
  /** A silence of job A for an hour (its failures in the matrix are then not sent), and one added by an admin to lift. */
  const silenceOfA = (reason: string) => ({ jobId: world().jobs.a.id, until: Date.now() + 3_600_000, reason })
  const throwawaySilence = async () => (await admin().addSilence(silenceOfA('throwaway'))).id

  /**
   * A queued run of A, waiting for a pool no one adds (it never starts by itself): written as the
   * trigger writes one that cannot get its slots.
   */
  const throwawayQueuedRun = async () => {
    const { store } = world().auth.h.headless.core
    const job = world().jobs.a
    const now = Date.now()
    const logId = (await store.runs.insert({
      jobGroup: job.jobGroup,
      jobId: job.id,
      executorHandler: job.executorHandler,
      executorParam: '',
      executorShardingParam: '',
      executorFailRetryCount: 0,
      triggerTimeMs: now,
      triggerType: 'MANUAL',
      scheduleTimeMs: null,
      parentLogId: null,
    }))!
    await store.runs.markQueued([logId], now)
    await store.poolSlots.insert([{ logId, pool: 'never-added', jobId: job.id, slots: 1, state: 'waiting', priority: 5, orderTimeMs: now, sinceMs: now }])
    return logId
  }

  /** The audit rows written after `afterId`. */
  function auditAfter(afterId: number) {
    return world().auth.h.auditRowsAfter(afterId)
  }

  function newestAuditId(): number {
    const rows = world().auth.h.auditRowsAfter(0)
    return rows.length === 0 ? 0 : rows[rows.length - 1].id
  }

  /**
   * Runs `call` and checks it against what the caller may do: permitted, it is not refused (and, but
   * for `mayFail`, succeeds); refused, it is recorded once — a row, or a count on the row it repeats
   * (auditRowsAfter reports both), refused, under `action` — and changes nothing else.
   */
  async function expectOutcome<T>(
    label: string,
    permitted: boolean,
    action: AuditAction,
    call: () => Promise<T>,
    refusedOf: (result: T) => boolean,
    okOf: (result: T) => boolean,
    mayFail = false,
  ): Promise<void> {
    const mark = newestAuditId()
    const { result, changed } = await world().auth.h.tablesChangedBy(call, refusedOf)
    const rows = auditAfter(mark)
    if (permitted) {
      expect(refusedOf(result), `${label}: refused, but permitted (${JSON.stringify(result).slice(0, 300)})`).toBe(false)
      if (!mayFail) expect(okOf(result), `${label}: failed (${JSON.stringify(result).slice(0, 300)})`).toBe(true)
      expect(
        rows.filter((r) => r.outcome === 'refused'),
        `${label}: a refused audit row for a permitted call`,
      ).toEqual([])
      return
    }
    expect(refusedOf(result), `${label}: not refused (${JSON.stringify(result).slice(0, 300)})`).toBe(true)
    expect(
      rows.map((r) => ({ action: r.action, outcome: r.outcome })),
      `${label}: its audit rows`,
    ).toEqual([{ action, outcome: 'refused' }])
    expect(
      changed.filter((table) => table !== 'job_audit'),
      `${label}: refused, but changed tables`,
    ).toEqual([])
  }

  function headersOf(credential: Credential): Record<string, string> {
    switch (credential) {
      case 'personal':
        return { 'XXL-JOB-ACCESS-TOKEN': world().personalToken }
      case 'group':
        return { 'XXL-JOB-ACCESS-TOKEN': HARNESS_GROUP_TOKEN, 'XXL-JOB-APPNAME': HARNESS_GROUP_APP }
      case 'executor':
        return { 'XXL-JOB-ACCESS-TOKEN': HARNESS_EXECUTOR_TOKEN }
      case 'api':
        return { 'XXL-JOB-ACCESS-TOKEN': world().auth.h.headless.core.settings.apiToken() }
      case 'none':
        return {}
    }
  }

  let source = 0
  /** Each call from its own loopback address and in a fresh budget window: the limits are not what is tested here. */
  async function post(path: string, credential: Credential, body: unknown): Promise<EnvelopeReply> {
    source++
    return postEnvelope(world().auth.h.port, path, headersOf(credential), JSON.stringify(body), {
      localAddress: `127.0.${1 + (source % 250)}.${2 + (Math.floor(source / 250) % 250)}`,
    })
  }

  return {
    admin,
    flowOfA,
    flowIdOfA,
    throwawayFlow,
    retireFlowRuns,
    activeFlowRun,
    killedFlowRun,
    waitingFlowRun,
    hookIdOfA,
    throwawayHook,
    backfillOfA,
    throwawayBackfill,
    silenceOfA,
    throwawaySilence,
    throwawayQueuedRun,
    auditAfter,
    newestAuditId,
    expectOutcome,
    headersOf,
    post,
    /** How many OpenAPI calls went out so far: a name made with it is new. */
    postsMade: () => source,
  }
}
