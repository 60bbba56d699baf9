import type { JobInput } from '../../src/shared/model'

/** A valid job for the embedded group; tests override what they are about. */
export function jobInput(jobGroup: number, overrides: Partial<JobInput> = {}): JobInput {
  return {
    jobGroup,
    name: 'test job',
    author: 'test',
    alarmEmail: '',
    scheduleType: 'CRON',
    scheduleConf: '0/2 * * * * ?',
    timezone: 'UTC',
    misfireStrategy: 'DO_NOTHING',
    executorRouteStrategy: 'FIRST',
    executorHandler: 'demoJobHandler',
    executorParam: 'hello',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeoutSec: 0,
    executorFailRetryCount: 0,
    retryBackoff: 'NONE',
    retryIntervalSec: 0,
    retryMaxIntervalSec: 0,
    alarmOnEveryFailure: false,
    glueType: 'BEAN',
    glueSource: '',
    glueRemark: '',
    ...overrides,
  }
}
