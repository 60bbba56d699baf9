import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/shared/auth'
import { CLUSTER_SECRET_HEADER, NODE_EXECUTOR_PATH } from '../../../src/main/cluster/node-executor-route'
import { HARNESS_EXECUTOR_TOKEN, HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from '../../support/admin-harness'
import { securityWorld, type SecurityWorld } from '../../support/security-world'
import { envelopeOk, envelopeRefused, securityMatrix, type Credential } from './support/security-matrix'
import { runViewHttpCases } from './support/run-view-cases'
import { secretHttpCases } from './support/secret-cases'
import { llmHttpCases } from './support/llm-cases'
import type { HttpCase } from './support/matrix-cases'

/**
 * Trust round 2's security suite, its HTTP part: every OpenAPI method, executor call and node-route
 * call as a personal token scoped to A, group A's own token, the executor token, the API token and
 * no credential. A recording listener stands at an address no group registers, and calls aim at it
 * wherever a caller may name an address. It checks which calls succeed, that nothing the listener
 * receives carries a token, and that every refusal is recorded exactly once, with the action the
 * caller asked for, and writes nothing else. The console bridge: security-matrix-bridge.test.ts.
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
  throwawayHook,
  backfillOfA,
  throwawayBackfill,
  throwawayQueuedRun,
  auditAfter,
  newestAuditId,
  expectOutcome,
  headersOf,
  post,
  postsMade,
} = securityMatrix(() => w)

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
  { label: 'addGroup', path: '/api/addGroup', body: () => ({ appName: `added-${postsMade()}` }), may: ['api'], action: 'group.save' },
  { label: 'listJobs', path: '/api/listJobs', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'listRuns', path: '/api/listRuns', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getRun in A', path: '/api/getRun', body: () => ({ id: w.runA }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'listArtifacts in A', path: '/api/listArtifacts', body: () => ({ runId: w.runA }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getRunLog in A', path: '/api/getRunLog', body: () => ({ logId: w.runA, fromLineNum: 1 }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'killRun in A', path: '/api/killRun', body: async () => ({ logId: await w.runningRunOf(w.jobs.a.id) }), may: OPERATOR_OF_A, action: 'run.kill' },
  {
    label: 'killRun in A without retry',
    path: '/api/killRun',
    body: async () => ({ id: await w.runningRunOf(w.jobs.a.id), retry: false }),
    may: OPERATOR_OF_A,
    action: 'run.kill',
  },
  { label: 'listRegistry', path: '/api/listRegistry', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  // A trigger URL is a credential that outlives the call: not a group token's to make or remove.
  { label: 'createHook in A', path: '/api/createHook', body: () => ({ jobId: w.jobs.a.id }), may: ['personal', 'api'], action: 'hook.create' },
  { label: 'createHook in B', path: '/api/createHook', body: () => ({ jobId: w.jobs.b.id }), may: ['api'], action: 'hook.create' },
  { label: 'listHooks in A', path: '/api/listHooks', body: () => ({ jobId: w.jobs.a.id }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'removeHook in A', path: '/api/removeHook', body: async () => ({ id: await throwawayHook() }), may: ['personal', 'api'], action: 'hook.remove' },
  // Calendars are the server's: everyone reads them, an admin writes them.
  { label: 'listCalendars', path: '/api/listCalendars', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  // Pools are the server's: everyone reads them (and the queue of their groups), an admin manages them
  // and starts a run past them; whoever operates a run's group cancels it while it waits.
  { label: 'listPools', path: '/api/listPools', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'addPool', path: '/api/addPool', body: () => ({ name: `added-${postsMade()}`, slots: 2 }), may: ['api'], action: 'pool.add' },
  { label: 'listQueue', path: '/api/listQueue', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  {
    label: 'cancelQueued in A',
    path: '/api/cancelQueued',
    body: async () => ({ runId: await throwawayQueuedRun() }),
    may: OPERATOR_OF_A,
    action: 'queue.cancel',
  },
  {
    label: 'startQueuedNow in A',
    path: '/api/startQueuedNow',
    body: async () => ({ runId: await throwawayQueuedRun() }),
    may: ['api'],
    action: 'queue.startNow',
  },
  // Backfills: whoever may trigger the job (a personal token of A, A's own token, the API token).
  { label: 'startBackfill in A', path: '/api/startBackfill', body: () => backfillOfA(), may: OPERATOR_OF_A, action: 'backfill.start' },
  {
    label: 'startBackfill in A (dry run)',
    path: '/api/startBackfill',
    body: () => backfillOfA({ dryRun: true }),
    may: OPERATOR_OF_A,
    action: 'backfill.start',
  },
  { label: 'getBackfill in A', path: '/api/getBackfill', body: async () => ({ id: await throwawayBackfill() }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'listBackfills in A', path: '/api/listBackfills', body: () => ({ jobId: w.jobs.cronA.id }), may: OPERATOR_OF_A, action: 'auth.read' },
  {
    label: 'pauseBackfill in A',
    path: '/api/pauseBackfill',
    body: async () => ({ id: await throwawayBackfill() }),
    may: OPERATOR_OF_A,
    action: 'backfill.pause',
  },
  {
    label: 'resumeBackfill in A',
    path: '/api/resumeBackfill',
    body: async () => ({ id: await throwawayBackfill(true) }),
    may: OPERATOR_OF_A,
    action: 'backfill.resume',
  },
  {
    label: 'cancelBackfill in A',
    path: '/api/cancelBackfill',
    body: async () => ({ id: await throwawayBackfill() }),
    may: OPERATOR_OF_A,
    action: 'backfill.cancel',
  },
  { label: 'addCalendar', path: '/api/addCalendar', body: () => ({ name: `added-${postsMade()}`, timezone: 'UTC' }), may: ['api'], action: 'calendar.add' },
  {
    label: 'importCalendar',
    path: '/api/importCalendar',
    body: () => ({
      name: `imported-${postsMade()}`,
      ics: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260101\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    }),
    may: ['api'],
    action: 'calendar.import',
  },
  // Windows and pause-all are the server's too; a job's missed slots are read by who sees the job.
  { label: 'listWindows', path: '/api/listWindows', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  {
    label: 'addWindow',
    path: '/api/addWindow',
    body: () => ({ name: `added-${postsMade()}`, timezone: 'UTC', cron: '0 0 3 ? * SUN', durationSec: 3600, jobIds: [w.jobs.b.id] }),
    may: ['api'],
    action: 'window.add',
  },
  { label: 'getMaintenance', path: '/api/getMaintenance', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'setMaintenance off', path: '/api/setMaintenance', body: () => ({ on: false }), may: ['api'], action: 'maintenance.off' },
  {
    label: 'listMissedSlots in A',
    path: '/api/listMissedSlots',
    body: () => ({ jobId: w.jobs.a.id, from: Date.now() - 86_400_000, to: Date.now() }),
    may: OPERATOR_OF_A,
    action: 'auth.read',
  },
  {
    label: 'listMissedSlots in B',
    path: '/api/listMissedSlots',
    body: () => ({ jobId: w.jobs.b.id, from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' }),
    may: ['api'],
    action: 'auth.read',
  },
  // A silence is an operator's act on their own jobs: a group token silences its group's, not another's.
  {
    label: 'addSilence in A',
    path: '/api/addSilence',
    body: () => ({ jobId: w.jobs.a.id, until: Date.now() + 3_600_000, reason: `matrix ${postsMade()}` }),
    may: OPERATOR_OF_A,
    action: 'silence.add',
  },
  {
    label: 'addSilence in B',
    path: '/api/addSilence',
    body: () => ({ jobId: w.jobs.b.id, until: Date.now() + 3_600_000, reason: `matrix ${postsMade()}` }),
    may: ['api'],
    action: 'silence.add',
  },
  { label: 'listSilences', path: '/api/listSilences', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  ...runViewHttpCases(() => w, OPERATOR_OF_A),
  ...secretHttpCases(() => w, OPERATOR_OF_A, postsMade),
  ...llmHttpCases(() => w, OPERATOR_OF_A),
  { label: 'listFlows', path: '/api/listFlows', body: () => ({}), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'getFlow in A', path: '/api/getFlow', body: async () => ({ id: await flowIdOfA() }), may: OPERATOR_OF_A, action: 'auth.read' },
  { label: 'addFlow in A', path: '/api/addFlow', body: () => flowOfA(`added flow ${postsMade()}`), may: OPERATOR_OF_A, action: 'flow.create' },
  {
    label: 'addFlow in B',
    path: '/api/addFlow',
    body: () => ({ ...flowOfA(`taken flow ${postsMade()}`), nodes: [{ key: 'b', jobId: w.jobs.b.id }] }),
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
  {
    label: 'killFlowRun in A keeping what finished',
    path: '/api/killFlowRun',
    body: async () => ({ id: await activeFlowRun(), keepFinished: true }),
    may: OPERATOR_OF_A,
    action: 'flow.kill',
  },
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
    body: () => registryOf(`fresh-app-${postsMade()}`, 'http://127.0.0.1:9/'),
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

describe('where the secrets went', () => {
  it('nothing the listener at the unregistered address received carried a token, though the API token reached it', () => {
    expect(w.attacker.requests.length, "the API token's trigger aimed at the listener reached it").toBeGreaterThan(0)
    expect(w.attacker.withSecrets().map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it("group A's executor got A's own token, and never the global executor token", () => {
    const tokens = new Set(w.aExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([HARNESS_GROUP_TOKEN]))
  })

  it("group B's executor got the global executor token for B's runs", () => {
    const tokens = new Set(w.bExecutor.requests.map((r) => r.headers['xxl-job-access-token']))
    expect(tokens).toEqual(new Set([HARNESS_EXECUTOR_TOKEN]))
  })
})
