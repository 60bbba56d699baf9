import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiMethod } from '../../../src/shared/api'
import { API_METHODS } from '../../../src/shared/api-methods'
import type { BridgeResult } from '../../../src/shared/bridge-protocol'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/main/definitions/import-export/export-document'
import { HARNESS_EXECUTOR_TOKEN, HARNESS_GROUP_TOKEN } from '../../support/admin-harness'
import { BridgeClient } from '../../support/bridge-client'
import { renamed, securityWorld, type SecurityWorld, type SessionRole } from '../../support/security-world'
import { securityMatrix } from './support/security-matrix'
import type { BridgeCase, Need } from './support/matrix-cases'
import { silenceBridgeCases } from './support/silence-cases'
import { windowBridgeCases } from './support/window-cases'
import { poolBridgeCases } from './support/pool-cases'
import { runViewBridgeCases } from './support/run-view-cases'
import { secretBridgeCases } from './support/secret-cases'
import { llmBridgeCases } from './support/llm-cases'

/**
 * Trust round 2's security suite, its console part: every API method on the console bridge as an admin, an operator of group A and a
 * viewer of A, and the bridge refusing every credential but a session or the console token. A recording listener stands at an address
 * no group registers, and calls aim at it wherever a caller may name an address. It checks which calls succeed, that nothing the
 * listener receives carries a token, and that every refusal is recorded exactly once (a row, or one more on the row of an identical
 * refusal within the minute), with the action the caller asked for, and writes nothing else. The OpenAPI and executor API:
 * security-matrix-http.test.ts; gates: security-matrix-gates.test.ts.
 */
let w: SecurityWorld
beforeAll(async () => (w = await securityWorld()), 120_000)
afterAll(async () => w?.close())
const {
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
  auditAfter,
  newestAuditId,
  expectOutcome,
} = securityMatrix(() => w)

const RANK: Record<SessionRole | Need, number> = { anyone: 0, viewer: 1, operator: 2, admin: 3 }

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
const calendarNamed = (name: string) => ({ name, timezone: 'Asia/Shanghai', workdays: [1, 2, 3, 4, 5], holidays: [], makeupWorkdays: [] })
const throwawayCalendar = async () => (await w.auth.h.headless.core.api.addCalendar(calendarNamed(`throwaway-${Math.random().toString(36).slice(2, 8)}`))).name
const ONE_HOLIDAY_ICS = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260101\r\nSUMMARY:New Year\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
/** A one-off window next year, over everything: it holds nothing back while the matrix runs. */
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
  { method: 'listArtifacts', args: () => [{ runId: w.runA }], need: 'viewer', action: 'auth.read' },
  { method: 'killRun', args: async () => [await w.runningRunOf(w.jobs.a.id)], need: 'operator', action: 'run.kill' },
  {
    label: 'killRun without retry',
    method: 'killRun',
    args: async () => [await w.runningRunOf(w.jobs.a.id), { retry: false }],
    need: 'operator',
    action: 'run.kill',
  },
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
  {
    label: 'killFlowRun keeping what finished',
    method: 'killFlowRun',
    args: async () => [await activeFlowRun(), { keepFinished: true }],
    need: 'operator',
    action: 'flow.kill',
  },
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
  { method: 'listCalendars', args: () => [], need: 'anyone', action: 'auth.read' },
  // Backfills: whoever may trigger the job starts and steers one; whoever sees its runs reads it.
  { label: 'startBackfill (dry run)', method: 'startBackfill', args: () => [backfillOfA({ dryRun: true })], need: 'operator', action: 'backfill.start' },
  { method: 'startBackfill', args: () => [backfillOfA()], need: 'operator', action: 'backfill.start' },
  { method: 'getBackfill', args: async () => [{ id: await throwawayBackfill() }], need: 'viewer', action: 'auth.read' },
  { method: 'listBackfills', args: () => [{ jobId: w.jobs.cronA.id }], need: 'viewer', action: 'auth.read' },
  { method: 'pauseBackfill', args: async () => [{ id: await throwawayBackfill() }], need: 'operator', action: 'backfill.pause' },
  { method: 'resumeBackfill', args: async () => [{ id: await throwawayBackfill(true) }], need: 'operator', action: 'backfill.resume' },
  { method: 'cancelBackfill', args: async () => [{ id: await throwawayBackfill() }], need: 'operator', action: 'backfill.cancel' },
  { method: 'simulateSchedule', args: () => [{ from: Date.now(), to: Date.now() + 86_400_000 }], need: 'anyone', action: 'auth.read' },
  { method: 'getCalendar', args: async () => [{ name: await throwawayCalendar() }], need: 'anyone', action: 'auth.read' },
  { method: 'addCalendar', args: (role) => [calendarNamed(`added-by-${role}`)], need: 'admin', action: 'calendar.add' },
  { method: 'updateCalendar', args: async () => [calendarNamed(await throwawayCalendar())], need: 'admin', action: 'calendar.update' },
  { method: 'removeCalendar', args: async () => [{ name: await throwawayCalendar() }], need: 'admin', action: 'calendar.remove' },
  { method: 'importCalendar', args: (role) => [{ name: `imported-by-${role}`, ics: ONE_HOLIDAY_ICS }], need: 'admin', action: 'calendar.import' },
  ...poolBridgeCases(() => w),
  ...windowBridgeCases(() => w, flowIdOfA),
  ...silenceBridgeCases(() => w),
  ...runViewBridgeCases(() => w, flowIdOfA),
  ...secretBridgeCases(() => w),
  ...llmBridgeCases(() => w),
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

describe('where the secrets went', () => {
  it('nothing the listener at the unregistered address received carried a token, though admins reached it', () => {
    expect(w.attacker.requests.length, 'the admin calls aimed at the listener reached it').toBeGreaterThan(0)
    expect(w.attacker.withSecrets().map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it("group A's executor got A's own token, and never the global executor token", () => {
    const tokens = new Set(w.aExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([HARNESS_GROUP_TOKEN]))
  })

  it("group B's executor got nothing for an admin's override of A's job to it (no B run was made here)", () => {
    const tokens = new Set(w.bExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([undefined]))
  })
})
