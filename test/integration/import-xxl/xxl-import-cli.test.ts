import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../../src/main/store/open-store'
import type { XxlImportReport } from '../../../src/shared/xxl-import'
import { appEntryArgs } from '../../support/app-entry'
import type { TestDatabase } from '../../support/db-servers'
import { makeTempDir } from '../../support/temp-dir'
import { runSql, xxlDatabase } from './xxl-fixture'

const ROOT = join(import.meta.dirname, '..', '..', '..')

interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** `npm run import-xxl -- …` in a child Node process (built when the build is current; see appEntryArgs). */
function importXxl(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...appEntryArgs('import-xxl'), ...args],
      { cwd: ROOT, env: { ...process.env, JOBDESK_DATABASE_URL: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('npm run import-xxl', () => {
  let xxl: TestDatabase
  let dir: ReturnType<typeof makeTempDir>
  let urlWithoutPassword: string
  let password: string

  const jobsInDataDir = async () => {
    const store = await openStore(join(dir.path, 'jobdesk.db'))
    try {
      return await store.jobs.list()
    } finally {
      await store.close()
    }
  }

  beforeAll(async () => {
    xxl = await xxlDatabase('xxl-job-2.4')
    // The runs happened in the last hours (of Shanghai's wall clock), so the real clock's 7-day window holds them.
    await runSql(
      xxl,
      `UPDATE xxl_job_log SET trigger_time = DATE_SUB(CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', '+08:00'), INTERVAL (10 - id) HOUR),
         handle_time = IF(handle_time IS NULL, NULL, DATE_SUB(CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', '+08:00'), INTERVAL (10 - id) HOUR)) WHERE id <= 4`,
    )
    const url = new URL(xxl.url)
    password = decodeURIComponent(url.password)
    url.password = ''
    urlWithoutPassword = url.toString()
    dir = makeTempDir()
  })
  afterAll(async () => {
    dir?.remove()
    await xxl?.drop()
  })

  it('--dry-run prints the report (counts, each problem) and writes nothing; the password comes from the environment and is never printed', async () => {
    const result = await importXxl(['--from', urlWithoutPassword, '--dry-run', '--with-runs', '7', '--timezone', 'Asia/Shanghai', '--data-dir', dir.path], {
      XXL_JOB_PASSWORD: password,
    })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines).toContain('Dry run: nothing was written.')
    expect(lines).toContain('Read: 2 groups, 6 jobs, 3 GLUE versions, 4 runs')
    expect(lines).toContain('Jobs: 4 to create, 0 to update, 0 to skip, 2 refused')
    expect(lines).toContain('  refuse  #4 order-executor / bad cron')
    expect(lines).toContain("      ✗ scheduleConf: '0 0 25 * * ?' hour 25 is out of range 0-23")
    expect(lines).toContain('      ✗ its executor group (id 7) is not in xxl_job_group')
    expect(lines).toContain('      ! child job 99 is not in xxl_job_info: that link is left out')
    expect(lines).toContain('Runs of the last 7 days: 2 to import; left out: 1 unfinished, 0 already in JobDesk, 1 of jobs not imported, 0 beyond the cap')
    expect(result.stdout).not.toContain(password)
    expect(await jobsInDataDir()).toEqual([])
  })

  it('imports, and --json gives the report as data', async () => {
    const result = await importXxl(['--from', xxl.url, '--with-runs', '7', '--timezone', 'Asia/Shanghai', '--data-dir', dir.path, '--json'])
    expect(result.code).toBe(0)
    const report = JSON.parse(result.stdout) as XxlImportReport
    expect(report).toMatchObject({ dryRun: false, summary: { created: 4, updated: 0, skipped: 0, refused: 2 }, runs: { imported: 2 } })
    expect((await jobsInDataDir()).map((j) => j.name).sort()).toEqual(['cleanup temp files', 'groovy invoice', '清理脚本', '每日对账'].sort())
  })

  it('a second run with --on-conflict skip skips every job', async () => {
    const result = await importXxl(['--from', xxl.url, '--on-conflict', 'skip', '--timezone', 'Asia/Shanghai', '--data-dir', dir.path])
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')).toContain('Jobs: 0 created, 0 updated, 4 skipped, 2 refused')
    expect(await jobsInDataDir()).toHaveLength(4)
  })

  it('a bad command line exits 2 and says which flag', async () => {
    const conflict = await importXxl(['--from', xxl.url, '--on-conflict', 'merge', '--data-dir', dir.path])
    expect(conflict.code).toBe(2)
    expect(conflict.stderr).toContain("--on-conflict: 'merge' is not skip, rename or replace")
    const days = await importXxl(['--from', xxl.url, '--with-runs', '0', '--data-dir', dir.path])
    expect(days.code).toBe(2)
    expect(days.stderr).toContain("--with-runs: '0' is not a number of days from 1 to 90")
    const missing = await importXxl(['--data-dir', dir.path])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--from')
  })

  it('a database it cannot read exits 1: nothing was imported', async () => {
    const url = new URL(xxl.url)
    url.pathname = '/no_such_database'
    const result = await importXxl(['--from', url.toString(), '--data-dir', dir.path])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('cannot read the XXL-JOB database')
    expect(result.stderr).toContain('Nothing was imported.')
    expect(result.stderr).not.toContain(password)
  })
})
