import { NO_DEADLINES } from '../../../shared/deadline-terms'
import type { Flow } from '../../../shared/flow-types'
import { defaultJobInput } from '../../../shared/job-defaults'
import type { JobGroup, JobInfo, JobLink } from '../../../shared/model'
import { newGroup } from '../../store/group-repo'
import { storedJobOf } from '../../store/job-repo'

/** A small installation for the import/export tests: three groups, four jobs, three links, two flows. */

export const NOW_MS = Date.parse('2026-06-01T12:00:00Z')

export function group(id: number, appName: string, patch: Partial<JobGroup> = {}): JobGroup {
  return { id, ...newGroup(appName, `${appName} executors`, NOW_MS - 86_400_000), ...patch }
}

export function job(id: number, jobGroup: number, name: string, patch: Partial<JobInfo> = {}): JobInfo {
  const input = defaultJobInput(jobGroup, 'Europe/Berlin', {
    name,
    author: 'ops',
    scheduleType: 'CRON',
    scheduleConf: '0 0 2 * * ?',
    executorHandler: `${name}Handler`,
  })
  return {
    ...storedJobOf(input, NOW_MS - 3_600_000),
    id,
    addTimeMs: NOW_MS - 86_400_000,
    ...patch,
  }
}

/** A paused flow with no schedule and no nodes; nodes as a saved flow holds them (the schema's defaults filled in). */
export function flow(id: number, name: string, patch: Partial<Flow> = {}): Flow {
  return {
    id,
    name,
    description: '',
    scheduleType: 'NONE',
    scheduleConf: '',
    timezone: '',
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: 'DO_NOTHING',
    maxActiveRuns: 1,
    overlap: 'SKIP',
    timeoutSec: 0,
    alarmEmail: '',
    alarmAfterFailures: null,
    alarmQuietSec: null,
    param: '',
    ...NO_DEADLINES,
    nodes: [],
    edges: [],
    triggerStatus: 0,
    triggerNextTimeMs: 0,
    triggerLastTimeMs: 0,
    addTimeMs: NOW_MS - 86_400_000,
    updateTimeMs: NOW_MS - 3_600_000,
    ...patch,
  }
}

/** Report, then a person signs off, then the invoices go out with the report's output: scheduled and active. */
export function monthEndFlow(id: number, reportJobId: number, invoicesJobId: number, patch: Partial<Flow> = {}): Flow {
  return flow(id, 'month-end', {
    description: 'Invoices after the report, once signed off',
    scheduleType: 'CRON',
    scheduleConf: '0 0 6 1 * ?',
    timezone: 'Europe/Berlin',
    misfireStrategy: 'FIRE_ONCE_NOW',
    maxActiveRuns: 2,
    overlap: 'QUEUE',
    timeoutSec: 7200,
    alarmEmail: 'ops@example.com',
    param: 'month=current',
    triggerStatus: 1,
    triggerLastTimeMs: NOW_MS - 86_400_000,
    triggerNextTimeMs: NOW_MS + 86_400_000,
    nodes: [
      { kind: 'job', key: 'report', jobId: reportJobId, triggerRule: 'all_success' },
      { kind: 'approval', key: 'sign-off', prompt: 'Send the invoices?', timeoutSec: 86_400, triggerRule: 'all_success' },
      { kind: 'job', key: 'invoices', jobId: invoicesJobId, param: '${nodes.report.output} ${flow.param}', triggerRule: 'all_done' },
    ],
    edges: [
      { from: 'report', to: 'sign-off' },
      { from: 'sign-off', to: 'invoices' },
    ],
    ...patch,
  })
}

export function sampleState(): { groups: JobGroup[]; jobs: JobInfo[]; links: JobLink[]; flows: Flow[] } {
  return {
    groups: [
      group(1, 'jobdesk-embedded', { accessToken: 'embedded-secret-token' }),
      group(3, 'billing', { addressType: 1, addressList: 'http://10.0.0.5:9999,http://10.0.0.6:9999', accessToken: 'billing-secret-token' }),
      group(4, 'spare', { addressList: 'http://10.0.0.9:9999', protocolGeneration: 'g3' }),
    ],
    jobs: [
      job(1, 1, 'nightly-report', {
        triggerStatus: 1,
        triggerLastTimeMs: NOW_MS - 36_000_000,
        triggerNextTimeMs: NOW_MS + 50_400_000,
        alarmEmail: 'ops@example.com',
        executorParam: '  --full  ',
      }),
      job(2, 3, 'send-invoices', {
        scheduleType: 'NONE',
        scheduleConf: '',
        executorRouteStrategy: 'ROUND',
        executorFailRetryCount: 3,
        retryBackoff: 'EXPONENTIAL',
        retryIntervalSec: 10,
        retryMaxIntervalSec: 600,
      }),
      job(3, 1, 'cleanup', {
        scheduleType: 'FIX_RATE',
        scheduleConf: '300',
        triggerStatus: 1,
        glueType: 'GLUE_SHELL',
        glueSource: 'echo clean\n',
        executorHandler: '',
        glueRemark: 'v2',
      }),
      job(5, 1, 'notify', { scheduleType: 'CRON', scheduleConf: '0 30 8 ? * MON-FRI', timezone: 'Asia/Tokyo', alarmOnEveryFailure: true }),
    ],
    links: [
      { parentJobId: 2, childJobId: 3, condition: 'FAILURE' },
      { parentJobId: 1, childJobId: 2, condition: 'SUCCESS' },
      { parentJobId: 1, childJobId: 5, condition: 'ALWAYS' },
    ],
    flows: [
      monthEndFlow(2, 1, 2),
      // Approvals only: no job selection carries it.
      flow(3, 'audit-sign-off', { nodes: [{ kind: 'approval', key: 'audit', prompt: 'Audit done?', timeoutSec: 0, triggerRule: 'all_success' }] }),
    ],
  }
}
