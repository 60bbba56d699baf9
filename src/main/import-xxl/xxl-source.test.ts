import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { wallTimeToEpochMs, epochMsToWallTime } from './wall-time'
import { detectXxlSchema, GROUP_COLUMNS, JOB_COLUMNS } from './xxl-schema'
import { redactUrl } from '../../shared/redact-url'
import { parseXxlSource } from './xxl-source-url'

const columns = (tables: Record<string, string[]>) => new Map(Object.entries(tables).map(([t, c]) => [t, new Set(c)]))

describe('detectXxlSchema', () => {
  it('tells the generations apart by their name and schedule columns', () => {
    expect(detectXxlSchema(columns({ xxl_job_group: [...GROUP_COLUMNS, 'title'], xxl_job_info: [...JOB_COLUMNS, 'job_desc', 'job_cron'] }), 'x')).toMatchObject(
      {
        generation: '2.1-2.2',
        scheduleColumns: 'job_cron',
        misfire: false,
        glueHistory: false,
        runs: false,
      },
    )
    expect(
      detectXxlSchema(
        columns({
          xxl_job_group: [...GROUP_COLUMNS, 'title'],
          xxl_job_info: [...JOB_COLUMNS, 'job_desc', 'schedule_type', 'schedule_conf', 'misfire_strategy'],
        }),
        'x',
      ),
    ).toMatchObject({ generation: '2.3-3.4', misfire: true })
    expect(
      detectXxlSchema(
        columns({ xxl_job_group: [...GROUP_COLUMNS, 'name', 'access_token'], xxl_job_info: [...JOB_COLUMNS, 'name', 'schedule_type', 'schedule_conf'] }),
        'x',
      ),
    ).toMatchObject({ generation: '3.5', groupNameColumn: 'name', jobNameColumn: 'name', groupTokens: true })
  })

  it('refuses a database without what every generation has, listing what it lacks', () => {
    const error = (() => {
      try {
        detectXxlSchema(columns({ xxl_job_group: ['id', 'app_name', 'title'], xxl_job_log: ['id'] }), 'shop')
      } catch (e) {
        return e as ValidationError
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ field: 'url', code: 'xxl.notXxl' })
    expect(error!.params).toMatchObject({ database: 'shop' })
    expect(String(error!.params.missing)).toMatch(/^xxl_job_group\.address_type, xxl_job_group\.address_list, table xxl_job_info, xxl_job_log\.job_id/)
  })
})

describe('parseXxlSource', () => {
  it('reads user, password, host, port and database, and shows the URL without the password', () => {
    expect(parseXxlSource('mysql://xxl:p%40ss@db.lan:3307/xxl_job')).toEqual({
      host: 'db.lan',
      port: 3307,
      user: 'xxl',
      password: 'p@ss',
      database: 'xxl_job',
      socketPath: undefined,
      location: 'mysql://xxl@db.lan:3307/xxl_job',
    })
    expect(parseXxlSource('mariadb://root@[::1]/jobs')).toMatchObject({ host: '::1', port: 3306, password: '' })
  })

  it.each([
    ['postgres://u:secret@h/db', 'xxl.urlNotMysql'],
    ['mysql://u:secret@h', 'xxl.urlNoDatabase'],
    ['mysql://:secret@h/db', 'xxl.urlNoUser'],
    ['mysql://u:sec%ZZret@h/db', 'xxl.urlEscape'],
  ])('refuses %s with %s, never echoing the password', (url, code) => {
    let error: ValidationError | undefined
    try {
      parseXxlSource(url)
    } catch (e) {
      error = e as ValidationError
    }
    expect(error).toMatchObject({ field: 'url', code })
    expect(error!.message).not.toContain('secret')
    expect(JSON.stringify(error!.params)).not.toContain('secret')
  })

  it('redacts a password even from a URL that does not parse', () => {
    expect(redactUrl('mysql://u:top secret@h/db')).toBe('mysql://u:***@h/db')
  })
})

describe('wall times of the XXL-JOB admin', () => {
  it('reads a DATETIME in the zone given, and writes one back', () => {
    expect(wallTimeToEpochMs('2026-11-19 02:00:00', 'Asia/Shanghai')).toBe(Date.parse('2026-11-18T18:00:00Z'))
    expect(epochMsToWallTime(Date.parse('2026-11-18T18:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-19 02:00:00')
  })

  it('reads NULL, empty and zero dates as none', () => {
    expect(wallTimeToEpochMs(null, 'UTC')).toBeNull()
    expect(wallTimeToEpochMs('', 'UTC')).toBeNull()
    expect(wallTimeToEpochMs('0000-00-00 00:00:00', 'UTC')).toBeNull()
  })

  it('reads a repeated hour as the first, and a time in a DST gap with the offset before it', () => {
    // Berlin 2026-10-25 02:30 happens twice (CEST then CET); 2026-03-29 02:30 never happens.
    expect(wallTimeToEpochMs('2026-10-25 02:30:00', 'Europe/Berlin')).toBe(Date.parse('2026-10-25T00:30:00Z'))
    expect(wallTimeToEpochMs('2026-03-29 02:30:00', 'Europe/Berlin')).toBe(Date.parse('2026-03-29T01:30:00Z'))
  })
})
