import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage } from '../../../src/shared/auth'
import type { JobPage } from '../../../src/shared/job-query'
import type { JobGroup, JobInfo, JobRun } from '../../../src/shared/model'
import type { AlarmHealth, ClusterView, RunPage, TriggerResult } from '../../../src/shared/api'
import { jobInputOf } from '../../../src/shared/job-defaults'
import { AuthHarness, errorCodeOf, resultOf } from '../../support/auth-harness'
import { signOut } from '../../support/auth-session'
import type { BridgeClient } from '../../support/bridge-client'

/**
 * Issue 13: each role is refused what it may not do on the console bridge, a refusal writes only
 * its audit row, and an operator or viewer of group A does not even see group B.
 */
let auth: AuthHarness
let admin: BridgeClient
let operator: BridgeClient
let viewer: BridgeClient
let runInB: number

beforeAll(async () => {
  auth = await AuthHarness.start()
  admin = (await auth.console('admin')).bridge
  operator = (await auth.console('op-a')).bridge
  viewer = (await auth.console('viewer-a')).bridge
  runInB = (await admin.value<TriggerResult>('triggerJob', [{ jobId: auth.h.fixture.groupJob }])).logIds[0]
}, 60_000)
afterAll(async () => {
  for (const bridge of [admin, operator, viewer]) bridge?.close()
  await auth?.stop()
})

/** The call is refused with `code`, and the only table it changed is the audit trail (one refusal row). */
async function expectRefused(bridge: BridgeClient, method: string, args: unknown[], code: string): Promise<void> {
  const { result, changed } = await auth.h.tablesChangedBy(() => resultOf(bridge, method, args))
  expect(errorCodeOf(result), `${method} ${JSON.stringify(args)}`).toBe(code)
  expect(changed).toEqual(['job_audit'])
  const last = (await auth.h.headless.core.api.listAudit({ limit: 1 })).entries[0]
  expect(last).toMatchObject({ outcome: 'refused', target: method, detail: { reason: { code } } })
}

describe('an admin', () => {
  it('sees every group and may change users and settings', async () => {
    const groups = await admin.value<JobGroup[]>('listGroups')
    expect(groups.map((g) => g.id)).toEqual(expect.arrayContaining([auth.h.fixture.embeddedGroupId, auth.h.fixture.groupId]))
    expect((await resultOf(admin, 'saveSettings', [{ logRetentionDays: 20 }])).ok).toBe(true)
    expect((await resultOf(admin, 'listUsers')).ok).toBe(true)
  })
})

