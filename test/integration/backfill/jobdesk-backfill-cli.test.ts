import { beforeAll, describe, expect, it } from 'vitest'
import type { BackfillStarted } from '../../../src/shared/backfill'
import { callAdmin } from '../../support/admin-call'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { cliAgainstServer } from '../../support/cli-against-server'

/** `jobdesk backfill` and `jobdesk get backfills` against a real headless server. */
const FROM = '2026-03-01T00:00:00Z'
const TO = '2026-03-01T03:00:00Z'

const cli = cliAgainstServer('backfill', { tz: 'UTC', extraArgs: ['--handlers', TEST_HANDLERS_DIR] })
const { jobdesk } = cli
let embedded: number
beforeAll(async () => {
  embedded = (await callAdmin<{ id: number; appName: string }[]>(cli.server.origin, 'listGroups', {}, cli.token)).find(
    (g) => g.appName === 'jobdesk-embedded',
  )!.id
})

const hourly = (name: string, handler: string, param = '') =>
  callAdmin<number>(
    cli.server.origin,
    'addJob',
    { jobGroup: embedded, name, scheduleType: 'CRON', scheduleConf: '0 0 * * * ?', timezone: 'UTC', executorHandler: handler, executorParam: param },
    cli.token,
  )

describe('jobdesk backfill', () => {
  it('prints the slots of a dry run; runs the rest and follows it to the end, exit 0; get backfills lists it', async () => {
    const jobId = await hourly('cli hourly', 'echoJobHandler', '${schedule.time}')
    const dry = await jobdesk(['backfill', 'cli hourly', '--from', FROM, '--to', TO, '--dry-run', '--order', 'newest-first'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^SLOT\s+ISO 8601$/),
      expect.stringMatching(/^2026-03-01 02:00:00\s+2026-03-01T02:00:00.000Z$/),
      expect.stringMatching(/^2026-03-01 01:00:00\s+2026-03-01T01:00:00.000Z$/),
      expect.stringMatching(/^2026-03-01 00:00:00\s+2026-03-01T00:00:00.000Z$/),
    ])
    expect(dry.stderr).toContain('3 slot(s); nothing was started')

    const ran = await jobdesk(['backfill', String(jobId), '--from', FROM, '--to', TO, '--concurrency', '2'])
    expect(ran.code, ran.stderr).toBe(0)
    // Not a terminal: plain progress lines, the last one the end.
    const lines = ran.stdout.trim().split('\n')
    expect(lines.every((line) => /^backfill \d+: \d\/3 done/.test(line))).toBe(true)
    expect(lines[lines.length - 1]).toMatch(/^backfill \d+: 3\/3 done \(done\)$/)

    const listed = await jobdesk(['get', 'backfills', '--job', 'cli hourly'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(
      new RegExp(`^ID\\s+OF\\s+STATE\\s+DONE.*\\n\\d+\\s+job ${jobId}\\s+DONE\\s+3/3\\s+0\\s+0\\s+2026-03-01 00:00:00\\s+2026-03-01 03:00:00\\n$`),
    )
  })

  it('exits 1 when a slot failed, and 2 with the count when the range holds too many slots', async () => {
    await hourly('cli failing', 'failJobHandler')
    const failed = await jobdesk(['backfill', 'cli failing', '--from', FROM, '--to', TO])
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/0\/3 done, 3 failed \(done\)\n$/)

    const tooMany = await jobdesk(['backfill', 'cli failing', '--from', '2000-01-01', '--to', '2026-01-01'])
    expect(tooMany.code).toBe(2)
    // 26 years of hours, 7 of them leap years.
    expect(tooMany.stderr).toContain('the range holds 227928 slots, more than the 100000 a backfill takes')
    const noRange = await jobdesk(['backfill', 'cli failing', '--from', FROM])
    expect(noRange.code).toBe(2)
    expect(noRange.stderr).toContain('give the range with --from and --to')
  })

  it('pauses, resumes and cancels a backfill by its id', async () => {
    const jobId = await hourly('cli slow', 'slowEchoJobHandler', '2000|${schedule.time}')
    const { backfillId } = await callAdmin<BackfillStarted>(cli.server.origin, 'startBackfill', { jobId, from: FROM, to: TO }, cli.token)
    const paused = await jobdesk(['backfill', 'pause', String(backfillId)])
    expect(paused.stdout).toMatch(new RegExp(`^backfill ${backfillId}: .*\\(paused\\)\\n$`))
    expect((await jobdesk(['backfill', 'resume', String(backfillId)])).stdout).toMatch(/\(running\)\n$/)
    const cancelled = await jobdesk(['backfill', 'cancel', String(backfillId)])
    expect(cancelled.code, cancelled.stderr).toBe(0)
    expect(cancelled.stdout).toMatch(/cancelled \(cancelled\)\n$/)
    const again = await jobdesk(['backfill', 'cancel', String(backfillId)])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(`backfill ${backfillId} is cancelled already`)
    expect((await jobdesk(['backfill', 'pause', 'x'])).stderr).toContain("'x' is not a backfill id")
  })
})
