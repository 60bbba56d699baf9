import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness } from '../../support/admin-harness'
import { openApiJob } from '../../support/open-api-job'

/**
 * Issue 9, finding 5: addJob with a bad childJobId answered an error yet created the job, and an
 * updateJob refused for a cycle still saved the rename (two transactions). A refused OpenAPI call
 * writes nothing: one transaction per call.
 */
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => h?.stop())

const newJob = (childJobId: string) =>
  openApiJob(h.fixture.embeddedGroupId, 'with bad children', { author: 'api', executorHandler: 'demoJobHandler', childJobId })

describe('a refused OpenAPI call', () => {
  it('addJob with a childJobId that is no job, or no number, creates no job', async () => {
    for (const childJobId of ['999999', 'abc', `${h.fixture.jobB},999999`]) {
      const before = (await h.headless.core.api.listJobs()).length
      const { result, changed } = await h.tablesChangedBy(() => h.post('addJob', newJob(childJobId), 'api'))
      expect(result.code, `addJob childJobId=${childJobId}: ${result.msg}`).toBe(500)
      expect(changed, `refused addJob (childJobId=${childJobId}) changed tables`).toEqual([])
      expect((await h.headless.core.api.listJobs()).length).toBe(before)
    }
  })

  it('updateJob refused because its childJobId closes a cycle keeps the old name and everything else', async () => {
    const { jobA, jobB } = h.fixture
    const { result, changed } = await h.tablesChangedBy(() =>
      h.post('updateJob', { id: jobB, jobDesc: 'renamed in a refused call', childJobId: String(jobA) }, 'api'),
    )
    expect(result.code).toBe(500)
    expect(result.msg).toContain('cycle')
    expect(changed, 'the refused update changed tables').toEqual([])
    expect((await h.headless.core.api.getJob(jobB)).name).toBe('fuzz B')
  })
})
