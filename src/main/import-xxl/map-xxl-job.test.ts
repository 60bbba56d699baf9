import { NO_DEADLINES } from '../../shared/deadline-terms'
import { describe, expect, it } from 'vitest'
import { childIdsOf, mapJobFields } from './map-xxl-job'
import type { XxlJobRow } from './xxl-rows'
import { xxlJobRow } from './xxl-rows.fixtures'

const row = (overrides: Partial<XxlJobRow> = {}): XxlJobRow => xxlJobRow({ triggerStatus: 1, ...overrides })

const refusal = (overrides: Partial<XxlJobRow>) => {
  const mapped = mapJobFields(row(overrides), 'app-one', 'nightly', 'Asia/Shanghai')
  return mapped.ok ? null : [mapped.refusal.code, mapped.refusal.params]
}

describe('mapJobFields', () => {
  it('carries every XXL-JOB column over under its JobDesk name, in the zone given, with XXL-JOB behaviour for what JobDesk adds', () => {
    const mapped = mapJobFields(
      row({ param: 'a=1', timeoutSec: 30, failRetryCount: 2, routeStrategy: 'SHARDING_BROADCAST', blockStrategy: 'COVER_EARLY' }),
      'app-one',
      'nightly',
      'Asia/Shanghai',
    )
    expect(mapped).toEqual({
      ok: true,
      notes: [],
      job: {
        key: '7',
        appName: 'app-one',
        enabled: true,
        name: 'nightly',
        author: 'ops',
        alarmEmail: '',
        scheduleType: 'CRON',
        scheduleConf: '0 0 2 * * ?',
        timezone: 'Asia/Shanghai',
        // XXL-JOB has no calendars: none, with the defaults.
        calendar: null,
        calendarRule: 'BUSINESS_DAYS',
        calendarRoll: 'SKIP',
        misfireStrategy: 'DO_NOTHING',
        executorRouteStrategy: 'SHARDING_BROADCAST',
        executorHandler: 'nightlyHandler',
        executorParam: 'a=1',
        executorBlockStrategy: 'COVER_EARLY',
        executorTimeoutSec: 30,
        executorFailRetryCount: 2,
        retryBackoff: 'NONE',
        retryIntervalSec: 0,
        retryMaxIntervalSec: 0,
        alarmOnEveryFailure: false,
        alarmAfterFailures: null,
        alarmQuietSec: null,
        glueType: 'BEAN',
        glueSource: '',
        glueRemark: '',
        ...NO_DEADLINES,
      },
    })
  })

  it('defaults what XXL-JOB defaults: no misfire column (before 2.3) is DO_NOTHING, no block strategy is SERIAL_EXECUTION', () => {
    const mapped = mapJobFields(row({ misfireStrategy: null, blockStrategy: '' }), 'app-one', 'nightly', 'UTC')
    expect(mapped.ok && [mapped.job.misfireStrategy, mapped.job.executorBlockStrategy]).toEqual(['DO_NOTHING', 'SERIAL_EXECUTION'])
  })

  it('imports a running job without a schedule stopped, and says so', () => {
    const mapped = mapJobFields(row({ scheduleType: 'NONE', scheduleConf: '' }), 'app-one', 'nightly', 'UTC')
    expect(mapped.ok && mapped.job.enabled).toBe(false)
    expect(mapped.ok && mapped.notes.map((n) => n.code)).toEqual(['xxl.noneStopped'])
  })

  it('refuses a name JobDesk does not know, naming the column and the value', () => {
    expect(refusal({ scheduleType: 'API' })).toEqual(['xxl.unknownScheduleType', { value: 'API' }])
    expect(refusal({ misfireStrategy: 'FIRE_ALL' })).toEqual(['xxl.unknownMisfire', { value: 'FIRE_ALL' }])
    expect(refusal({ routeStrategy: 'WEIGHTED' })).toEqual(['xxl.unknownRoute', { value: 'WEIGHTED' }])
    expect(refusal({ routeStrategy: '' })).toEqual(['xxl.noRoute', {}])
    expect(refusal({ blockStrategy: 'QUEUE' })).toEqual(['xxl.unknownBlock', { value: 'QUEUE' }])
    expect(refusal({ glueType: 'GLUE_RUBY' })).toEqual(['xxl.unknownGlueType', { value: 'GLUE_RUBY' }])
  })

  it('keeps a GLUE_GROOVY job as it is (whether it can run is decided against the JobDesk group)', () => {
    const mapped = mapJobFields(row({ glueType: 'GLUE_GROOVY', glueSource: 'println 1', glueRemark: 'v1' }), 'app-one', 'nightly', 'UTC')
    expect(mapped.ok && [mapped.job.glueType, mapped.job.glueSource, mapped.job.glueRemark]).toEqual(['GLUE_GROOVY', 'println 1', 'v1'])
  })
})

describe('childIdsOf', () => {
  it('reads child_jobid as ids, keeping what is not a number as text, blanks and repeats dropped', () => {
    expect(childIdsOf('3, 4,,3,abc, 12345678901')).toEqual([3, 4, 'abc', '12345678901'])
    expect(childIdsOf('')).toEqual([])
  })
})
