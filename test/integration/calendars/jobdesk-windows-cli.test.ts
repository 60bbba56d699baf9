import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { MaintenanceState } from '../../../src/shared/calendar/maintenance'
import { cliAgainstServer } from '../../support/cli-against-server'

/**
 * `jobdesk maintenance` and `jobdesk get windows` against a real headless server, with windows that
 * come from a `kind: Window` file: pause-all on with its reason, shown, off; the windows listed with
 * their scope by name; a file naming a job that is nowhere refused at its line.
 */
const { jobdesk, dir } = cliAgainstServer('windows', { tz: 'UTC' })

describe('jobdesk maintenance', () => {
  it('switches pause-all on with a reason, shows who and why, refuses on without one, and switches it off', async () => {
    expect(await jobdesk(['maintenance'])).toMatchObject({ code: 0, stdout: 'pause-all: off\n' })

    const bare = await jobdesk(['maintenance', 'on'])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toMatch(/needs --reason TEXT/)

    const on = await jobdesk(['maintenance', 'on', '--reason', 'storage migration'])
    expect(on.code, on.stderr).toBe(0)
    expect(on.stdout).toMatch(/^pause-all: ON since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} by API token: storage migration\n$/)
    const shown = JSON.parse((await jobdesk(['maintenance', '-o', 'json'])).stdout) as MaintenanceState
    expect(shown).toMatchObject({ on: true, reason: 'storage migration', by: 'API token' })

    const off = await jobdesk(['maintenance', 'off'])
    expect(off.code, off.stderr).toBe(0)
    expect(off.stdout).toMatch(/^pause-all: off \(switched off .* by API token\)\n$/)
    expect((await jobdesk(['maintenance', 'sideways'])).stderr).toMatch(/'sideways' is not on or off/)
  })
})

describe('jobdesk get windows, from a kind: Window file', () => {
  it('applies windows naming a job and a group, lists them with their scope by name, and refuses a name that names nothing at its line', async () => {
    writeFileSync(
      join(dir, 'windows.yaml'),
      [
        'kind: Job',
        'name: settlement',
        'group: jobdesk-embedded',
        'handler: demoJobHandler',
        '---',
        'kind: Window',
        'name: patch night',
        'timezone: Europe/Berlin',
        'cron: "0 0 2 ? * SAT"',
        'durationSec: 10800',
        'jobs: [jobdesk-embedded/settlement]',
        'killRunning: true',
        '---',
        'kind: Window',
        'name: db move',
        'timezone: UTC',
        'start: "2027-03-01T22:00:00Z"',
        'end: "2027-03-02T02:00:00Z"',
        '',
      ].join('\n'),
    )
    const applied = await jobdesk(['apply', '-f', 'windows.yaml'])
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toContain('+ create Window patch night  (windows.yaml)')

    const listed = await jobdesk(['get', 'windows'])
    expect(listed.code, listed.stderr).toBe(0)
    const lines = listed.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+WHEN\s+ZONE\s+SCOPE\s+KILL RUNNING\s+ENABLED$/)
    expect(lines[1]).toMatch(/^\d+\s+patch night\s+0 0 2 \? \* SAT for 3h\s+Europe\/Berlin\s+jobdesk-embedded\/settlement\s+yes\s+yes$/)
    expect(lines[2]).toMatch(/^\d+\s+db move\s+2027-03-01 22:00:00 → 2027-03-02 02:00:00\s+UTC\s+all\s+no\s+yes$/)

    const exported = await jobdesk(['export'])
    expect(exported.stdout).toContain(
      'kind: Window\nname: patch night\ntimezone: Europe/Berlin\ncron: 0 0 2 ? * SAT\ndurationSec: 10800\njobs:\n  - jobdesk-embedded/settlement\nkillRunning: true\n',
    )

    writeFileSync(join(dir, 'orphan.yaml'), 'kind: Window\nname: orphan\ntimezone: UTC\ncron: "0 0 1 * * ?"\ndurationSec: 60\nflows:\n  - nightly etl\n')
    const refused = await jobdesk(['apply', '-f', 'orphan.yaml'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain("orphan.yaml:7:5: no flow 'nightly etl' is on the server or in the files")
    expect((await jobdesk(['get', 'windows', '-o', 'json'])).stdout).not.toContain('orphan')
  })
})
