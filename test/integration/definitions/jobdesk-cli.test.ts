import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { ServerClient } from '../../../src/main/cli/server-client'
import { defaultJobInput } from '../../../src/shared/job-defaults'
import type { JobGroup, JobInfo } from '../../../src/shared/model'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { freePort } from '../../support/free-port'
import { REPO, runJobdesk, type CliResult } from '../../support/jobdesk-cli'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { lanAgentArgs, TEST_TOKEN } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * The `jobdesk` command as an operator uses it, against real headless servers (the built CLI, its
 * exit codes and output): apply / diff / export of the example repository, bad files refused at
 * their line, trigger and `logs --follow` on the embedded executor and on a LAN agent, and a
 * thousand jobs in one apply.
 */
const API_TOKEN = 'cli-test-api-token-0123456789'

/** Runs `jobdesk args…` in `cwd` against `server` (its address and the API token in the environment). */
function jobdesk(args: string[], server: HeadlessChild | null, cwd = REPO, extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runJobdesk(args, cwd, { ...(server ? { JOBDESK_SERVER: server.origin, JOBDESK_API_TOKEN: API_TOKEN } : {}), ...extraEnv })
}

const serverArgs = ['--api-token', API_TOKEN, '--token', TEST_TOKEN, '--handlers', TEST_HANDLERS_DIR, '--enable-scripts']
let a: HeadlessChild
let b: HeadlessChild
const temps: ReturnType<typeof makeTempDir>[] = []
const agents: AgentProcess[] = []
beforeAll(async () => {
  ;[a, b] = await Promise.all([startHeadlessChild({ extraArgs: serverArgs }), startHeadlessChild({ extraArgs: serverArgs })])
}, 120_000)
afterAll(async () => {
  agents.splice(0).forEach((agent) => agent.kill())
  await Promise.all([a?.dispose(), b?.dispose()])
  temps.splice(0).forEach((t) => t.remove())
})

function temp(): string {
  const dir = makeTempDir('jobdesk-cli-')
  temps.push(dir)
  return dir.path
}

async function jobsOf(server: HeadlessChild): Promise<JobInfo[]> {
  const listed = await jobdesk(['get', 'jobs', '-o', 'json'], server)
  expect(listed.code, listed.stderr).toBe(0)
  return JSON.parse(listed.stdout) as JobInfo[]
}

