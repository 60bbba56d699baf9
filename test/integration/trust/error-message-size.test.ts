import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness } from '../../support/admin-harness'
import { AgentHarness, AGENT_APP, AGENT_TOKEN } from '../../support/agent-harness'
import { triggerParam } from '../../support/executor-fixtures'
import { openApiJob } from '../../support/open-api-job'
import { postEnvelope, type EnvelopeReply } from '../../support/raw-http'
import { REFUSAL_MSG_MAX_CHARS } from '../../support/trust-contract'

/**
 * Issue 9, finding 8: error messages echoed the whole bad value, so a 4 MB field got a 4 MB reply.
 * A refusal names the field and cuts the value to a few hundred characters.
 */
const FOUR_MB = 4 * 1024 * 1024
/** Under any sane body limit of the executor-facing API (executors' own bodies are small). */
const ONE_MB = 1024 * 1024
const huge = (prefix = '', bytes = FOUR_MB) => `${prefix}${'x'.repeat(bytes - prefix.length)}`

/** Refused, in a reply of a few hundred bytes that names the field (or the body limit it broke first). */
function expectShortRefusal(what: string, reply: EnvelopeReply, field: RegExp): void {
  expect(reply.code, what).toBe(500)
  expect(reply.bytes, `${what}: a ${reply.bytes}-byte reply`).toBeLessThan(REFUSAL_MSG_MAX_CHARS + 200)
  expect(reply.msg, what).toMatch(new RegExp(`${field.source}|larger than the limit`, field.flags))
}

describe('a 4 MB field sent to the admin', () => {
  let h: AdminHarness
  beforeAll(async () => (h = await AdminHarness.start()), 60_000)
  afterAll(async () => h?.stop())
  afterEach(async () => h.expectAlive())

  it('registry: a 4 MB or 1 MB registryValue, registryKey or registryGroup', async () => {
    for (const bytes of [FOUR_MB, ONE_MB]) {
      const size = `${bytes / 1024 / 1024} MB`
      expectShortRefusal(
        `${size} registryValue`,
        await h.post('registry', { registryGroup: 'EXECUTOR', registryKey: 'big-app', registryValue: huge('http://', bytes) }, 'executor'),
        /registryValue/,
      )
      expectShortRefusal(
        `${size} registryKey`,
        await h.post('registry', { registryGroup: 'EXECUTOR', registryKey: huge('', bytes), registryValue: 'http://127.0.0.1:9/' }, 'executor'),
        /registryKey/,
      )
      expectShortRefusal(
        `${size} registryGroup`,
        await h.post('registry', { registryGroup: huge('', bytes), registryKey: 'big-app', registryValue: 'http://127.0.0.1:9/' }, 'executor'),
        /registryGroup/,
      )
    }
  })

  it('OpenAPI: 4 MB in an enum, an id, an address list, a child list', async () => {
    const { embeddedGroupId, jobA } = h.fixture
    const job = openApiJob(embeddedGroupId, 'big', { executorHandler: 'demoJobHandler' })
    expectShortRefusal('addJob scheduleType', await h.post('addJob', { ...job, scheduleType: huge() }, 'api'), /scheduleType/)
    expectShortRefusal('addJob alarmEmail', await h.post('addJob', { ...job, alarmEmail: huge() }, 'api'), /alarmEmail/)
    expectShortRefusal('getRun id', await h.post('getRun', { id: huge() }, 'api'), /\bid\b/)
    expectShortRefusal('triggerJob addressList', await h.post('triggerJob', { id: jobA, addressList: [huge()] }, 'api'), /addressList/)
    expectShortRefusal('updateJob childJobId', await h.post('updateJob', { id: jobA, childJobId: huge('1,') }, 'api'), /childJobId/)
  })
})

describe('a 1 MB field sent to the agent (its bodies are capped at what the protocol needs)', () => {
  let agent: AgentHarness
  beforeAll(async () => (agent = await AgentHarness.start()))
  afterAll(async () => agent?.stop())

  it('/run: a 1 MB handler name or glue type', async () => {
    const auth = { 'XXL-JOB-ACCESS-TOKEN': AGENT_TOKEN, 'XXL-JOB-APPNAME': AGENT_APP }
    const trigger = triggerParam({ jobId: 3, logId: 9001 })
    expectShortRefusal(
      'executorHandler',
      await postEnvelope(agent.port, '/run', auth, JSON.stringify({ ...trigger, executorHandler: huge('', ONE_MB) })),
      /handler/i,
    )
    expectShortRefusal(
      'glueType',
      await postEnvelope(agent.port, '/run', auth, JSON.stringify({ ...trigger, logId: 9002, glueType: huge('', ONE_MB) })),
      /glueType/,
    )
    await agent.expectAlive()
  })
})
