import type { XxlJobRow } from './xxl-rows'

/** An `xxl_job_info` row as read: a stopped BEAN job of group 1, nightly at 02:00, XXL-JOB's defaults elsewhere. */
export function xxlJobRow(overrides: Partial<XxlJobRow> = {}): XxlJobRow {
  return {
    id: 7,
    jobGroup: 1,
    name: 'nightly',
    author: 'ops',
    alarmEmail: '',
    scheduleType: 'CRON',
    scheduleConf: '0 0 2 * * ?',
    misfireStrategy: 'DO_NOTHING',
    routeStrategy: 'FIRST',
    handler: 'nightlyHandler',
    param: '',
    blockStrategy: 'SERIAL_EXECUTION',
    timeoutSec: 0,
    failRetryCount: 0,
    glueType: 'BEAN',
    glueSource: '',
    glueRemark: '',
    childJobIds: '',
    triggerStatus: 0,
    ...overrides,
  }
}
