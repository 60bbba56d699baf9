import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobDeskApi } from '../../../src/shared/api'
import type { JobInfo, JobRun } from '../../../src/shared/model'
import { AdminHarness, HARNESS_EXECUTOR_TOKEN } from '../../support/admin-harness'
import { BridgeClient } from '../../support/bridge-client'
import { startHeadlessChild } from '../../support/headless-child'
import { jobInput } from '../../support/job-input'
import { openApiJob } from '../../support/open-api-job'
import { makeTempDir } from '../../support/temp-dir'
import { ENABLE_SCRIPTS_FLAG, ENABLE_SCRIPTS_HINT } from '../../support/trust-contract'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 9, finding 2: every executor box holds the executor token, and with it the OpenAPI added a
 * GLUE_SHELL job to the embedded group and triggered it, running a command as JobDesk's user. The
 * OpenAPI now needs an API token of its own, and the embedded executor runs scripts only when the
 * operator enabled them. Scripts here only create a marker file in a temp folder.
 */
let h: AdminHarness
const temp = makeTempDir('jobdesk-scripts-')
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => {
  await h?.stop()
  temp.remove()
})

function shellJob(groupId: number, marker: string) {
  return jobInput(groupId, {
    scheduleType: 'NONE',
    scheduleConf: '',
    name: 'shell job',
    glueType: 'GLUE_SHELL',
    glueSource: `touch '${marker}'\n`,
    executorHandler: '',
  })
}

async function finishedRun(api: JobDeskApi, logId: number): Promise<JobRun> {
  return waitFor(`run ${logId} to finish`, async () => {
    const run = await api.getRun(logId)
    return (run.handleCode !== 0 || (run.triggerCode !== 0 && run.triggerCode !== 200)) && run
  })
}

describe('the executor token and the OpenAPI', () => {
  it('the OpenAPI has a token of its own, and the executor token is not it', async () => {
    expect(h.headless.core.settings.apiToken()).not.toBe(HARNESS_EXECUTOR_TOKEN)
    expect((await h.post('listJobs', {}, 'api')).code).toBe(200)
    const refused = await h.post('listJobs', {}, 'executor')
    expect(refused.code).toBe(500)
    expect(refused.msg).toBeTruthy()
  })

  it('the executor token cannot add a GLUE_SHELL job to the embedded group, nor change or trigger a job', async () => {
    const marker = join(temp.path, 'added-by-executor-token')
    const { embeddedGroupId, jobA } = h.fixture
    const add = openApiJob(embeddedGroupId, 'pwn', { author: 'lan box', glueType: 'GLUE_SHELL', glueSource: `touch '${marker}'` })
    const attempts: [string, unknown][] = [
      ['addJob', add],
      ['updateJob', { id: jobA, glueType: 'GLUE_SHELL', glueSource: `touch '${marker}'` }],
      ['triggerJob', { id: jobA, executorParam: 'from a LAN box' }],
    ]
    for (const [method, body] of attempts) {
      const { result, changed } = await h.tablesChangedBy(() => h.post(method, body, 'executor'))
      expect(result.code, `${method} with the executor token: ${result.msg}`).toBe(500)
      expect(result.msg).toBeTruthy()
      // The refused credential is recorded, once, and nothing else is written.
      expect(changed, `${method} with the executor token changed tables`).toEqual(['job_audit'])
      const [entry] = (await h.headless.core.api.listAudit({ limit: 1 })).entries
      expect(entry).toMatchObject({ action: 'auth.token', outcome: 'refused', target: `openapi ${method}` })
    }
    expect(existsSync(marker)).toBe(false)
  })

  it('accepts the executor token only when openApiAcceptsExecutorToken is switched on (XXL-JOB 3.5 scripts)', async () => {
    const api = h.headless.core.api
    expect((await api.getSettings()).openApiAcceptsExecutorToken).toBe(false)
    await api.saveSettings({ openApiAcceptsExecutorToken: true })
    try {
      expect((await api.getSettings()).openApiAcceptsExecutorToken).toBe(true)
      expect((await h.post('listJobs', {}, 'executor')).code).toBe(200)
    } finally {
      await api.saveSettings({ openApiAcceptsExecutorToken: false })
    }
    expect((await h.post('listJobs', {}, 'executor')).code).toBe(500)
  })
})

describe('scripts on the embedded executor', () => {
  it('are off by default, and a script run is refused with a message saying how to enable them', async () => {
    const api = h.headless.core.api
    const marker = join(temp.path, 'ran-while-disabled')
    let job: JobInfo | null = null
    try {
      job = await api.saveJob(shellJob(h.fixture.embeddedGroupId, marker))
    } catch (error) {
      // Refusing the job itself is as good, if it says how to enable scripts.
      expect((error as Error).message).toMatch(ENABLE_SCRIPTS_HINT)
    }
    if (job) {
      const run = await finishedRun(api, (await api.triggerJob({ jobId: job.id })).logIds[0])
      expect(existsSync(marker), 'the script ran on the JobDesk host').toBe(false)
      expect(run.handleCode === 500 || run.triggerCode === 500).toBe(true)
      expect(`${run.triggerMsg}\n${run.handleMsg}`).toMatch(ENABLE_SCRIPTS_HINT)
    }
    expect((await api.getSettings()).embeddedScriptsEnabled).toBe(false)
  })

  it('run once the operator enables them in the settings', async () => {
    const api = h.headless.core.api
    await api.saveSettings({ embeddedScriptsEnabled: true })
    try {
      const marker = join(temp.path, 'ran-when-enabled')
      const job = await api.saveJob(shellJob(h.fixture.embeddedGroupId, marker))
      const run = await finishedRun(api, (await api.triggerJob({ jobId: job.id })).logIds[0])
      expect(run.handleCode, run.handleMsg).toBe(200)
      expect(existsSync(marker)).toBe(true)
    } finally {
      await api.saveSettings({ embeddedScriptsEnabled: false })
    }
  })

  it(`run in headless mode started with ${ENABLE_SCRIPTS_FLAG}`, async () => {
    const server = await startHeadlessChild({ extraArgs: [ENABLE_SCRIPTS_FLAG] })
    const console1 = await BridgeClient.connect(server.origin, server.consoleToken)
    try {
      const groups = await console1.value<{ id: number; appName: string }[]>('listGroups')
      const marker = join(temp.path, 'ran-in-headless')
      const job = await console1.value<JobInfo>('saveJob', [shellJob(groups.find((g) => g.appName === 'jobdesk-embedded')!.id, marker)])
      await console1.value('triggerJob', [{ jobId: job.id }])
      await waitFor('the script to create its marker', () => existsSync(marker))
    } finally {
      console1.close()
      await server.dispose()
    }
  })
})
