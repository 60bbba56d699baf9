import type { NewRun } from '../../src/main/domain/runs'

/** 2026-01-01T00:00:00Z: the trigger time of a run a test writes when it names none. */
const T0 = 1_767_225_600_000

/** A run row as a manual trigger writes it (job 1 of group 1, at T0), with what a test is about overridden. */
export function newRun(overrides: Partial<NewRun> = {}): NewRun {
  return {
    jobGroup: 1,
    jobId: 1,
    executorHandler: 'demoJobHandler',
    executorParam: '',
    executorShardingParam: '',
    executorFailRetryCount: 0,
    triggerTimeMs: T0,
    triggerType: 'MANUAL',
    scheduleTimeMs: null,
    parentLogId: null,
    ...overrides,
  }
}