describe('an operator of group A', () => {
  it('triggers, edits and links within A', async () => {
    const { jobA, jobB } = auth.h.fixture
    const trigger = await resultOf(operator, 'triggerJob', [{ jobId: jobA, executorParam: 'from op-a' }])
    expect(trigger.ok).toBe(true)
    const job = await operator.value<JobInfo>('getJob', [jobA])
    expect((await resultOf(operator, 'saveJob', [{ ...jobInputOf(job), name: 'renamed by op-a' }])).ok).toBe(true)
    const created = await operator.value<JobInfo>('saveJob', [{ ...jobInputOf(job), id: undefined, name: 'made by op-a' }])
    expect((await resultOf(operator, 'saveLink', [{ parentJobId: jobB, childJobId: created.id, condition: 'ALWAYS' }])).ok).toBe(true)
    expect((await resultOf(operator, 'deleteLink', [{ parentJobId: jobB, childJobId: created.id }])).ok).toBe(true)
    expect((await resultOf(operator, 'deleteJob', [created.id])).ok).toBe(true)
  })

  it("does not see group B's group, jobs or runs", async () => {
    const { groupId, groupJob } = auth.h.fixture
    expect((await operator.value<JobGroup[]>('listGroups')).map((g) => g.id)).not.toContain(groupId)
    expect((await operator.value<JobInfo[]>('listJobs')).map((j) => j.id)).not.toContain(groupJob)
    const runs = await operator.value<RunPage>('listRuns', [{}])
    expect(runs.runs.length).toBeGreaterThan(0)
    expect(runs.runs.every((run: JobRun) => run.jobGroup === auth.h.fixture.embeddedGroupId)).toBe(true)
    expect((await operator.value<RunPage>('listRuns', [{ jobGroup: groupId }])).runs).toEqual([])
    await expectRefused(operator, 'getRun', [runInB], 'run.notFound')
    await expectRefused(operator, 'getJob', [groupJob], 'job.notFound')
  })

  it('is refused every change in B, and admin work', async () => {
    const { groupJob, jobA, groupId } = auth.h.fixture
    await expectRefused(operator, 'triggerJob', [{ jobId: groupJob }], 'job.notFound')
    await expectRefused(operator, 'killRun', [runInB], 'run.notFound')
    await expectRefused(operator, 'saveLink', [{ parentJobId: jobA, childJobId: groupJob }], 'job.notFound')
    const job = await operator.value<JobInfo>('getJob', [jobA])
    await expectRefused(operator, 'saveJob', [{ ...jobInputOf(job), jobGroup: groupId }], 'auth.groupNotGranted')
    await expectRefused(operator, 'saveSettings', [{ logRetentionDays: 1 }], 'auth.adminOnly')
    await expectRefused(operator, 'saveUser', [{ name: 'sneaky', role: 'admin', groupIds: [], password: 'sneaky-password' }], 'auth.adminOnly')
    await expectRefused(operator, 'listAudit', [{}], 'auth.adminOnly')
  })

  it('reads settings without their secrets', async () => {
    const settings = await operator.value<{ apiToken: string; accessToken: string }>('getSettings')
    expect(settings).toMatchObject({ apiToken: '', accessToken: '' })
  })

  it('reads the IM channels, SMTP and webhooks without robot URLs, secrets or passwords; an admin reads them whole', async () => {
    const alarms = {
      desktop: false,
      webhooks: [{ url: 'https://hooks.example.test/x?token=hook-secret', headers: { Authorization: 'Bearer header-secret' } }],
      smtp: { host: '127.0.0.1', port: 25, secure: false, user: 'u', pass: 'smtp-secret', from: 'a@example.test' },
      imChannels: [
        {
          type: 'dingtalk',
          name: 'ops',
          url: 'https://oapi.dingtalk.com/robot/send?access_token=robot-token',
          secret: 'SECsign',
          language: 'zh-CN',
          events: ['failedRuns'],
        },
      ],
    }
    await admin.value('saveSettings', [{ alarms }])
    try {
      const shown = JSON.stringify(await operator.value('getSettings'))
      for (const secret of ['hook-secret', 'header-secret', 'smtp-secret', 'robot-token', 'SECsign']) expect(shown).not.toContain(secret)
      expect(shown).toContain('"url":"https://oapi.dingtalk.com/…"')
      expect(shown).toContain('"name":"ops"')
      expect((await admin.value<{ alarms: unknown }>('getSettings')).alarms).toMatchObject(alarms)
    } finally {
      await admin.value('saveSettings', [{ alarms: { desktop: false, webhooks: [], smtp: null } }])
    }
  })

  it('is not offered the console token once users sign in with passwords, nor is an admin', async () => {
    expect(await operator.value<{ consoleToken: string | null }>('getSettings')).toMatchObject({ consoleToken: null })
    const asAdmin = await admin.value<{ consoleToken: string | null; apiToken: string }>('getSettings')
    expect(asAdmin.consoleToken, 'the token opens nothing now').toBeNull()
    expect(asAdmin.apiToken, 'the admin still reads the other secrets').not.toBe('')
  })

  it("counts the alarm emails of its own groups' jobs only", async () => {
    const { groupJob } = auth.h.fixture
    const inB = await admin.value<JobInfo>('getJob', [groupJob])
    await admin.value('saveJob', [{ ...jobInputOf(inB), alarmEmail: 'ops@example.test' }])
    try {
      expect((await admin.value<AlarmHealth>('getAlarmHealth')).jobsWithAlarmEmail).toBeGreaterThanOrEqual(1)
      expect((await operator.value<AlarmHealth>('getAlarmHealth')).jobsWithAlarmEmail, "group B's job is not the operator's to hear of").toBe(0)
    } finally {
      await admin.value('saveJob', [jobInputOf(inB)])
    }
  })

  it("sees the cluster's nodes without the database path or every group's planned fires, which an admin sees", async () => {
    const full = await admin.value<ClusterView>('getCluster')
    expect(full.location).toEqual(expect.any(String))
    expect(full.nodes.every((node) => typeof node.ringRows === 'number')).toBe(true)
    for (const bridge of [operator, viewer]) {
      const view = await bridge.value<ClusterView>('getCluster')
      expect(view.location).toBeNull()
      expect(view.nodes.map((node) => node.nodeId)).toEqual(full.nodes.map((node) => node.nodeId))
      expect(view.nodes.every((node) => node.ringRows === null)).toBe(true)
    }
  })
})

