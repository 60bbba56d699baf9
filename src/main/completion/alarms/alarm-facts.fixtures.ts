import type { AlarmFacts } from './alarm-types'

/**
 * A CRON run of job 7 ('Nightly export', app billing-app) that failed with 500 on a LAN executor
 * 42 s after its 02:00 UTC trigger on 2026-11-30, no retries left; `overrides` set what a test is about.
 */
export function failedCronRun(overrides: Partial<AlarmFacts> = {}): AlarmFacts {
  return {
    logId: 4711,
    jobId: 7,
    jobName: 'Nightly export',
    appName: 'billing-app',
    groupName: 'Billing',
    triggerType: 'CRON',
    triggerTimeMs: Date.UTC(2026, 10, 30, 2, 0, 0),
    handleTimeMs: Date.UTC(2026, 10, 30, 2, 0, 42),
    triggerCode: 200,
    triggerMsg: '',
    handleCode: 500,
    handleMsg: 'disk full',
    triggerTrail: null,
    executorAddress: 'http://10.0.0.5:9999/',
    executorParam: '',
    retriesLeft: 0,
    alarmEmails: [],
    ...overrides,
  }
}
