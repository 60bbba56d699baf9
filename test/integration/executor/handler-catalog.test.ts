import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { expectCode } from '../../support/expect-code'
import { jobInput } from '../../support/job-input'
import { startLanAdmin, TEST_TOKEN, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

let core: TestCore | undefined
let admin: LanAdmin | undefined
const dirs: ReturnType<typeof makeTempDir>[] = []
afterEach(async () => {
  await core?.stop()
  await admin?.stop()
  dirs.splice(0).forEach((d) => d.remove())
  core = admin = undefined
})

const handlerModule = (name: string, word: string) => `export function ${name}(ctx) {\n  ctx.log('${word}')\n  return '${word}'\n}\n`

describe('the handlers an executor offers', () => {
  it('creates <data-dir>/handlers at first start and lists what the embedded executor loaded', async () => {
    core = await startTestCore()
    expect(existsSync(join(core.dataDir, 'handlers', 'README.txt'))).toBe(true)
    const catalog = await waitFor('the test handlers in the catalog', async () => {
      const c = await core!.core.api.listHandlers(core!.groupId)
      return c.handlers.includes('flakyJobHandler') && c
    })
    expect(catalog).toMatchObject({ known: true, jobDeskOnly: true })
    expect(catalog.handlers).toContain('httpJobHandler')
  })

  it('picks up a module dropped into a handler folder, and a changed one, without a restart', async () => {
    const folder = makeTempDir('jobdesk-handlers-')
    dirs.push(folder)
    core = await startTestCore({ executorOptions: { handlerDirs: [folder.path] } })
    const job = await core.addJob({ executorHandler: 'droppedJobHandler' })

    writeFileSync(join(folder.path, 'dropped.mjs'), handlerModule('droppedJobHandler', 'first version'))
    await waitFor('the dropped handler', () => core!.core.executor!.handlerNames().includes('droppedJobHandler'))
    await core.core.api.triggerJob({ jobId: job })
    expect((await core.finishedRuns(job, 1))[0]).toMatchObject({ handleCode: 200, handleMsg: 'first version' })

    writeFileSync(join(folder.path, 'dropped.mjs'), handlerModule('droppedJobHandler', 'second version'))
    // A reload is seen by the runs after it: trigger until one answers with the new code.
    await waitFor(
      'a run of the changed module',
      async () => {
        const { logIds } = await core!.core.api.triggerJob({ jobId: job })
        const run = await waitFor('the run', async () => {
          const r = await core!.core.api.getRun(logIds[0])
          return r.handleCode !== 0 && r
        })
        return run.handleMsg === 'second version'
      },
      30_000,
    )
  })

  it('knows a JobDesk agent group by what its agents report, and a group of other executors not at all', async () => {
    admin = await startLanAdmin()
    await admin.startAgent('agent-group')
    await admin.groupAddresses('agent-group', 1)
    const api = admin.headless.core.api
    const groups = await api.listGroups()
    const agentGroup = groups.find((g) => g.appName === 'agent-group')!
    const agentCatalog = await api.listHandlers(agentGroup.id)
    expect(agentCatalog).toMatchObject({ known: true, jobDeskOnly: true })
    expect(agentCatalog.handlers).toContain('flakyJobHandler')
    const entry = (await api.listRegistry()).find((e) => e.appName === 'agent-group')!
    expect(entry.executor).toMatchObject({ kind: 'jobdesk', scripts: false })

    // An xxl-job-core executor registers without saying what it has.
    const registered = await request(`${admin.url}/api/registry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xxl-job-access-token': TEST_TOKEN, 'accept-charset': 'UTF-8' },
      body: '{"registryGroup":"EXECUTOR","registryKey":"java-group","registryValue":"http://127.0.0.1:19999/"}',
    })
    expect(JSON.parse(await registered.body.text()).code).toBe(200)
    const javaGroup = (await api.listGroups()).find((g) => g.appName === 'java-group')!
    expect(await api.listHandlers(javaGroup.id)).toEqual({ known: false, handlers: [], jobDeskOnly: false })
    expect((await api.listRegistry()).find((e) => e.appName === 'java-group')!.executor).toBeNull()
  })

  it('accepts GLUE_GROOVY for Java executors and refuses it where only JobDesk executors run', async () => {
    admin = await startLanAdmin()
    const api = admin.headless.core.api
    const groovy = { glueType: 'GLUE_GROOVY' as const, executorHandler: '', glueSource: 'package com.xxl.job.service.handler;' }
    const embedded = (await api.listGroups()).find((g) => g.appName === 'jobdesk-embedded')!
    await expectCode(api.saveJob(jobInput(embedded.id, groovy)), 'job.groovyUnsupported')

    await request(`${admin.url}/api/registry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xxl-job-access-token': TEST_TOKEN },
      body: '{"registryGroup":"EXECUTOR","registryKey":"java-group","registryValue":"http://127.0.0.1:19999/"}',
    })
    const javaGroup = (await api.listGroups()).find((g) => g.appName === 'java-group')!
    expect((await api.saveJob(jobInput(javaGroup.id, groovy))).glueType).toBe('GLUE_GROOVY')

    await admin.startAgent('agent-group')
    await admin.groupAddresses('agent-group', 1)
    const agentGroup = (await api.listGroups()).find((g) => g.appName === 'agent-group')!
    await expectCode(api.saveJob(jobInput(agentGroup.id, groovy)), 'job.groovyUnsupported')
  })
})
