import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness, HARNESS_GROUP_APP, HARNESS_GROUP_TOKEN } from '../../support/admin-harness'
import { openApiJob } from '../../support/open-api-job'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Issue 9, finding 3: with a group's own token and XXL-JOB-APPNAME, the OpenAPI let a caller turn
 * its job into GLUE_SHELL, run it on the embedded executor through an address override, and link
 * it to another group's job. A group token stays inside its group: each attempt is refused and
 * writes nothing (but, when the core's rules refused it, its audit row). The fixture's group is a manual one listing http://127.0.0.1:9/.
 */
let h: AdminHarness
const temp = makeTempDir('jobdesk-group-scope-')
/** What a script smuggled in would leave behind (on today's code it does run). */
const marker = join(temp.path, 'ran')
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => {
  await h?.stop()
  temp.remove()
})

const group = { appName: HARNESS_GROUP_APP, token: HARNESS_GROUP_TOKEN }

async function expectRefusedAndNothingWritten(method: string, body: unknown): Promise<void> {
  const { result, changed } = await h.tablesChangedBy(() => h.post(method, body, group))
  expect(result.code, `${method} ${JSON.stringify(body)} with the group token: ${result.msg}`).toBe(500)
  expect(result.msg).toBeTruthy()
  // A refusal by the core's rules writes its audit row (issue 13), and nothing else.
  expect(
    changed.filter((table) => table !== 'job_audit'),
    `${method} was refused but changed tables`,
  ).toEqual([])
}

describe("a group's own token", () => {
  it('may use its own group: list, and trigger on one of its registered addresses', async () => {
    expect((await h.post('listJobs', {}, group)).code).toBe(200)
    // Its pages hold its own group's jobs only, whatever group the body asks for.
    const page = await h.post('listJobPage', { limit: 500 }, group)
    expect(page.code).toBe(200)
    const paged = (page.data as { jobs: { id: number; jobGroup: number }[] }).jobs
    expect(paged.map((job) => job.id)).toContain(h.fixture.groupJob)
    expect(paged.every((job) => job.jobGroup === h.fixture.groupId)).toBe(true)
    const other = await h.post('listJobPage', { groupId: h.fixture.embeddedGroupId }, group)
    expect((other.data as { jobs: unknown[]; total: number }).total, "another group's jobs: none").toBe(0)
    expect((await h.post('triggerJob', { id: h.fixture.groupJob, addressList: ['http://127.0.0.1:9/'] }, group)).code).toBe(200)
  })

  it('cannot turn its job into a script, nor add one, unless its group allows scripts', async () => {
    await expectRefusedAndNothingWritten('updateJob', { id: h.fixture.groupJob, glueType: 'GLUE_SHELL', glueSource: `touch '${marker}'` })
    await expectRefusedAndNothingWritten('addJob', openApiJob(h.fixture.groupId, 'script', { glueType: 'GLUE_SHELL', glueSource: `touch '${marker}'` }))
    expect((await h.headless.core.api.getJob(h.fixture.groupJob)).glueType).toBe('BEAN')
  })

  it('cannot send a run to the embedded executor or to any address not registered for its group', async () => {
    for (const addressList of [['jobdesk://embedded/'], ['http://127.0.0.1:8/'], ['http://127.0.0.1:9/', 'jobdesk://embedded/'], 'jobdesk://embedded/']) {
      await expectRefusedAndNothingWritten('triggerJob', { id: h.fixture.groupJob, executorParam: 'x', addressList })
    }
    expect(existsSync(marker), 'a script of the group ran on the JobDesk host').toBe(false)
  })

  it("cannot link its job to another group's job", async () => {
    const foreign = String(h.fixture.jobA)
    await expectRefusedAndNothingWritten('updateJob', { id: h.fixture.groupJob, childJobId: foreign })
    await expectRefusedAndNothingWritten('addJob', openApiJob(h.fixture.groupId, 'linked out', { executorHandler: 'demoJobHandler', childJobId: foreign }))
    expect((await h.headless.core.api.listLinks()).filter((l) => l.parentJobId === h.fixture.groupJob)).toEqual([])
  })

  it('may manage script jobs once its group has scriptsAllowed (default false)', async () => {
    const api = h.headless.core.api
    const saved = (await api.listGroups()).find((g) => g.appName === HARNESS_GROUP_APP)!
    expect(saved.scriptsAllowed).toBe(false)
    const allowed = await api.saveGroup({
      id: saved.id,
      appName: saved.appName,
      name: saved.name,
      addressType: saved.addressType,
      addressList: saved.addressList,
      accessToken: saved.accessToken,
      scriptsAllowed: true,
    })
    expect(allowed.scriptsAllowed).toBe(true)
    const reply = await h.post(
      'updateJob',
      { id: h.fixture.groupJob, glueType: 'GLUE_SHELL', glueSource: 'echo allowed, never triggered', executorHandler: '' },
      group,
    )
    expect(reply.code, reply.msg ?? '').toBe(200)
    expect((await api.getJob(h.fixture.groupJob)).glueType).toBe('GLUE_SHELL')
  })
})
