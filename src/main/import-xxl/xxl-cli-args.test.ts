import { describe, expect, it } from 'vitest'
import { UsageError } from '../kernel/command-line'
import { parseXxlCliArgs } from './xxl-cli-args'

const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => parseXxlCliArgs(args, env)
const usage = (args: string[]) => {
  try {
    parse(args)
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  return null
}

describe('parseXxlCliArgs', () => {
  it('reads the flags into a request, the password from XXL_JOB_PASSWORD into the URL', () => {
    expect(
      parse(
        ['--from', 'mysql://xxl@db/xxl_job', '--dry-run', '--with-runs', '7', '--on-conflict', 'rename', '--timezone', 'Asia/Shanghai', '--data-dir', '/d'],
        { XXL_JOB_PASSWORD: 'p w' },
      ),
    ).toEqual({
      request: { url: 'mysql://xxl:p%20w@db/xxl_job', dryRun: true, onConflict: 'rename', withRunsDays: 7, timezone: 'Asia/Shanghai' },
      dataDir: '/d',
      database: undefined,
      json: false,
    })
  })

  it('defaults to a real import that skips conflicts, and takes JOBDESK_DATABASE_URL as the store', () => {
    expect(parse(['--from', 'mysql://u:own@db/x'], { XXL_JOB_PASSWORD: 'ignored', JOBDESK_DATABASE_URL: 'mysql://jd@h/jobdesk' })).toMatchObject({
      request: { url: 'mysql://u:own@db/x', dryRun: false, onConflict: 'skip' },
      database: 'mysql://jd@h/jobdesk',
    })
  })

  it('names the flag and the rule of a bad command line', () => {
    expect(usage([])).toMatch(/^--from:/)
    expect(usage(['--from', 'mysql://u@h/x', '--on-conflict', 'merge'])).toBe("--on-conflict: 'merge' is not skip, rename or replace")
    expect(usage(['--from', 'mysql://u@h/x', '--with-runs', '91'])).toBe("--with-runs: '91' is not a number of days from 1 to 90")
    expect(usage(['--from', 'mysql://u@h/x', '--timezone', 'Mars/Base'])).toBe("--timezone: 'Mars/Base' is not an IANA time zone (e.g. Asia/Shanghai)")
    expect(usage(['--from', 'mysql://u@h/x', '--data-dir', '/d', '--database', 'f.db'])).toBe('--data-dir and --database: give one of them')
    expect(usage(['--from', `mysql://u@h/${'x'.repeat(2100)}`])).toBe('--from: is 2112 characters long; the limit is 2000')
    expect(usage(['--from', 'mysql://u@h/x', '--bogus'])).toMatch(/bogus/)
  })
})
