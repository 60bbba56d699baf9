import { defaultJobInput } from '../../src/shared/job-defaults'
import type { JobInput } from '../../src/shared/model'

/** A valid job for tests: a demo handler every two seconds in UTC; tests override what they are about. */
export function jobInput(jobGroup: number, overrides: Partial<JobInput> = {}): JobInput {
  return defaultJobInput(jobGroup, 'UTC', {
    name: 'test job',
    author: 'test',
    scheduleType: 'CRON',
    scheduleConf: '0/2 * * * * ?',
    executorHandler: 'demoJobHandler',
    executorParam: 'hello',
    ...overrides,
  })
}
