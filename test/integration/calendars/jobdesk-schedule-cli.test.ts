import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ScheduleSimulation } from '../../../src/shared/calendar/schedule-simulation'
import { ACCESS_TOKEN_HEADER } from '../../../src/main/net/wire/auth'
import { cliAgainstServer } from '../../support/cli-against-server'
import { SPRING_FESTIVAL_ICS } from '../../support/calendar-oracle'

/**
 * `jobdesk schedule` against a real headless server: a calendar imported through the OpenAPI, a job
 * that follows it applied from a definition file, and the window listed as the simulator answers.
 */
const FEED = SPRING_FESTIVAL_ICS
const cli = cliAgainstServer('schedule', { tz: 'Asia/Shanghai' })
const { jobdesk, dir } = cli

describe('jobdesk schedule', () => {
  it('lists the fires of a job following a calendar, and its days off with the holiday; -o json gives the simulation', async () => {
    const imported = await fetch(`${cli.server.origin}/api/importCalendar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: cli.token },
      body: JSON.stringify({ name: 'cn', ics: FEED, timezone: 'Asia/Shanghai' }),
    })
    expect(imported.status).toBe(200)
    writeFileSync(
      join(dir, 'job.yaml'),
      'kind: Job\nname: settlement\ngroup: jobdesk-embedded\nhandler: demoJobHandler\nschedule:\n  cron: "0 0 10 * * ?"\n  timezone: Asia/Shanghai\n  calendar: cn\n',
    )
    const applied = await jobdesk(['apply', '-f', 'job.yaml'])
    expect(applied.code, applied.stderr).toBe(0)

    const listed = await jobdesk(['schedule', '--from', '2026-02-13', '--to', '2026-02-24'])
    expect(listed.code, listed.stderr).toBe(0)
    const lines = listed.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^TIME\s+WHO\s+WHAT$/)
    // The make-up Saturday fires; the eight days off do not.
    expect(lines.filter((l) => l.includes('fires'))).toHaveLength(3)
    expect(lines.filter((l) => l.includes('not fired: holiday (Spring Festival)'))).toHaveLength(8)
    expect(lines[1]).toMatch(/^2026-02-13 10:00:00\s+job \d+\s+fires$/)

    const json = await jobdesk(['schedule', '--from', '2026-02-13T00:00:00+08:00', '--to', '1771862400000', '-o', 'json'])
    const simulation = JSON.parse(json.stdout) as ScheduleSimulation
    expect(simulation.fires.map((f) => new Date(f.time).toISOString())).toEqual([
      '2026-02-13T02:00:00.000Z',
      '2026-02-14T02:00:00.000Z',
      '2026-02-23T02:00:00.000Z',
    ])

    const bad = await jobdesk(['schedule', '--from', 'yesterday', '--to', '2026-02-24'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--from: 'yesterday' is not a date/)
  })
})