describe('jobdesk apply, diff and export', () => {
  it('applies the example repository once: a plan, then no changes; diff says 0, then 1 after an edit', async () => {
    const repo = temp()
    cpSync(join(REPO, 'examples/definitions'), repo, { recursive: true })
    const dry = await jobdesk(['apply', '-f', '.', '--dry-run'], a, repo)
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toContain('+ create Job jobdesk-embedded/nightly-report')
    expect(dry.stdout).toContain('plan: 12 to create, 0 to update, 0 to delete, 0 unchanged')
    expect(await jobsOf(a), 'a dry run wrote nothing').toEqual([])

    const applied = await jobdesk(['apply', '-f', '.'], a, repo)
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout.split('\n').filter((l) => l.startsWith('+ create'))).toEqual([
      '+ create Calendar cn-banks  (calendars/cn-banks.yaml)',
      '+ create Group billing-executor  (groups/billing.yaml)',
      '+ create Job jobdesk-embedded/archive-reports  (jobs/jobdesk-embedded/archive-reports.yaml)',
      '+ create Job jobdesk-embedded/incident-facts  (jobs/jobdesk-embedded/incident-notice.yaml)',
      '+ create Job jobdesk-embedded/draft-notice  (jobs/jobdesk-embedded/incident-notice.yaml)',
      '+ create Job jobdesk-embedded/publish-notice  (jobs/jobdesk-embedded/incident-notice.yaml)',
      '+ create Job jobdesk-embedded/close-ledger  (jobs/jobdesk-embedded/month-end.yaml)',
      '+ create Job jobdesk-embedded/send-statements  (jobs/jobdesk-embedded/month-end.yaml)',
      '+ create Job jobdesk-embedded/nightly-report  (jobs/jobdesk-embedded/nightly-report.yaml)',
      '+ create Flow incident-notice  (flows/incident-notice.yaml)',
      '+ create Flow month-end  (flows/month-end.yaml)',
      '+ create LlmProvider jobdesk-embedded  (llm-providers/jobdesk-embedded.yaml)',
    ])
    const script = (await jobsOf(a)).find((j) => j.name === 'archive-reports')!
    expect(script.glueSource, 'sourceFile was read into the job').toBe(readFileSync(join(repo, 'scripts/archive-reports.sh'), 'utf8'))

    const again = await jobdesk(['apply', '-f', '.'], a, repo)
    expect(again).toMatchObject({ code: 0, stdout: 'no changes (12 object(s) as the files say)\n' })
    expect(await jobdesk(['diff', '-f', '.'], a, repo)).toMatchObject({ code: 0 })

    const file = join(repo, 'jobs/jobdesk-embedded/nightly-report.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('param: hello', 'param: goodbye'))
    const diff = await jobdesk(['diff', '-f', '.'], a, repo)
    expect(diff.code).toBe(1)
    expect(diff.stdout).toContain('~ update Job jobdesk-embedded/nightly-report: param  (jobs/jobdesk-embedded/nightly-report.yaml)')
    expect(diff.stdout, 'each changed field with its values').toContain("    param: 'hello' → 'goodbye'\n")
    const json = await jobdesk(['diff', '-f', '.', '-o', 'json'], a, repo)
    expect(JSON.parse(json.stdout)).toMatchObject({ changes: [{ action: 'update', fields: ['param'] }], unchanged: 11, applied: false })

    // A calendar's change is told by its fields, as a job's is.
    const calendar = join(repo, 'calendars/cn-banks.yaml')
    writeFileSync(calendar, readFileSync(calendar, 'utf8').replace('makeupWorkdays: [2026-02-14, ', 'makeupWorkdays: ['))
    const calendarDiff = await jobdesk(['diff', '-f', '.'], a, repo)
    expect(calendarDiff.stdout).toContain('~ update Calendar cn-banks: makeupWorkdays  (calendars/cn-banks.yaml)')
  })

  it('exports what it applied and applies it onto a second server: the same objects, scripts included', async () => {
    const out = temp()
    const exported = await jobdesk(['export', '-o', out], a)
    expect(exported.code, exported.stderr).toBe(0)
    expect(readFileSync(join(out, 'jobs/jobdesk-embedded/archive-reports.yaml'), 'utf8')).toContain('type: GLUE_SHELL')
    expect(readFileSync(join(out, 'calendars/cn-banks.yaml'), 'utf8')).toContain('kind: Calendar')
    const onB = await jobdesk(['apply', '-f', out], b)
    expect(onB.code, onB.stderr).toBe(0)
    const streamOf = async (server: HeadlessChild) => (await jobdesk(['export', '--format', 'json'], server)).stdout
    expect(JSON.parse(await streamOf(b))).toEqual(JSON.parse(await streamOf(a)))
    // Field by field, beyond what the files say: ids and times differ, nothing else.
    const comparable = (jobs: JobInfo[]) =>
      jobs
        .map(({ id: _i, jobGroup: _g, addTimeMs: _a, updateTimeMs: _u, glueUpdatetimeMs: _gu, triggerLastTimeMs: _l, triggerNextTimeMs: _n, ...rest }) => rest)
        .sort((x, y) => x.name.localeCompare(y.name))
    expect(comparable(await jobsOf(b))).toEqual(comparable(await jobsOf(a)))
    expect((await jobdesk(['diff', '-f', out], b)).code).toBe(0)
    const yaml = await jobdesk(['export', '--job', 'nightly-report'], a)
    expect(
      parseAllDocuments(yaml.stdout).map((d) => (d.toJS() as { name: string }).name),
      'a job comes with the jobs it leads to',
    ).toEqual(['archive-reports', 'nightly-report'])
  })

  it('finds no drift in a job the console made with no schedule, and shows the values of a change', async () => {
    const client = ServerClient.from({ server: b.origin, token: API_TOKEN }, {})
    const embedded = (await client.call<JobGroup[]>('listGroups')).find((g) => g.appName === 'jobdesk-embedded')!
    // The console's new job starts as a cron every minute; set to no schedule, the cron stays in the saved job.
    const draft = defaultJobInput(embedded.id, 'UTC', { scheduleType: 'CRON', scheduleConf: '0 * * * * ?' })
    await client.call('addJob', { ...draft, scheduleType: 'NONE', name: 'made in the console', executorHandler: 'demoJobHandler' })
    await client.call('addJob', { ...draft, scheduleConf: '0 0 2 * * ?', name: 'console-nightly', executorHandler: 'demoJobHandler' })
    const out = temp()
    expect((await jobdesk(['export', '-o', out], b)).code).toBe(0)
    expect(await jobdesk(['diff', '-f', out], b)).toMatchObject({ code: 0 })

    const file = join(out, 'jobs/jobdesk-embedded/console-nightly.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('0 0 2 * * ?', '0 45 3 * * ?'))
    const diff = await jobdesk(['diff', '-f', out], b)
    expect(diff.code).toBe(1)
    expect(diff.stdout).toContain("    schedule.cron: '0 0 2 * * ?' → '0 45 3 * * ?'\n")
  })

  it('refuses bad files whole, at their file, line and column, and writes nothing', async () => {
    const before = await jobsOf(a)
    const local = await jobdesk(['apply', '-f', 'test/fixtures/definitions-bad'], a)
    expect(local.code).toBe(2)
    expect(local.stderr).toContain('jobdesk: 5 problem(s) in the files, nothing was applied')
    expect(local.stderr).toContain('test/fixtures/definitions-bad/unknown-field.yaml:5:1: schedul: is not a known field')
    expect(local.stderr).toMatch(/wrong-type\.yaml:6:3: count: /)

    const dir = temp()
    const file = join(dir, 'bad.yaml')
    writeFileSync(
      file,
      [
        'kind: Job',
        'name: bad-cron',
        'group: jobdesk-embedded',
        'handler: demoJobHandler',
        'schedule:',
        '  cron: "every night"',
        '---',
        'kind: Job',
        'name: parent',
        'group: jobdesk-embedded',
        'handler: demoJobHandler',
        'children: [child]',
        '---',
        'kind: Job',
        'name: child',
        'group: jobdesk-embedded',
        'handler: demoJobHandler',
        'children: [parent]',
        '---',
        'kind: Flow',
        'name: orphaned',
        'group: jobdesk-embedded',
        'nodes:',
        '  - key: a',
        '    job: nowhere',
        '',
      ].join('\n'),
    )
    const server = await jobdesk(['apply', '-f', file], a, dir)
    expect(server.code).toBe(2)
    expect(server.stderr).toContain('bad.yaml:25:5: ')
    writeFileSync(file, readFileSync(file, 'utf8').replace('    job: nowhere', '    job: parent'))
    const planner = await jobdesk(['apply', '-f', file], a, dir)
    expect(planner.code).toBe(2)
    expect(planner.stderr).toMatch(/bad\.yaml:5:1: .*cron/i)
    expect(planner.stderr).toMatch(/bad\.yaml:(12|18):\d+: .*cycle/)
    expect(await jobsOf(a)).toEqual(before)

    // What only the file itself can say: YAML syntax, a key twice, a script file that is not there.
    writeFileSync(join(dir, 'syntax.yaml'), 'kind: Job\nname: "unclosed\ngroup: jobdesk-embedded\n')
    writeFileSync(join(dir, 'twice.yaml'), 'kind: Job\nname: one\nname: two\ngroup: jobdesk-embedded\nhandler: demoJobHandler\n')
    writeFileSync(join(dir, 'script.yaml'), 'kind: Job\nname: s\ngroup: jobdesk-embedded\nglue:\n  type: GLUE_SHELL\n  sourceFile: scripts/none.sh\n')
    const syntax = await jobdesk(['apply', '-f', 'syntax.yaml', 'twice.yaml'], a, dir)
    expect(syntax.code).toBe(2)
    expect(syntax.stderr).toMatch(/syntax\.yaml:\d+:\d+: Missing closing "quote/)
    expect(syntax.stderr).toMatch(/twice\.yaml:3:1: .*unique/i)
    // A calendar neither the files nor the server have, at the line that names it.
    writeFileSync(
      join(dir, 'calendar.yaml'),
      'kind: Job\nname: c\ngroup: jobdesk-embedded\nhandler: demoJobHandler\nschedule:\n  cron: "0 0 9 * * ?"\n  calendar: nowhere\n',
    )
    const calendar = await jobdesk(['apply', '-f', 'calendar.yaml'], a, dir)
    expect(calendar.code).toBe(2)
    expect(calendar.stderr).toContain("calendar.yaml:7:3: no calendar is named 'nowhere'")
    const script = await jobdesk(['diff', '-f', 'script.yaml'], a, dir)
    expect(script.code, 'diff says 2 for a file it cannot read').toBe(2)
    expect(script.stderr).toContain('script.yaml:6:3: cannot read scripts/none.sh: ENOENT')
    expect(await jobsOf(a)).toEqual(before)
  })

  it('applies a thousand jobs in one call, and says no changes the second time', async () => {
    const dir = temp()
    const docs = Array.from({ length: 1000 }, (_, i) => `kind: Job\nname: bulk-${i}\ngroup: jobdesk-embedded\nhandler: demoJobHandler\nparam: "${i}"\n`)
    writeFileSync(join(dir, 'bulk.yaml'), docs.join('---\n'))
    const applied = await jobdesk(['apply', '-f', 'bulk.yaml'], b, dir)
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toContain('applied: 1000 created, 0 updated, 0 deleted')
    expect((await jobsOf(b)).filter((j) => j.name.startsWith('bulk-'))).toHaveLength(1000)
    expect((await jobdesk(['apply', '-f', 'bulk.yaml'], b, dir)).stdout).toMatch(/^no changes/)
    const pruned = await jobdesk(['apply', '-f', join(REPO, 'examples/definitions'), '--prune'], b, dir)
    expect(pruned.stdout).toContain('1000 deleted')
  })
})

describe('jobdesk trigger, logs --follow, get, flow run', () => {
  const job = (name: string, group: string, handler: string, param: string) =>
    `kind: Job\nname: ${name}\ngroup: ${group}\nhandler: ${handler}\nparam: "${param}"\n`

  it('follows a run on the embedded executor to its end, with the run’s exit code', async () => {
    const dir = temp()
    writeFileSync(
      join(dir, 'jobs.yaml'),
      [job('chatty', 'jobdesk-embedded', 'chattyJobHandler', '3|300'), job('failing', 'jobdesk-embedded', 'failJobHandler', 'on purpose')].join('---\n'),
    )
    expect((await jobdesk(['apply', '-f', 'jobs.yaml'], a, dir)).code).toBe(0)
    const triggered = await jobdesk(['trigger', 'jobdesk-embedded/chatty'], a)
    expect(triggered.code, triggered.stderr).toBe(0)
    const runId = triggered.stdout.trim()
    expect(runId).toMatch(/^\d+$/)
    const followed = await jobdesk(['logs', runId, '--follow'], a)
    expect(followed.code, followed.stderr).toBe(0)
    expect(followed.stdout).toContain('chatty line 3')
    expect(followed.stderr).toContain(`run ${runId} success`)

    const failed = await jobdesk(['trigger', 'failing', '--param', 'told to fail'], a)
    const failure = await jobdesk(['logs', failed.stdout.trim(), '--follow'], a)
    expect(failure.code, failure.stderr).toBe(1)
    expect(failure.stderr).toContain('failed: told to fail')

    // A run killed while it runs: kill says so (a kill, not "failed: … kill job: Success"), and its follower exits 1.
    const long = await jobdesk(['trigger', 'chatty', '--param', '1|60000'], a)
    const longRun = long.stdout.trim()
    const killed = await jobdesk(['kill', longRun, '--no-retry'], a)
    expect(killed.code, killed.stderr).toBe(0)
    expect(killed.stdout).toMatch(new RegExp(`^run ${longRun} killed by .+, without retry\n$`))
    const afterKill = await jobdesk(['logs', longRun, '--follow'], a)
    expect(afterKill.code).toBe(1)
    expect(afterKill.stderr).toMatch(new RegExp(`run ${longRun} killed by `))
    expect(afterKill.stderr).not.toContain('Success')

    const runs = await jobdesk(['get', 'runs', '--job', 'chatty'], a)
    expect(runs.stdout.split('\n')[0]).toMatch(/^ID\s+JOB\s+TRIGGERED\s+TYPE\s+STATUS\s+MARKS\s+ADDRESS$/)
    expect(runs.stdout).toContain('SUCCESS')
    const jobs = await jobdesk(['get', 'jobs', '--name', 'chatty', '-o', 'wide'], a)
    expect(jobs.stdout).toMatch(/chatty\s+by hand\s+STOPPED\s+-\s+chattyJobHandler/)
  })

  it('follows a run on a LAN agent, and starts and lists a flow', async () => {
    const dir = temp()
    const agent = spawnAgent(lanAgentArgs(`${a.origin}/`, 'cli-lan-agent', join(dir, 'logs')))
    agents.push(agent)
    await agent.waitForOutput(/registered|listening/i)
    writeFileSync(join(dir, 'lan.yaml'), job('lan-chatty', 'cli-lan-agent', 'chattyJobHandler', '2|100'))
    const applied = await jobdesk(['apply', '-f', 'lan.yaml'], a, dir)
    expect(applied.code, applied.stderr).toBe(0)
    const executors = await jobdesk(['get', 'executors', '--group', 'cli-lan-agent', '-o', 'json'], a)
    expect(JSON.parse(executors.stdout)).toHaveLength(1)
    const triggered = await jobdesk(['trigger', 'lan-chatty'], a)
    const followed = await jobdesk(['logs', triggered.stdout.trim(), '-f'], a)
    expect(followed.code, followed.stderr).toBe(0)
    expect(followed.stdout).toContain('chatty line 2')

    const flowRun = await jobdesk(['flow', 'run', 'month-end'], a)
    expect(flowRun.code, flowRun.stderr).toBe(0)
    expect(flowRun.stdout.trim()).toMatch(/^\d+$/)
    // It waits for an approval: killed keeping what finished, the nodes not reached end killed too.
    const flowKill = await jobdesk(['flow', 'kill', flowRun.stdout.trim(), '--keep-finished'], a)
    expect(flowKill.code, flowKill.stderr).toBe(0)
    expect(flowKill.stdout).toMatch(new RegExp(`^flow run ${flowRun.stdout.trim()} killed: close \\w+, approve killed, send killed\n$`))
    const flows = await jobdesk(['get', 'flows'], a)
    expect(flows.stdout).toMatch(/month-end\s+0 0 6 1 \* \?\s+yes\s+3/)
  })

  it('says in one line what is wrong, with exit code 2', async () => {
    expect(await jobdesk(['get', 'jobs'], null)).toMatchObject({
      code: 2,
      stderr: 'jobdesk: no server: give --server URL or set JOBDESK_SERVER (e.g. http://127.0.0.1:8080)\n',
    })
    const closed = await freePort()
    const unreachable = await jobdesk(['get', 'jobs', '--server', `http://127.0.0.1:${closed}`, '--token', 'x'], null)
    expect(unreachable).toMatchObject({ code: 2, stderr: `jobdesk: cannot reach http://127.0.0.1:${closed}: ECONNREFUSED\n` })
    const wrongToken = await jobdesk(['get', 'jobs', '--token', 'not-the-token'], a)
    expect(wrongToken.code).toBe(2)
    expect(wrongToken.stderr.split('\n')).toHaveLength(2)
    expect((await jobdesk(['trigger', 'no-such-job'], a)).stderr).toMatch(/^jobdesk: job 'no-such-job': no such job/)
    expect((await jobdesk(['get', 'widgets'], a)).stderr).toBe(
      "jobdesk: get: 'widgets' is not one of jobs, runs, flows, executors, windows, backfills, queue, alarms, secrets\n",
    )
  })
})
