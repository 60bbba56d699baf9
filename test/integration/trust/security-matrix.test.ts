import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiMethod, FlowInput } from '../../../src/shared/api'
import { API_METHODS } from '../../../src/shared/api-methods'
import type { AuditAction } from '../../../src/shared/auth'
import type { BridgeResult } from '../../../src/shared/bridge-protocol'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { CLUSTER_SECRET_HEADER, NODE_EXECUTOR_PATH } from '../../../src/main/cluster/node-executor-route'
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/main/definitions/import-export/export-document'
import { HARNESS_EXECUTOR_TOKEN, HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from '../../support/admin-harness'
import { BridgeClient } from '../../support/bridge-client'
import { postEnvelope, type EnvelopeReply } from '../../support/raw-http'
import { waitFor } from '../../support/wait-for'
import { renamed, securityWorld, type SecurityWorld, type SessionRole } from '../../support/security-world'

/**
 * Trust round 2's security suite: every API method on the console bridge as an admin, an operator
 * of group A and a viewer of A; every OpenAPI method, executor call and node-route call as a
 * personal token scoped to A, group A's own token, the executor token, the API token and no
 * credential. A recording listener stands at an address no group registers, and calls aim at it
 * wherever a caller may name an address. It checks which calls succeed, that nothing the listener
 * receives carries a token, and that every refusal is recorded exactly once (a row, or one more on
 * the row of an identical refusal within the minute), with the action the caller asked for, and
 * writes nothing else. Round 3: a gate (an approval) is a person's decision, refused to every token
 * that acts for no one.
 */
let w: SecurityWorld
beforeAll(async () => (w = await securityWorld()), 120_000)
afterAll(async () => w?.close())

/** Who may make a call: anyone signed in, a viewer of the object's group, an operator of it, an admin. */
type Need = 'anyone' | 'viewer' | 'operator' | 'admin'
const RANK: Record<SessionRole | Need, number> = { anyone: 0, viewer: 1, operator: 2, admin: 3 }

interface BridgeCase {
  label?: string
  method: ApiMethod
  args: (role: SessionRole) => unknown[] | Promise<unknown[]>
  need: Need
  /** Names an address outside the object's group: an admin's only. */
  foreign?: boolean
  /** A permitted call that may still fail for a reason of its own (no SMTP server, no XXL-JOB database). */
  mayFail?: boolean
  /** The audit action of a refusal. */
  action: AuditAction
}

/** A by-hand job of the embedded group as a definition file gives it. */
const definitionJob = (name: string) => ({ kind: 'Job', name, group: EMBEDDED_APP_NAME, handler: 'demoJobHandler' })
const emptyImport = () => ({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAtMs: 0, groups: [], jobs: [], links: [], flows: [] })
const ownToken = async (role: SessionRole) =>
  (
    await w.sessions[role].value<{ info: { id: number } }>('createApiToken', [
      { name: `to revoke ${role} ${Date.now()}`, role: 'viewer', groupIds: [w.groupA.id], expiresAtMs: 0 },
    ])
  ).info.id
const throwawayUser = async () =>
  (
    await w.auth.h.headless.core.api.saveUser({
      name: `throwaway-${Math.random().toString(36).slice(2, 8)}`,
      role: 'viewer',
      groupIds: [],
      password: 'throwaway-password-1',
    })
  ).id
const throwawayGroup = async () =>
  (
    await w.auth.h.headless.core.api.saveGroup({
      appName: `throwaway-${Math.random().toString(36).slice(2, 8)}`,
      name: 'throwaway',
      addressType: 0,
      addressList: '',
      accessToken: '',
    })
  ).id

/** Flows of group A (their job nodes run on A's executor, which never calls back: node runs stay running). */
const flowOfA = (name: string, overrides: Partial<FlowInput> = {}): FlowInput => ({
  name,
  nodes: [{ key: 'a', jobId: w.jobs.a.id }],
  edges: [],
  maxActiveRuns: 100,
  overlap: 'ALLOW',
  ...overrides,
})
let flowA = 0
let gateFlowA = 0
const admin = () => w.auth.h.headless.core.api
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
          { key: 'a', jobId: w.jobs.a.id },
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
const hookIdOfA = async () => (hookA ||= (await admin().createHook({ jobId: w.jobs.a.id })).hook.id)
/** A trigger URL to remove, of another job of A (refused removals leave theirs behind: A's own stays under its cap). */
const throwawayHook = async () => (await admin().createHook({ jobId: w.jobs.failoverA.id })).hook.id

const BRIDGE_CASES: BridgeCase[] = [
  { method: 'getOverview', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'getAlarmHealth', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'getDailyReport', args: () => [{ days: 3 }], need: 'anyone', action: 'auth.read' },
  { method: 'removeDemoJobs', args: () => [], need: 'admin', action: 'jobs.demoRemove' },
  { method: 'getCluster', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'rotateClusterSecret', args: () => [], need: 'admin', action: 'cluster.rotateSecret' },
  { method: 'listGroups', args: () => [], need: 'anyone', action: 'auth.read' },
  {
    method: 'saveGroup',
    args: () => [{ id: w.groupB.id, appName: w.groupB.appName, name: 'Group B', addressType: 1, addressList: w.bExecutor.address, accessToken: '' }],
    need: 'admin',
    action: 'group.save',
  },
  { method: 'deleteGroup', args: async () => [await throwawayGroup()], need: 'admin', action: 'group.delete' },
  { method: 'listRegistry', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'probeExecutor', args: () => [{ address: w.aExecutor.address, kind: 'beat', groupId: w.groupA.id }], need: 'operator', action: 'executor.probe' },
  {
    label: 'probeExecutor at the listener',
    method: 'probeExecutor',
    args: () => [{ address: w.attacker.address, kind: 'idleBeat', jobId: w.jobs.a.id, groupId: w.groupA.id }],
    need: 'operator',
    foreign: true,
    action: 'executor.probe',
  },
  {
    label: 'probeExecutor without a group',
    method: 'probeExecutor',
    args: () => [{ address: w.attacker.address, kind: 'beat' }],
    need: 'admin',
    action: 'executor.probe',
  },
  { method: 'listHandlers', args: () => [w.groupA.id], need: 'viewer', action: 'auth.read' },
  { method: 'listJobs', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'listJobPage', args: () => [{ text: 'job' }], need: 'anyone', action: 'auth.read' },
  { method: 'listLastRuns', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'getJob', args: () => [w.jobs.a.id], need: 'viewer', action: 'auth.read' },
  { method: 'saveJob', args: (role) => [renamed(w.jobs.a, `A job, as ${role} left it`)], need: 'operator', action: 'job.update' },
  {
    label: 'saveJob (new)',
    method: 'saveJob',
    args: (role) => [{ ...renamed(w.jobs.a, `made by ${role}`), id: undefined }],
    need: 'operator',
    action: 'job.create',
  },
  { method: 'deleteJob', args: async () => [await w.throwawayJob()], need: 'operator', action: 'job.delete' },
  { method: 'startJob', args: () => [w.jobs.cronA.id], need: 'operator', action: 'job.start' },
  { method: 'stopJob', args: () => [w.jobs.cronA.id], need: 'operator', action: 'job.stop' },
  { method: 'triggerJob', args: () => [{ jobId: w.jobs.a.id, executorParam: 'from the matrix' }], need: 'operator', action: 'job.trigger' },
  {
    label: 'triggerJob on the listener',
    method: 'triggerJob',
    args: () => [{ jobId: w.jobs.a.id, addressList: [w.attacker.address] }],
    need: 'operator',
    foreign: true,
    action: 'job.trigger',
  },
  {
    label: 'triggerJob on the embedded executor',
    method: 'triggerJob',
    args: () => [{ jobId: w.jobs.a.id, addressList: [w.embeddedAddress] }],
    need: 'operator',
    foreign: true,
    action: 'job.trigger',
  },
  {
    label: "triggerJob on B's executor",
    method: 'triggerJob',
    args: () => [{ jobId: w.jobs.a.id, addressList: [w.bExecutor.address] }],
    need: 'operator',
    foreign: true,
    action: 'job.trigger',
  },
  { method: 'previewRoute', args: () => [{ jobId: w.jobs.failoverA.id }], need: 'viewer', action: 'auth.read' },
  {
    label: 'previewRoute over the listener',
    method: 'previewRoute',
    args: () => [{ jobId: w.jobs.failoverA.id, addressList: [w.attacker.address] }],
    need: 'viewer',
    foreign: true,
    action: 'auth.read',
  },
  { method: 'previewSchedule', args: () => [{ scheduleType: 'CRON', scheduleConf: '0 * * * * ?' }], need: 'anyone', action: 'auth.read' },
  { method: 'listRuns', args: () => [{}], need: 'anyone', action: 'auth.read' },
  { method: 'getRun', args: () => [w.runA], need: 'viewer', action: 'auth.read' },
  { method: 'killRun', args: async () => [await w.runningRunOf(w.jobs.a.id)], need: 'operator', action: 'run.kill' },
  { method: 'getRunLog', args: () => [{ logId: w.runA, fromLineNum: 1 }], need: 'viewer', action: 'auth.read' },
  { method: 'watchRunLog', args: () => [w.runA], need: 'viewer', action: 'auth.read' },
  { method: 'unwatchRunLog', args: () => [w.runA], need: 'viewer', action: 'auth.read' },
  { method: 'listLinks', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'saveLink', args: () => [{ parentJobId: w.jobs.a.id, childJobId: w.jobs.cronA.id, condition: 'SUCCESS' }], need: 'operator', action: 'link.save' },
  { method: 'deleteLink', args: () => [{ parentJobId: w.jobs.a.id, childJobId: w.jobs.cronA.id }], need: 'operator', action: 'link.delete' },
  { method: 'rerunRun', args: () => [w.runA], need: 'operator', action: 'run.rerun' },
  { method: 'listFlows', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'getFlow', args: async () => [await flowIdOfA()], need: 'viewer', action: 'auth.read' },
  { method: 'addFlow', args: (role) => [flowOfA(`flow made by ${role}`)], need: 'operator', action: 'flow.create' },
  {
    method: 'updateFlow',
    args: async (role) => [{ id: await flowIdOfA(), ...flowOfA('matrix flow A', { description: `as ${role} left it` }) }],
    need: 'operator',
    action: 'flow.update',
  },
  { method: 'removeFlow', args: async () => [await throwawayFlow()], need: 'operator', action: 'flow.delete' },
  { method: 'setFlowActive', args: async () => [{ flowId: await flowIdOfA(), active: false }], need: 'operator', action: 'flow.pause' },
  {
    method: 'triggerFlow',
    args: async () => (await retireFlowRuns(), [{ flowId: await flowIdOfA(), param: 'from the matrix' }]),
    need: 'operator',
    action: 'flow.trigger',
  },
  { method: 'getFlowRun', args: async () => [await activeFlowRun()], need: 'viewer', action: 'auth.read' },
  { method: 'listFlowRuns', args: async () => [{ flowId: await flowIdOfA() }], need: 'viewer', action: 'auth.read' },
  { method: 'retryFlowRun', args: async () => [await killedFlowRun()], need: 'operator', action: 'flow.retry' },
  { method: 'killFlowRun', args: async () => [await activeFlowRun()], need: 'operator', action: 'flow.kill' },
  { method: 'markFlowNode', args: async () => [{ flowRunId: await killedFlowRun(), key: 'a', state: 'skipped' }], need: 'operator', action: 'flow.mark' },
  {
    method: 'decideApproval',
    args: async () => [{ flowRunId: await waitingFlowRun(), key: 'gate', approve: true, comment: 'from the matrix' }],
    need: 'operator',
    action: 'flow.approve',
  },
  { method: 'chainToFlow', args: (role) => [{ rootJobId: w.jobs.chainA.id, name: `chain of A by ${role}` }], need: 'operator', action: 'flow.create' },
  { method: 'createHook', args: () => [{ jobId: w.jobs.a.id }], need: 'operator', action: 'hook.create' },
  { label: 'createHook for a flow', method: 'createHook', args: async () => [{ flowId: await flowIdOfA() }], need: 'operator', action: 'hook.create' },
  { method: 'listHooks', args: () => [{ jobId: w.jobs.a.id }], need: 'viewer', action: 'auth.read' },
  { method: 'getHook', args: async () => [{ id: await hookIdOfA() }], need: 'viewer', action: 'auth.read' },
  { method: 'removeHook', args: async () => [{ id: await throwawayHook() }], need: 'operator', action: 'hook.remove' },
  { method: 'listGlueVersions', args: () => [w.jobs.glueA.id], need: 'viewer', action: 'auth.read' },
  {
    method: 'saveGlue',
    args: (role) => [{ jobId: w.jobs.glueA.id, glueSource: `echo from ${role}`, glueRemark: `by ${role}` }],
    need: 'operator',
    action: 'glue.save',
  },
  { method: 'exportJobs', args: () => [{}], need: 'anyone', action: 'job.export' },
  { method: 'importJobs', args: () => [{ document: emptyImport(), onConflict: 'skip' }], need: 'admin', action: 'jobs.import' },
  // An apply writes groups and scripts (an admin's); its plan and an export name every group's objects,
  // so a user who sees only some groups (every non-admin here) may not ask for them.
  {
    method: 'applyDefinitions',
    args: (role) => [{ sources: [{ file: 'jobs/matrix.yaml', document: definitionJob(`applied by ${role}`) }], dryRun: false, prune: 'none' }],
    need: 'admin',
    action: 'definitions.apply',
  },
  {
    label: 'applyDefinitions (dry run)',
    method: 'applyDefinitions',
    args: (role) => [{ sources: [{ file: 'jobs/matrix.yaml', document: definitionJob(`planned by ${role}`) }], dryRun: true, prune: 'none' }],
    need: 'admin',
    action: 'definitions.apply',
  },
  { method: 'exportDefinitions', args: () => [{}], need: 'admin', action: 'definitions.export' },
  { method: 'listDefinitionOrigins', args: () => [], need: 'anyone', action: 'auth.read' },
  {
    method: 'importFromXxl',
    args: () => [{ url: 'mysql://reader:secret@127.0.0.1:9/xxl_job', dryRun: true }],
    need: 'admin',
    mayFail: true,
    action: 'jobs.import',
  },
  { method: 'getSettings', args: () => [], need: 'anyone', action: 'auth.read' },
  { method: 'saveSettings', args: () => [{ logRetentionDays: 30 }], need: 'admin', action: 'settings.save' },
  { method: 'regenerateAccessToken', args: () => [], need: 'admin', mayFail: true, action: 'settings.accessToken' },
  { method: 'regenerateApiToken', args: () => [], need: 'admin', action: 'settings.apiToken' },
  { method: 'sendTestEmail', args: () => [{ to: 'ops@example.com' }], need: 'admin', mayFail: true, action: 'settings.testChannel' },
  { method: 'testWebhook', args: () => [{ url: w.attacker.address }], need: 'admin', mayFail: true, action: 'settings.testChannel' },
  { method: 'testImChannel', args: () => [{ name: 'ops' }], need: 'admin', mayFail: true, action: 'settings.testChannel' },
  { method: 'whoAmI', args: () => [], need: 'anyone', action: 'auth.read' },
  {
    method: 'changePassword',
    args: () => [{ currentPassword: 'not-the-password', newPassword: 'another-password-1' }],
    need: 'anyone',
    mayFail: true,
    action: 'user.changePassword',
  },
  { method: 'listUsers', args: () => [], need: 'admin', action: 'auth.read' },
  {
    method: 'saveUser',
    args: (role) => [{ name: `made-by-${role}`, role: 'viewer', groupIds: [w.groupA.id], password: 'made-password-01' }],
    need: 'admin',
    action: 'user.create',
  },
  { method: 'deleteUser', args: async () => [await throwawayUser()], need: 'admin', action: 'user.delete' },
  { method: 'resetUserPassword', args: async () => [await throwawayUser()], need: 'admin', action: 'user.resetPassword' },
  { method: 'listApiTokens', args: () => [], need: 'anyone', action: 'auth.read' },
  {
    method: 'createApiToken',
    args: (role) => [{ name: `made by ${role}`, role: 'viewer', groupIds: [w.groupA.id], expiresAtMs: 0 }],
    need: 'anyone',
    action: 'token.create',
  },
  { method: 'revokeApiToken', args: async (role) => [await ownToken(role)], need: 'anyone', action: 'token.revoke' },
  { method: 'listAudit', args: () => [{ limit: 1 }], need: 'admin', action: 'auth.read' },
  { method: 'exportAudit', args: () => [{ format: 'json', filter: {} }], need: 'admin', action: 'auth.read' },
]

function allowed(role: SessionRole, c: { need: Need; foreign?: boolean }): boolean {
  return RANK[role] >= RANK[c.need] && !(c.foreign && role !== 'admin')
}

/** The audit rows written after `afterId`. */
function auditAfter(afterId: number) {
  return w.auth.h.auditRowsAfter(afterId)
}

function newestAuditId(): number {
  const rows = w.auth.h.auditRowsAfter(0)
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
  const { result, changed } = await w.auth.h.tablesChangedBy(call, refusedOf)
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

const PERMISSION_CODES =
  /^(auth\.|openapi\.|registry\.|token\.needsUser$|user\.(selfChange|lastAdmin)$|job\.notFound$|run\.notFound$|group\.notFound$|flow\.(notFound|runNotFound)$)/

function bridgeRefused(result: BridgeResult): boolean {
  return !result.ok && PERMISSION_CODES.test(result.error?.code ?? '') && (result.error?.name === 'PermissionError' || result.error?.name === 'NotFoundError')
}

async function callBridge(role: SessionRole, method: ApiMethod, args: unknown[]): Promise<BridgeResult> {
  const answer = await w.sessions[role].call(method, args)
  if (answer.kind !== 'result') throw new Error(`${method}: the bridge closed (${answer.code} ${answer.reason})`)
  return answer.result
}

describe('the console bridge, as each role', () => {
  it('covers every API method', () => {
    expect([...new Set(BRIDGE_CASES.map((c) => c.method))].sort()).toEqual([...API_METHODS].sort())
  })

  for (const role of ['admin', 'operator', 'viewer'] as const) {
    it(`as ${role === 'admin' ? 'an admin' : `the ${role} of group A`}: each call permitted or refused, once, as it should`, async () => {
      // A watch to release: unwatchRunLog ends this console's own watch only.
      for (const c of BRIDGE_CASES) {
        const args = await c.args(role)
        await expectOutcome(
          `${role} ${c.label ?? c.method}`,
          allowed(role, c),
          c.action,
          () => callBridge(role, c.method, args),
          bridgeRefused,
          (r) => r.ok,
          c.mayFail,
        )
      }
    }, 240_000)
  }

  it('opens for no credential but a session or the console token: each refusal recorded once', async () => {
    const origin = w.auth.origin
    for (const token of ['', 'wrong-console-token', HARNESS_GROUP_TOKEN, HARNESS_EXECUTOR_TOKEN, w.personalToken, w.auth.h.headless.core.settings.apiToken()]) {
      const mark = newestAuditId()
      const { result: opened, changed } = await w.auth.h.tablesChangedBy(() =>
        BridgeClient.connect(origin, token).then(
          (bridge) => (bridge.close(), true),
          () => false,
        ),
      )
      expect(opened, `the bridge opened with ${token ? 'a token that is not the console token' : 'no credential'}`).toBe(false)
      expect(auditAfter(mark).map((r) => ({ action: r.action, outcome: r.outcome }))).toEqual([{ action: 'auth.console', outcome: 'refused' }])
      expect(changed.filter((t) => t !== 'job_audit')).toEqual([])
    }
  })
})

/** The OpenAPI and executor API credentials other than sessions. */
type Credential = 'personal' | 'group' | 'executor' | 'api' | 'none'

function headersOf(credential: Credential): Record<string, string> {
  switch (credential) {
    case 'personal':
      return { 'XXL-JOB-ACCESS-TOKEN': w.personalToken }
    case 'group':
      return { 'XXL-JOB-ACCESS-TOKEN': HARNESS_GROUP_TOKEN, 'XXL-JOB-APPNAME': HARNESS_GROUP_APP }
    case 'executor':
      return { 'XXL-JOB-ACCESS-TOKEN': HARNESS_EXECUTOR_TOKEN }
    case 'api':
      return { 'XXL-JOB-ACCESS-TOKEN': w.auth.h.headless.core.settings.apiToken() }
    case 'none':
      return {}
  }
}

let source = 0
/** Each call from its own loopback address and in a fresh budget window: the limits are not what is tested here. */
async function post(path: string, credential: Credential, body: unknown): Promise<EnvelopeReply> {
  source++
  return postEnvelope(w.auth.h.port, path, headersOf(credential), JSON.stringify(body), {
    localAddress: `127.0.${1 + (source % 250)}.${2 + (Math.floor(source / 250) % 250)}`,
  })
}

const envelopeRefused = (r: EnvelopeReply) => r.code !== 200
const envelopeOk = (r: EnvelopeReply) => r.code === 200

interface HttpCase {
  label: string
  path: string
  body: () => unknown
  /** Who may: by credential (a personal token and the group token act in A; the API token is an admin). */
  may: Credential[]
  /** The action a refusal is recorded under when the credential itself was good. */
  action: AuditAction
}

const OPERATOR_OF_A: Credential[] = ['personal', 'group', 'api']
const OPEN_API_CASES: HttpCase[] = [
  {
    label: 'addJob in A',
    path: '/api/addJob',
    body: () => ({
      jobGroup: w.groupA.id,
      jobDesc: 'added',
      author: 'matrix',
      scheduleType: 'NONE',
      executorHandler: 'demoJobHandler',
      executorRouteStrategy: 'FIRST',
      misfireStrategy: 'DO_NOTHING',
      executorBlockStrategy: 'SERIAL_EXECUTION',
    }),
    may: OPERATOR_OF_A,
    action: 'job.create',
  },
  { label: 'updateJob in A', path: '/api/updateJob', body: () => ({ id: w.jobs.a.id, jobDesc: 'A job, updated' }), may: OPERATOR_OF_A, action: 'job.update' },
  { label: 'updateJob in B', path: '/api/updateJob', body: () => ({ id: w.jobs.b.id, jobDesc: 'B job, taken' }), may: ['api'], action: 'job.update' },
  { label: 'removeJob in A', path: '/api/removeJob', body: async () => ({ id: await w.throwawayJob() }), may: OPERATOR_OF_A, action: 'job.delete' },
  { label: 'startJob in A', path: '/api/startJob', body: () => ({ id: w.jobs.cronA.id }), may: OPERATOR_OF_A, action: 'job.start' },
  { label: 'stopJob in A', path: '/api/stopJob', body: () => ({ id: w.jobs.cronA.id }), may: OPERATOR_OF_A, action: 'job.stop' },
  { label: 'triggerJob in A', path: '/api/triggerJob', body: () => ({ id: w.jobs.a.id }), may: OPERATOR_OF_A, action: 'job.trigger' },
  {
    label: 'triggerJob in A on the listener',
    path: '/api/triggerJob',
    body: () => ({ id: w.jobs.a.id, addressList: [w.attacker.address] }),
    may: ['api'],
    action: 'job.trigger',
  },
  {
    label: 'triggerJob in A on the embedded executor',
    path: '/api/triggerJob',
    body: () => ({ id: w.jobs.a.id, addressList: [w.embeddedAddress] }),
    may: ['api'],
    action: 'job.trigger',
  },
  { label: 'triggerJob in B', path: '/api/triggerJob', body: () => ({ id: w.jobs.b.id }), may: ['api'], action: 'job.trigger' },
  { label: 'listGroups', path: '/api/listGroups', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'addGroup', path: '/api/addGroup', body: () => ({ appName: `added-${source}` }), may: ['api'], action: 'group.save' },
  { label: 'listJobs', path: '/api/listJobs', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'listRuns', path: '/api/listRuns', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getRun in A', path: '/api/getRun', body: () => ({ id: w.runA }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getRunLog in A', path: '/api/getRunLog', body: () => ({ logId: w.runA, fromLineNum: 1 }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'killRun in A', path: '/api/killRun', body: async () => ({ logId: await w.runningRunOf(w.jobs.a.id) }), may: OPERATOR_OF_A, action: 'run.kill' },
  { label: 'listRegistry', path: '/api/listRegistry', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  // A trigger URL is a credential that outlives the call: not a group token's to make or remove.
  { label: 'createHook in A', path: '/api/createHook', body: () => ({ jobId: w.jobs.a.id }), may: ['personal', 'api'], action: 'hook.create' },
  { label: 'createHook in B', path: '/api/createHook', body: () => ({ jobId: w.jobs.b.id }), may: ['api'], action: 'hook.create' },
  { label: 'listHooks in A', path: '/api/listHooks', body: () => ({ jobId: w.jobs.a.id }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'removeHook in A', path: '/api/removeHook', body: async () => ({ id: await throwawayHook() }), may: ['personal', 'api'], action: 'hook.remove' },
  { label: 'listFlows', path: '/api/listFlows', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getFlow in A', path: '/api/getFlow', body: async () => ({ id: await flowIdOfA() }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'addFlow in A', path: '/api/addFlow', body: () => flowOfA(`added flow ${source}`), may: OPERATOR_OF_A, action: 'flow.create' },
  {
    label: 'addFlow in B',
    path: '/api/addFlow',
    body: () => ({ ...flowOfA(`taken flow ${source}`), nodes: [{ key: 'b', jobId: w.jobs.b.id }] }),
    may: ['api'],
    action: 'flow.create',
  },
  {
    label: 'updateFlow in A',
    path: '/api/updateFlow',
    body: async () => ({ id: await flowIdOfA(), ...flowOfA('matrix flow A', { description: 'over the OpenAPI' }) }),
    may: OPERATOR_OF_A,
    action: 'flow.update',
  },
  { label: 'removeFlow in A', path: '/api/removeFlow', body: async () => ({ id: await throwawayFlow() }), may: OPERATOR_OF_A, action: 'flow.delete' },
  {
    label: 'triggerFlow in A',
    path: '/api/triggerFlow',
    body: async () => (await retireFlowRuns(), { id: await flowIdOfA() }),
    may: OPERATOR_OF_A,
    action: 'flow.trigger',
  },
  { label: 'getFlowRun in A', path: '/api/getFlowRun', body: async () => ({ id: await activeFlowRun() }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'listFlowRuns in A', path: '/api/listFlowRuns', body: async () => ({ flowId: await flowIdOfA() }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'retryFlowRun in A', path: '/api/retryFlowRun', body: async () => ({ id: await killedFlowRun() }), may: OPERATOR_OF_A, action: 'flow.retry' },
  { label: 'killFlowRun in A', path: '/api/killFlowRun', body: async () => ({ id: await activeFlowRun() }), may: OPERATOR_OF_A, action: 'flow.kill' },
  // A gate is a person's decision: a personal token (its owner's), never the token of a group or the server.
  {
    label: 'decideApproval in A',
    path: '/api/decideApproval',
    body: async () => ({ flowRunId: await waitingFlowRun(), key: 'gate', approve: true }),
    may: ['personal'],
    action: 'flow.approve',
  },
]

const registryOf = (app: string, address: string) => ({ registryGroup: 'EXECUTOR', registryKey: app, registryValue: address })
const EXECUTOR_CASES: HttpCase[] = [
  {
    label: "registry into A (A's own token only)",
    path: '/api/registry',
    body: () => registryOf(HARNESS_GROUP_APP, w.aExecutor.address),
    may: ['group'],
    action: 'executor.register',
  },
  {
    label: 'registry into a new app (the executor token only)',
    path: '/api/registry',
    // Not the listener's address: registered there, it would hold the executor token by right, and
    // the reconciler asks a registered address about runs it holds (an admin once sent it one).
    body: () => registryOf(`fresh-app-${source}`, 'http://127.0.0.1:9/'),
    may: ['executor'],
    action: 'executor.register',
  },
  {
    label: 'registry into B (the executor token only)',
    path: '/api/registry',
    body: () => registryOf(w.groupB.appName, w.bExecutor.address),
    may: ['executor'],
    action: 'executor.register',
  },
  {
    label: "registryRemove from A (A's own token only)",
    path: '/api/registryRemove',
    body: () => registryOf(HARNESS_GROUP_APP, w.aExecutor.address),
    may: ['group'],
    action: 'executor.remove',
  },
  {
    label: "callback for A's run (A's own token only)",
    path: '/api/callback',
    body: async () => [{ logId: await w.runningRunOf(w.jobs.a.id), logDateTim: Date.now(), handleCode: 200, handleMsg: 'done' }],
    may: ['group'],
    action: 'executor.callback',
  },
  {
    label: "callback for B's run (the executor token only)",
    path: '/api/callback',
    body: async () => [{ logId: await w.runningRunOf(w.jobs.b.id), logDateTim: Date.now(), handleCode: 200, handleMsg: 'done' }],
    may: ['executor'],
    action: 'executor.callback',
  },
  {
    label: 'callback for an embedded run (nobody)',
    path: '/api/callback',
    body: () => [{ logId: w.auth.h.fixture.runId, logDateTim: Date.now(), handleCode: 200, handleMsg: 'forged' }],
    may: [],
    action: 'executor.callback',
  },
]

/** The action a refused request is recorded under: a refused credential is `auth.token`, whatever it asked for. */
function refusalAction(credential: Credential, c: HttpCase, surface: 'openapi' | 'executor'): AuditAction {
  if (credential === 'none') return 'auth.token'
  if (surface === 'openapi' && credential === 'executor') return 'auth.token'
  if (surface === 'executor' && (credential === 'personal' || credential === 'api')) return 'auth.token'
  return c.action
}

describe('the OpenAPI and the executor API, as each credential', () => {
  for (const credential of ['personal', 'group', 'executor', 'api', 'none'] as const) {
    it(`with ${credential === 'none' ? 'no credential' : `the ${credential} token`}: each call permitted or refused, once, as it should`, async () => {
      for (const c of OPEN_API_CASES) {
        // The budget window turns over (the clock jumps, the core's loops run) before the call is judged, not during it.
        await w.auth.h.roomFor(1)
        const body = await c.body()
        await expectOutcome(
          `${credential} ${c.label}`,
          c.may.includes(credential),
          refusalAction(credential, c, 'openapi'),
          () => post(c.path, credential, body),
          envelopeRefused,
          envelopeOk,
        )
      }
      for (const c of EXECUTOR_CASES) {
        await w.auth.h.roomFor(1)
        const body = await c.body()
        await expectOutcome(
          `${credential} ${c.label}`,
          c.may.includes(credential),
          refusalAction(credential, c, 'executor'),
          () => post(c.path, credential, body),
          envelopeRefused,
          envelopeOk,
        )
      }
    }, 240_000)
  }

  it('has no node route on a lone SQLite node: whatever is presented, a call to it finds nothing and writes nothing', async () => {
    const path = `${NODE_EXECUTOR_PATH}/${w.auth.h.headless.core.nodeId}/run`
    for (const credential of ['personal', 'group', 'executor', 'api', 'none'] as const) {
      const mark = newestAuditId()
      const { result, changed } = await w.auth.h.tablesChangedBy(async () => {
        const headers = {
          ...headersOf(credential),
          [CLUSTER_SECRET_HEADER]: headersOf(credential)['XXL-JOB-ACCESS-TOKEN'] ?? '',
          'content-type': 'application/json',
        }
        const response = await fetch(`${w.auth.origin}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ logId: w.runA, glueType: 'GLUE_SHELL', glueSource: 'touch /tmp/owned' }),
        })
        return response.status
      })
      expect(result).toBe(404)
      expect(changed).toEqual([])
      expect(auditAfter(mark)).toEqual([])
    }
  })
})

/** The gate of a waiting flow run of A, and the job step after it, as the run stands. */
async function gateAndStep(flowRunId: number): Promise<{ gate: string; step: string }> {
  const nodes = (await admin().getFlowRun(flowRunId)).nodes
  return { gate: nodes.find((n) => n.key === 'gate')!.state, step: nodes.find((n) => n.key === 'a')!.state }
}

const PRINCIPAL_KIND = { group: 'group-token', api: 'api-token', executor: 'executor-token' } as const

describe('a gate is for people', () => {
  const decide = (credential: Credential, flowRunId: number, approve: boolean) => post('/api/decideApproval', credential, { flowRunId, key: 'gate', approve })

  it("refuses a group's token, the API token and the executor token (where the OpenAPI takes it): audited once as theirs, the gate still waiting, its step not run", async () => {
    await admin().saveSettings({ openApiAcceptsExecutorToken: true })
    try {
      for (const credential of ['group', 'api', 'executor'] as const) {
        for (const approve of [true, false]) {
          await w.auth.h.roomFor(1)
          const flowRunId = await waitingFlowRun()
          const action = approve ? 'flow.approve' : 'flow.reject'
          const mark = newestAuditId()
          const { result, changed } = await w.auth.h.tablesChangedBy(() => decide(credential, flowRunId, approve), envelopeRefused)
          expect(result.code, `${credential}: ${result.msg}`).toBe(500)
          expect(result.msg).toContain("a person's decision")
          expect(changed.filter((table) => table !== 'job_audit')).toEqual([])
          expect(auditAfter(mark).map((r) => ({ action: r.action, outcome: r.outcome, count: r.count }))).toEqual([{ action, outcome: 'refused', count: 1 }])
          const row = (await admin().listAudit({ action, outcome: 'refused', limit: 1 })).entries[0]
          expect(row).toMatchObject({ actorKind: PRINCIPAL_KIND[credential], target: 'decideApproval', detail: { reason: { code: 'auth.peopleOnly' } } })
          expect(await gateAndStep(flowRunId)).toEqual({ gate: 'waiting', step: 'pending' })
        }
      }
    } finally {
      await admin().saveSettings({ openApiAcceptsExecutorToken: false })
    }
  })

  it("takes the personal token of a user granted the flow's groups: the trail and the gate's note name that user, and the step runs", async () => {
    await w.auth.h.roomFor(1)
    const flowRunId = await waitingFlowRun()
    const reply = await decide('personal', flowRunId, true)
    expect(reply.code, reply.msg ?? '').toBe(200)
    const row = (await admin().listAudit({ action: 'flow.approve', outcome: 'ok', limit: 1 })).entries[0]
    expect(row).toMatchObject({ actor: 'op-lan/ci', actorKind: 'personal-token', target: `flow run ${flowRunId}` })
    await waitFor(`flow run ${flowRunId}'s step started`, async () => (await gateAndStep(flowRunId)).step === 'running')
    expect((await admin().getFlowRun(flowRunId)).nodes.find((n) => n.key === 'gate')!.note).toContain('op-lan')
  })

  it('refuses a node marked by hand (which could stand in for the gate) to a credential that acts for no person, whatever its rights', async () => {
    const flowRunId = await waitingFlowRun()
    const groupToken = {
      kind: 'group-token',
      name: `group token ${HARNESS_GROUP_APP}`,
      userId: null,
      role: 'operator',
      groupIds: [w.groupA.id],
      source: '127.0.0.1',
      mustChangePassword: false,
    } as const
    const asGroup = w.auth.h.headless.core.access.apiFor(async () => groupToken)
    const mark = newestAuditId()
    await expect(asGroup.markFlowNode({ flowRunId, key: 'gate', state: 'success' })).rejects.toMatchObject({ code: 'auth.peopleOnly' })
    expect(auditAfter(mark).map((r) => ({ action: r.action, outcome: r.outcome }))).toEqual([{ action: 'flow.mark', outcome: 'refused' }])
    expect(await gateAndStep(flowRunId)).toEqual({ gate: 'waiting', step: 'pending' })
  })
})

describe('where the secrets went', () => {
  it('nothing the listener at the unregistered address received carried a token, though admins reached it', () => {
    expect(w.attacker.requests.length, 'the admin calls aimed at the listener reached it').toBeGreaterThan(0)
    expect(w.attacker.withSecrets().map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it("group A's executor got A's own token, and never the global executor token", () => {
    const tokens = new Set(w.aExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([HARNESS_GROUP_TOKEN]))
  })

  it("group B's executor got the global executor token for B's runs, and nothing for an admin's override of A's job to it", () => {
    const tokens = new Set(w.bExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([HARNESS_EXECUTOR_TOKEN, undefined]))
  })
})