describe('a viewer of group A', () => {
  it('reads jobs, runs and logs of A', async () => {
    const { jobA, runId, groupJob } = auth.h.fixture
    expect((await viewer.value<JobInfo[]>('listJobs')).map((j) => j.id)).toEqual(expect.arrayContaining([jobA]))
    expect((await viewer.value<JobInfo[]>('listJobs')).map((j) => j.id)).not.toContain(groupJob)
    // Pages too hold only A's jobs, and asking for another group's finds none.
    const page = await viewer.value<JobPage>('listJobPage', [{}])
    expect(page.jobs.map((j) => j.id)).toEqual(expect.arrayContaining([jobA]))
    expect(page.jobs.map((j) => j.id)).not.toContain(groupJob)
    expect(page.total).toBe(page.jobs.length)
    const groupOfHidden = (await auth.h.headless.core.api.getJob(groupJob)).jobGroup
    expect(await viewer.value<JobPage>('listJobPage', [{ groupId: groupOfHidden }])).toEqual({ jobs: [], total: 0, next: null })
    expect((await resultOf(viewer, 'getRun', [runId])).ok).toBe(true)
    expect((await resultOf(viewer, 'getRunLog', [{ logId: runId, fromLineNum: 1 }])).ok).toBe(true)
  })

  it('cannot trigger, edit, start, stop, kill or save GLUE', async () => {
    const { jobA, runId } = auth.h.fixture
    await expectRefused(viewer, 'triggerJob', [{ jobId: jobA }], 'auth.viewerReadOnly')
    const job = await viewer.value<JobInfo>('getJob', [jobA])
    await expectRefused(viewer, 'saveJob', [{ ...jobInputOf(job), name: 'viewer edit' }], 'auth.viewerReadOnly')
    await expectRefused(viewer, 'startJob', [jobA], 'auth.viewerReadOnly')
    await expectRefused(viewer, 'stopJob', [jobA], 'auth.viewerReadOnly')
    await expectRefused(viewer, 'killRun', [runId], 'auth.viewerReadOnly')
    await expectRefused(viewer, 'saveGlue', [{ jobId: jobA, glueSource: 'echo', glueRemark: 'x' }], 'auth.viewerReadOnly')
    expect((await viewer.value<JobInfo>('getJob', [jobA])).name).toBe(job.name)
  })
})

describe('the audit trail', () => {
  it("shows the operator's trigger with its parameters and address override, from where", async () => {
    const { jobA } = auth.h.fixture
    // An operator's override names an executor of the job's own group: here, this node's embedded one.
    const embedded = (await admin.value<{ appName: string; address: string }[]>('listRegistry')).find((e) => e.appName === 'jobdesk-embedded')!.address
    await operator.value('triggerJob', [{ jobId: jobA, executorParam: 'audited', addressList: [embedded] }])
    const page = await admin.value<AuditPage>('listAudit', [{ actor: 'op-a', action: 'job.trigger', outcome: 'ok' }])
    expect(page.entries[0]).toMatchObject({
      actor: 'op-a',
      actorKind: 'user',
      source: '127.0.0.1',
      groupId: auth.h.fixture.embeddedGroupId,
      target: `job ${jobA}`,
      detail: { params: { jobId: jobA, executorParam: 'audited', addressList: [embedded] } },
    })
    const edits = await admin.value<AuditPage>('listAudit', [{ actor: 'op-a', action: 'job.update', outcome: 'ok' }])
    expect(edits.entries[0].detail).toMatchObject({ before: { id: jobA }, after: { id: jobA, name: 'renamed by op-a' } })
    const csv = await admin.value<string>('exportAudit', [{ format: 'csv', filter: { actor: 'op-a' } }])
    expect(csv.split('\r\n')[0]).toBe('id,time,actor,actorKind,source,action,outcome,groupId,target,detail,count,via')
    expect(csv).toContain('job.trigger')
  })
})

describe('sign-out and disabling a user', () => {
  it('end the session at once: the next call is refused and the socket closes', async () => {
    await auth.addUser('op-out', 'operator', [auth.h.fixture.embeddedGroupId])
    const { bridge, cookie } = await auth.console('op-out')
    expect((await resultOf(bridge, 'listJobs')).ok).toBe(true)
    expect(await signOut(auth.origin, cookie)).toBe(200)
    const after = await bridge.call('listJobs', [])
    expect(after.kind === 'result' && errorCodeOf(after.result)).toBe('auth.signedOut')

    const second = await auth.console('viewer-a')
    const id = (await admin.value<{ id: number; name: string }[]>('listUsers')).find((u) => u.name === 'viewer-a')!.id
    await admin.value('saveUser', [{ id, name: 'viewer-a', role: 'viewer', groupIds: [auth.h.fixture.embeddedGroupId], disabled: true }])
    const refused = await second.bridge.call('listJobs', [])
    expect(refused.kind === 'result' && errorCodeOf(refused.result)).toBe('auth.signedOut')
  })
})
