import type { BridgeCase, HttpCase } from './matrix-cases'
import type { JobInfo } from '../../../../src/shared/model'
import type { SecurityWorld } from '../../../support/security-world'
import type { Credential } from './security-matrix'

/**
 * An alarm of the list for a run of `job`, written as the fail monitor writes one (the job has no
 * alarm address, so a resend tells no one and succeeds).
 */
async function alarmOf(world: SecurityWorld, job: JobInfo): Promise<number> {
  const { store } = world.auth.h.headless.core
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
  // Finished (a success, which no monitor takes up), so the matrix's database settles.
  await store.runs.recordOutcomeAndComplete(
    { logId, executorAddress: 'http://127.0.0.1:9/', triggerCode: 200, triggerMsg: 'ok' },
    { logId, handleCode: 200, handleMsg: '', handleTimeMs: now },
  )
  return store.alarmList.add({
    logId,
    jobId: job.id,
    jobGroup: job.jobGroup,
    kind: 'failure',
    state: 'failed',
    atMs: now,
    deliveries: [],
    message: '',
    rule: '',
  })
}

/**
 * The console bridge's cases for runs over time, the rankings and the alarm list
 * (security-matrix-bridge.test.ts): a job's or a flow's runs by who sees it, the rankings and the
 * list by everyone (narrowed to their groups), one alarm by who sees its group, a resend by who operates it.
 */
export function runViewBridgeCases(world: () => SecurityWorld, flowIdOfA: () => Promise<number>): BridgeCase[] {
  return [
    { method: 'listJobRunsOverTime', args: () => [{ jobId: world().jobs.a.id, limit: 50 }], need: 'viewer', action: 'auth.read' },
    {
      label: 'listJobRunsOverTime of a flow',
      method: 'listJobRunsOverTime',
      args: async () => [{ flowId: await flowIdOfA(), limit: 50 }],
      need: 'viewer',
      action: 'auth.read',
    },
    { method: 'getJobRankings', args: () => [], need: 'anyone', action: 'auth.read' },
    { method: 'listAlarms', args: () => [{ from: Date.now() - 86_400_000, to: Date.now() + 60_000 }], need: 'anyone', action: 'auth.read' },
    { method: 'getAlarm', args: async () => [{ id: await alarmOf(world(), world().jobs.a) }], need: 'viewer', action: 'auth.read' },
    { method: 'resendAlarm', args: async () => [{ id: await alarmOf(world(), world().jobs.a) }], need: 'operator', action: 'alarm.resend' },
  ]
}

/** The OpenAPI's cases for the same (security-matrix-http.test.ts): a personal token and the group token act in A, the API token is an admin. */
export function runViewHttpCases(world: () => SecurityWorld, operatorOfA: Credential[]): HttpCase[] {
  return [
    { label: 'listJobRunsOverTime in A', path: '/api/listJobRunsOverTime', body: () => ({ jobId: world().jobs.a.id }), may: operatorOfA, action: 'auth.read' },
    {
      label: 'listJobRunsOverTime in B',
      path: '/api/listJobRunsOverTime',
      body: () => ({ jobId: world().jobs.b.id, limit: 5 }),
      may: ['api'],
      action: 'auth.read',
    },
    { label: 'getJobRankings', path: '/api/getJobRankings', body: () => ({}), may: operatorOfA, action: 'auth.read' },
    {
      label: 'listAlarms',
      path: '/api/listAlarms',
      body: () => ({ from: new Date(Date.now() - 86_400_000).toISOString(), to: Date.now() + 60_000 }),
      may: operatorOfA,
      action: 'auth.read',
    },
    {
      label: 'resendAlarm in A',
      path: '/api/resendAlarm',
      body: async () => ({ id: await alarmOf(world(), world().jobs.a) }),
      may: operatorOfA,
      action: 'alarm.resend',
    },
    {
      label: 'resendAlarm in B',
      path: '/api/resendAlarm',
      body: async () => ({ id: await alarmOf(world(), world().jobs.b) }),
      may: ['api'],
      action: 'alarm.resend',
    },
  ]
}
