import { beforeAll, describe, expect, it } from 'vitest'
import type { JobRun } from '../../../src/shared/model'
import { callAdmin } from '../../support/admin-call'
import { cliAgainstServer } from '../../support/cli-against-server'

/**
 * `jobdesk trigger JOB --param name=value …` against a real headless server: a job's typed
 * parameters are checked before anything is sent, a bad value refused naming its parameter (exit
 * 2, no run); good values start a run whose parameter is the job's format of them.
 */
const cli = cliAgainstServer('trigger-params', { tz: 'UTC' })
const { jobdesk } = cli
let jobId: number
beforeAll(async () => {
  const embedded = (await callAdmin<{ id: number; appName: string }[]>(cli.server.origin, 'listGroups', {}, cli.token)).find(
    (g) => g.appName === 'jobdesk-embedded',
  )!.id
  const decl = { required: false, default: null, enum: [], pattern: '', description: '' }
  jobId = await callAdmin<number>(
    cli.server.origin,
    'addJob',
    {
      jobGroup: embedded,
      name: 'cli typed',
      scheduleType: 'NONE',
      executorHandler: 'demoJobHandler',
      executorParam: '',
      params: [
        { ...decl, name: 'day', type: 'date', required: true },
        { ...decl, name: 'limit', type: 'int', default: 10 },
      ],
      paramFormat: 'kv',
    },
    cli.token,
  )
})

const runsOfJob = async () => (await callAdmin<{ runs: JobRun[] }>(cli.server.origin, 'listRuns', { jobId }, cli.token)).runs

describe('jobdesk trigger --param name=value', () => {
  it('refuses a bad value naming its parameter, an unknown name, and free text, exit 2, nothing run', async () => {
    const bad = await jobdesk(['trigger', 'cli typed', '--param', 'day=2026-13-01'])
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("day: '2026-13-01' is not a date (YYYY-MM-DD)")])
    const unknown = await jobdesk(['trigger', 'cli typed', '--param', 'day=2026-12-07', '--param', 'limt=5'])
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('limt: no parameter of that name is declared')])
    const missing = await jobdesk(['trigger', 'cli typed', '--param', 'limit=5'])
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('day: is required and has no default')])
    const text = await jobdesk(['trigger', 'cli typed', '--param', 'free text'])
    expect([text.code, text.stderr]).toEqual([2, expect.stringContaining('write --param name=value')])
    expect(await runsOfJob()).toEqual([])
  })

  it('starts a run with the values in the job’s format', async () => {
    const ran = await jobdesk(['trigger', 'cli typed', '--param', 'day=2026-12-07', '--param', 'limit=3'])
    expect(ran.code, ran.stderr).toBe(0)
    const runId = Number(ran.stdout.trim())
    const run = await callAdmin<JobRun>(cli.server.origin, 'getRun', { id: runId }, cli.token)
    expect([run.executorParam, run.typedParams]).toEqual(['day=2026-12-07\nlimit=3', { day: '2026-12-07', limit: 3 }])
  })

  it('checks a flow’s typed parameters the same way, and formats good ones into its ${flow.param}', async () => {
    const decl = { required: true, default: null, enum: [], pattern: '', description: '' }
    const flowId = await callAdmin<number>(
      cli.server.origin,
      'addFlow',
      { name: 'cli typed flow', params: [{ ...decl, name: 'day', type: 'date' }], nodes: [{ key: 'report', jobId, param: 'run ${flow.param}' }] },
      cli.token,
    )
    const bad = await jobdesk(['flow', 'run', 'cli typed flow', '--param', 'day=2026-02-30'])
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("day: '2026-02-30' is not a date (YYYY-MM-DD)")])
    const ran = await jobdesk(['flow', 'run', 'cli typed flow', '--param', 'day=2026-12-07'])
    expect(ran.code, ran.stderr).toBe(0)
    const flowRun = await callAdmin<{ param: string; flowId: number }>(cli.server.origin, 'getFlowRun', { id: Number(ran.stdout.trim()) }, cli.token)
    expect([flowRun.flowId, flowRun.param]).toEqual([flowId, '{"day":"2026-12-07"}'])
  })
})
