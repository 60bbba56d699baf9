import { afterEach, describe, expect, it } from 'vitest'
import { runStatus } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

describe('the child links a finished run fires', () => {
  it('are those that existed when it was triggered: a link made while it ran does not fire', async () => {
    t = await startTestCore()
    const api = t.core.api
    const parent = await t.addJob({ name: 'parent', executorHandler: 'timedJobHandler', executorParam: '60000' })
    // The link made later goes to the lower job id, so it would be fired first: by the time the
    // older link's child has run, a wrong fire of it has happened too.
    const madeSince = await t.addJob({ name: 'linked while the parent ran' })
    const before = await t.addJob({ name: 'linked before' })
    await api.saveLink({ parentJobId: parent, childJobId: before, condition: 'ALWAYS' })
    const logId = (await api.triggerJob({ jobId: parent })).logIds[0]
    await waitFor('the parent to be running', async () => runStatus(await api.getRun(logId)) === 'running')
    await api.saveLink({ parentJobId: parent, childJobId: madeSince, condition: 'ALWAYS' })
    // Ended by the admin (as a lost run is), not by its executor.
    await api.killRun(logId, { retry: false })

    const [child] = await t.finishedRuns(before, 1)
    expect(child).toMatchObject({ triggerType: 'PARENT', parentLogId: logId })
    expect((await api.listRuns({ jobId: madeSince })).runs).toEqual([])
    // The new link is there for the parent's next run.
    expect((await api.listLinks()).map((l) => l.childJobId).sort((a, b) => a - b)).toEqual([madeSince, before])
  })
})
