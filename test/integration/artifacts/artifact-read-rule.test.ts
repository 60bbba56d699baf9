import { afterAll, beforeAll, expect, it } from 'vitest'
import { artifactPath } from '../../../src/shared/artifacts-api'
import { AuthHarness } from '../../support/auth-harness'
import { jobInput } from '../../support/job-input'
import { waitFor } from '../../support/wait-for'

/**
 * The artifact route's read rule with sessions (docs/artifacts.md#reading-them): whoever may read
 * the run reads its files — an admin, an operator or a viewer of its group — and a viewer of another
 * group is answered as if the run had no such file.
 */
let auth: AuthHarness
let runId: number
beforeAll(async () => {
  auth = await AuthHarness.start({ enableScripts: true })
  const api = auth.h.headless.core.api
  const job = await api.saveJob(
    jobInput(auth.h.fixture.embeddedGroupId, {
      name: 'leaves a note',
      scheduleType: 'NONE',
      scheduleConf: '',
      glueType: 'GLUE_SHELL',
      executorHandler: '',
      glueSource: '#!/bin/bash\necho "for group A only" > "$JOBDESK_ARTIFACTS_DIR/note.txt"\n',
    }),
  )
  await api.triggerJob({ jobId: job.id })
  runId = await waitFor('the run kept its note', async () => {
    const { runs } = await api.listRuns({ jobId: job.id, limit: 1 })
    const run = runs.find((r) => r.handleCode === 200)
    return run !== undefined && (await api.listArtifacts({ runId: run.id })).length === 1 && run.id
  })
  await auth.addUser('viewer-b', 'viewer', [auth.h.fixture.groupId])
}, 60_000)
afterAll(async () => auth?.stop())

async function readAs(name: string | null): Promise<number> {
  let cookie: string | null = null
  if (name !== null) {
    const opened = await auth.console(name)
    opened.bridge.close()
    cookie = opened.cookie
  }
  const response = await fetch(`${auth.origin}${artifactPath(runId, 'note.txt')}`, { headers: cookie ? { cookie } : {} })
  await response.arrayBuffer()
  return response.status
}

it('is read by the admin and by an operator and a viewer of the run’s group', async () => {
  expect(await readAs('admin')).toBe(200)
  expect(await readAs('op-a')).toBe(200)
  expect(await readAs('viewer-a')).toBe(200)
})

it('is refused to a viewer of another group as a file the run has not, and to no credential', async () => {
  expect(await readAs('viewer-b')).toBe(404)
  expect(await readAs(null)).toBe(401)
})
