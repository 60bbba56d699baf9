import { defaultJobInput } from '../../src/shared/job-defaults'
import type { JobGroup, JobInfo } from '../../src/shared/model'
import type { PreparedRun } from '../../src/main/trigger/prepare-runs'

/** Two LAN executors' addresses, registered in RUN_GROUP in this order. */
export const EXECUTOR_A = 'http://127.0.0.1:9001/'
export const EXECUTOR_B = 'http://127.0.0.1:9002/'

/** An auto-registered group of two LAN executors (G3). */
export const RUN_GROUP: JobGroup = {
  id: 3,
  appName: 'reports',
  name: 'Reports',
  addressType: 0,
  addressList: `${EXECUTOR_A},${EXECUTOR_B}`,
  accessToken: '',
  protocolGeneration: 'g3',
  autoCreated: false,
  scriptsAllowed: false,
  updateTimeMs: 0,
}

/** Job 7 of RUN_GROUP, a stopped BEAN job with the defaults (routing FIRST). */
export function runJob(patch: Partial<JobInfo> = {}): JobInfo {
  return {
    ...defaultJobInput(RUN_GROUP.id, 'UTC', { name: 'nightly', executorHandler: 'demoJobHandler' }),
    id: 7,
    childJobIds: [],
    triggerStatus: 0,
    triggerLastTimeMs: 0,
    triggerNextTimeMs: 0,
    addTimeMs: 0,
    updateTimeMs: 0,
    glueUpdatetimeMs: 0,
    ...patch,
  }
}

/** A manual run of `runJob()` written and about to be triggered, to both executors of RUN_GROUP. */
export function preparedRun(patch: Partial<PreparedRun> = {}): PreparedRun {
  return {
    logId: 41,
    job: runJob(),
    group: RUN_GROUP,
    triggerType: 'MANUAL',
    triggerTimeMs: 0,
    scheduleTimeMs: null,
    executorParam: '',
    addresses: [EXECUTOR_A, EXECUTOR_B],
    addressOverride: false,
    tokenless: [],
    shardIndex: 0,
    shardTotal: 1,
    shardAddress: null,
    failRetryCount: 0,
    roundPosition: null,
    ...patch,
  }
}
