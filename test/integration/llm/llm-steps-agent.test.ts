import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memorySecretReader } from '../../../src/main/secrets/memory-secret-reader'
import { MASK } from '../../../src/main/secrets/mask'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { LlmStub } from '../../support/llm-stub'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * An LLM step on a JobDesk agent: the run's request carries its group's provider and key (the key
 * among its mask values), the agent calls the provider itself, streams the reply into its log and
 * ends with it; a kill and the job's timeout close the agent's request. The key is on neither side's disk.
 */
const KEY = 'sk-Agent/Llm+Key=77'
let admin: LanAdmin
let stub: LlmStub
let groupId: number
const agentLogs = makeTempDir('jobdesk-llm-agent-')

beforeAll(async () => {
  stub = await LlmStub.start(() => ({ parts: ['ok'] }))
  admin = await startLanAdmin({ secretReader: memorySecretReader([{ groupId: null, name: 'agent_key', value: KEY }]) })
  // The agent calls only what its --http-allow lets it: the provider's API here.
  await admin.startAgent('llm-lan', { logPath: agentLogs.path, httpAllowPrefixes: [stub.baseUrl] })
  await admin.groupAddresses('llm-lan', 1)
  groupId = (await admin.headless.core.api.listGroups()).find((g) => g.appName === 'llm-lan')!.id
  await admin.headless.core.api.setLlmProvider({
    groupId,
    baseUrl: stub.baseUrl,
    model: 'agent-model',
    apiKeySecret: 'agent_key',
    timeoutSec: 30,
    maxTokens: 64,
  })
}, 60_000)
afterAll(async () => {
  await admin?.stop()
  await stub?.stop()
  agentLogs.remove()
})

function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }))
}

describe('an LLM step on a JobDesk agent', () => {
  it('calls the provider with the key, streams the reply into its log and ends with it, masked', async () => {
    const api = admin.headless.core.api
    stub.answerWith((request) => ({
      parts: ['Summary:\n', 'all good; ', `you sent ${request.authorization}`],
      usage: { prompt_tokens: 7, completion_tokens: 6 },
    }))
    const jobId = await admin.addJob('llm-lan', {
      name: 'summarize',
      executorHandler: 'llmJobHandler',
      executorParam: '{"prompt": "Summarize", "system": "Be brief"}',
    })
    const seen = stub.requests.length
    await api.triggerJob({ jobId })
    const [run] = await admin.finishedRuns(jobId, 1)
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(run.handleMsg).toBe(`Summary:\nall good; you sent Bearer ${MASK}`)
    const request = await stub.request(seen)
    expect(request.authorization).toBe(`Bearer ${KEY}`)
    expect(request.body.messages).toEqual([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'Summarize' },
    ])
    const log = (await api.getRunLog({ logId: run.id, fromLineNum: 1 })).logContent
    expect(log).toContain('model agent-model, max tokens 64, with the key')
    expect(log).toMatch(/\] Summary:\n.*\] all good; you sent Bearer ••••\n/)
    expect(log).toMatch(/tokens: 7 in, 6 out; latency \d+ ms/)
    const forms = [KEY, Buffer.from(KEY).toString('base64'), encodeURIComponent(KEY)]
    for (const { path, text } of [...filesUnder(agentLogs.path), ...filesUnder(admin.dataDir)]) {
      for (const form of forms) expect(text.includes(form), `${form} in ${path}`).toBe(false)
    }
  })

  it('closes its request to the provider when the run is killed', async () => {
    const api = admin.headless.core.api
    stub.answerWith(() => 'hang')
    const jobId = await admin.addJob('llm-lan', { name: 'hangs', executorHandler: 'llmJobHandler', executorParam: 'never answered' })
    const seen = stub.requests.length
    const logId = (await api.triggerJob({ jobId })).logIds[0]
    const request = await stub.request(seen)
    await waitFor(`run ${logId} recorded as running`, async () => (await api.getRun(logId)).triggerCode === 200)
    await api.killRun(logId, { retry: false })
    await request.closed
    const [run] = await admin.finishedRuns(jobId, 1)
    expect(run.handleCode).toBe(500)
  })

  it('refuses a provider its --http-allow does not list, sending nothing', async () => {
    const api = admin.headless.core.api
    await api.setLlmProvider({ groupId, baseUrl: 'http://127.0.0.1:9/v1', model: 'agent-model', timeoutSec: 30, maxTokens: 64 })
    try {
      const jobId = await admin.addJob('llm-lan', { name: 'not allowed', executorHandler: 'llmJobHandler', executorParam: 'hello' })
      const seen = stub.requests.length
      await api.triggerJob({ jobId })
      const [run] = await admin.finishedRuns(jobId, 1)
      expect(run.handleCode).toBe(500)
      expect(run.handleMsg).toBe(
        `llmJobHandler: http://127.0.0.1:9/v1/chat/completions is not allowed on this executor (allowed: ${stub.baseUrl}; an agent's --http-allow)`,
      )
      expect(stub.requests.length).toBe(seen)
    } finally {
      await api.setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'agent-model', apiKeySecret: 'agent_key', timeoutSec: 30, maxTokens: 64 })
    }
  })

  it("closes its request when the job's timeout ends the run", async () => {
    const api = admin.headless.core.api
    stub.answerWith(() => 'hang')
    const jobId = await admin.addJob('llm-lan', { name: 'times out', executorHandler: 'llmJobHandler', executorParam: 'never answered', executorTimeoutSec: 1 })
    const seen = stub.requests.length
    await api.triggerJob({ jobId })
    await (
      await stub.request(seen)
    ).closed
    const [run] = await admin.finishedRuns(jobId, 1)
    expect(run.handleCode).toBe(502)
  })
})
