import type { CreatedApiToken } from '../../src/shared/auth'
import { jobInputOf } from '../../src/shared/job-defaults'
import { EMBEDDED_APP_NAME, type JobGroup, type JobInfo, type JobInput } from '../../src/shared/model'
import { HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from './admin-harness'
import { AuthHarness } from './auth-harness'
import type { BridgeClient } from './bridge-client'
import { jobInput } from './job-input'
import { RecordingExecutor } from './recording-executor'
import { waitFor } from './wait-for'

/** The console roles the security suite signs in as. */
export type SessionRole = 'admin' | 'operator' | 'viewer'

/**
 * What the security suite works on: headless mode with users, two LAN groups and their executors,
 * and a listener at an address no group registers (where nothing secret may ever arrive).
 * - group A: a manual group with its own token, its executor `aExecutor` (accepts runs, never calls back);
 * - group B: a manual group on the global executor token, its executor `bExecutor`;
 * - the operator and the viewer are granted A only; the personal token is the operator's, scoped to A.
 */
export interface SecurityWorld {
  auth: AuthHarness
  attacker: RecordingExecutor
  aExecutor: RecordingExecutor
  bExecutor: RecordingExecutor
  groupA: JobGroup
  groupB: JobGroup
  embeddedGroupId: number
  embeddedAddress: string
  jobs: { a: JobInfo; cronA: JobInfo; failoverA: JobInfo; glueA: JobInfo; b: JobInfo; embedded: JobInfo; chainA: JobInfo }
  /** A finished-or-running run of job A (never called back: running). */
  runA: number
  sessions: Record<SessionRole, BridgeClient>
  personalToken: string
  /** A job in A nobody needs afterwards (to delete). */
  throwawayJob(): Promise<number>
  /** A run of job A that its executor accepted and is running (to kill). */
  runningRunOf(jobId: number): Promise<number>
  close(): Promise<void>
}

/** `options` add to the harness's own (the chain test switches scripts on). */
export async function securityWorld(options: Parameters<typeof AuthHarness.start>[0] = {}): Promise<SecurityWorld> {
  const auth = await AuthHarness.start(options)
  const [attacker, aExecutor, bExecutor] = await Promise.all([RecordingExecutor.start(), RecordingExecutor.start(), RecordingExecutor.start()])
  // Runs on A's and B's executors stay running (they never call back): the checksums do not wait for them.
  auth.h.quietAddresses.push(aExecutor.address, bExecutor.address, attacker.address)
  const api = auth.h.headless.core.api
  const groups = await api.listGroups()
  const fixtureGroup = groups.find((g) => g.appName === HARNESS_GROUP_APP)!
  const groupA = await api.saveGroup({
    id: fixtureGroup.id,
    appName: HARNESS_GROUP_APP,
    name: 'Group A',
    addressType: 1,
    addressList: aExecutor.address,
    accessToken: HARNESS_GROUP_TOKEN,
  })
  const groupB = await api.saveGroup({ appName: 'security-b', name: 'Group B', addressType: 1, addressList: bExecutor.address, accessToken: '' })
  const embeddedGroupId = groups.find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  const embeddedAddress = (await api.listRegistry()).find((e) => e.appName === EMBEDDED_APP_NAME)!.address
  const none: Partial<JobInput> = { scheduleType: 'NONE', scheduleConf: '' }
  const save = (input: JobInput) => api.saveJob(input)
  const jobs = {
    a: await save(jobInput(groupA.id, { ...none, name: 'A job' })),
    cronA: await save(jobInput(groupA.id, { name: 'A cron', scheduleConf: '0 0 3 * * ?' })),
    failoverA: await save(jobInput(groupA.id, { ...none, name: 'A failover', executorRouteStrategy: 'FAILOVER' })),
    glueA: await save(jobInput(groupA.id, { ...none, name: 'A script', glueType: 'GLUE_SHELL', glueSource: 'echo from A', executorHandler: '' })),
    b: await save(jobInput(groupB.id, { ...none, name: 'B job' })),
    embedded: await api.getJob(auth.h.fixture.jobA),
    chainA: await save(jobInput(groupA.id, { ...none, name: 'A chain root' })),
  }
  // A chain in A, for turning into a flow.
  const chainChild = await save(jobInput(groupA.id, { ...none, name: 'A chain child' }))
  await api.saveLink({ parentJobId: jobs.chainA.id, childJobId: chainChild.id, condition: 'SUCCESS' })
  await api.stopJob(jobs.cronA.id)
  const runningRunOf = async (jobId: number) => {
    const [logId] = (await api.triggerJob({ jobId })).logIds
    await waitFor(`run ${logId} accepted`, async () => (await api.getRun(logId)).triggerCode === 200)
    return logId
  }
  const runA = await runningRunOf(jobs.a.id)
  await auth.addUser('op-lan', 'operator', [groupA.id])
  await auth.addUser('viewer-lan', 'viewer', [groupA.id])
  const sessions: Record<SessionRole, BridgeClient> = {
    admin: (await auth.console('admin')).bridge,
    operator: (await auth.console('op-lan')).bridge,
    viewer: (await auth.console('viewer-lan')).bridge,
  }
  const personal = await sessions.operator.value<CreatedApiToken>('createApiToken', [{ name: 'ci', role: 'operator', groupIds: [groupA.id], expiresAtMs: 0 }])
  let throwaways = 0
  return {
    auth,
    attacker,
    aExecutor,
    bExecutor,
    groupA,
    groupB,
    embeddedGroupId,
    embeddedAddress,
    jobs,
    runA,
    sessions,
    personalToken: personal.token,
    throwawayJob: async () => (await save(jobInput(groupA.id, { ...none, name: `throwaway ${++throwaways}` }))).id,
    runningRunOf,
    async close() {
      for (const bridge of Object.values(sessions)) bridge.close()
      await auth.stop()
      await Promise.all([attacker, aExecutor, bExecutor].map((r) => r.close()))
    },
  }
}

/** A job's input with a new name (an edit any operator of its group may make). */
export function renamed(job: JobInfo, name: string): JobInput {
  return { ...jobInputOf(job), name }
}
