import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { EMBEDDED_APP_NAME, type JobInput, type JobRun } from '../../../src/shared/model'
import { addFlow, nodeOf, runFlow } from '../../support/flow-harness'
import { jobInput } from '../../support/job-input'
import { LlmStub } from '../../support/llm-stub'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { recordingLogger } from '../../support/recording-logger'

/**
 * LLM steps on the embedded executor (docs/llm-steps.md), against a loopback stand-in of the
 * chat-completions API: the reply is a flow child's input, json mode checks the reply, a kill and
 * a timeout close the HTTP request, a retry runs again, an override address is refused, and the
 * key reaches the provider and nothing JobDesk keeps or shows.
 */
const KEY = 'sk-llm-Stub+Key/42=secret'
const temp = makeTempDir('jobdesk-llm-steps-')
const dataDir = join(temp.path, 'data')
const { logger: recording, lines: processLog } = recordingLogger()
let headless: Headless<CoreParts>
let stub: LlmStub
let groupId: number
/** Every run the tests ended, for the last test's look at their logs. */
const endedRuns: number[] = []

beforeAll(async () => {
  const rendererDir = join(temp.path, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>llm</title>\n')
  stub = await LlmStub.start(() => ({ parts: ['ok'] }))
  headless = await startHeadless({ dataDir, host: '127.0.0.1', port: 0, logger: recording, seedDemo: false, shutdownGraceMs: 200, rendererDir }, assembleCore)
  groupId = (await api().listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
  await api().setSecret({ name: 'llm_key', groupId, value: KEY })
  await api().setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'stub-model', apiKeySecret: 'llm_key', timeoutSec: 30, maxTokens: 256 })
}, 60_000)

afterAll(async () => {
  await headless?.stop()
  await stub?.stop()
  temp.remove()
})

const api = () => headless.core.api
const host = {
  get core() {
    return headless.core
  },
}

async function addJob(overrides: Partial<JobInput>): Promise<number> {
  return (await api().saveJob(jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'llmJobHandler', ...overrides }))).id
}

function ended(logId: number): Promise<JobRun> {
  endedRuns.push(logId)
  return waitFor(`run ${logId} to end`, async () => {
    const run = await api().getRun(logId)
    return (run.handleCode !== 0 || (run.triggerCode !== 0 && run.triggerCode !== 200)) && run
  })
}

async function trigger(jobId: number, executorParam?: string): Promise<number> {
  return (await api().triggerJob({ jobId, ...(executorParam !== undefined ? { executorParam } : {}) })).logIds[0]
}

const logOf = async (logId: number) => (await api().getRunLog({ logId, fromLineNum: 1 })).logContent

describe('an LLM step on the embedded executor', () => {
  it("drafts from a previous node's output, streams the reply into its log, and passes it to the next node", async () => {
    stub.answerWith(() => ({ parts: ['Dear team,\n', 'the disk is ', 'full.\nRegards'], usage: { prompt_tokens: 21, completion_tokens: 9 } }))
    const facts = (await api().saveJob(jobInput(groupId, { name: 'facts', scheduleType: 'NONE', scheduleConf: '', executorHandler: 'echoJobHandler' }))).id
    const draft = await addJob({ name: 'draft' })
    const send = (await api().saveJob(jobInput(groupId, { name: 'send', scheduleType: 'NONE', scheduleConf: '', executorHandler: 'echoJobHandler' }))).id
    const seen = stub.requests.length
    const flowId = await addFlow(
      host,
      'drafts',
      [
        { key: 'facts', jobId: facts, param: 'disk "data" is 100% full' },
        { key: 'draft', jobId: draft, param: '{"system": "You write short notes.", "prompt": "Write a note about: ${nodes.facts.output}"}' },
        { key: 'send', jobId: send, param: 'sending: ${nodes.draft.output}' },
      ],
      ['facts>draft', 'draft>send'],
    )
    const flowRun = await runFlow(host, flowId)
    expect(nodeOf(flowRun, 'draft').output).toBe('Dear team,\nthe disk is full.\nRegards')
    expect(nodeOf(flowRun, 'send').output).toBe('sending: Dear team,\nthe disk is full.\nRegards')
    const request = await stub.request(seen)
    expect(request.authorization).toBe(`Bearer ${KEY}`)
    expect(request.body).toMatchObject({
      model: 'stub-model',
      stream: true,
      max_tokens: 256,
      messages: [
        { role: 'system', content: 'You write short notes.' },
        { role: 'user', content: 'Write a note about: disk "data" is 100% full' },
      ],
    })
    expect(request.body.response_format).toBeUndefined()
    const runId = nodeOf(flowRun, 'draft').runIds.at(-1)!
    endedRuns.push(runId)
    const log = await logOf(runId)
    expect(log).toContain(`POST ${stub.baseUrl}/chat/completions: model stub-model, max tokens 256, with the key`)
    expect(log).toMatch(/\] Dear team,\n.*\] the disk is full\.\n.*\] Regards\n/)
    expect(log).toMatch(/tokens: 21 in, 9 out; latency \d+ ms/)
  })

  it('takes a plain-text parameter as the prompt, and json mode returns the reply when it parses', async () => {
    stub.answerWith(() => ({ parts: ['{"severity":', ' "high"}'] }))
    const jobId = await addJob({ name: 'classify', executorParam: '{"prompt": "Classify ${schedule.date}", "responseFormat": "json"}' })
    const seen = stub.requests.length
    const run = await ended(await trigger(jobId))
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(run.handleMsg).toBe('{"severity": "high"}')
    const request = await stub.request(seen)
    expect(request.body.response_format).toEqual({ type: 'json_object' })
    expect(request.body.messages).toEqual([{ role: 'user', content: expect.stringMatching(/^Classify \d{4}-\d{2}-\d{2}$/) }])

    stub.answerWith(() => ({ parts: ['Hello ', 'there'] }))
    const plain = await ended(await trigger(jobId, 'Say hello to ${params.nobody}'))
    expect(plain.handleMsg).toBe('Hello there')
    expect((await stub.request(seen + 1)).body.messages).toEqual([{ role: 'user', content: 'Say hello to ${params.nobody}' }])
  })

  it('takes a whole JSON completion from a server that ignores stream, logging the reply and its tokens', async () => {
    stub.answerWith(() => ({ parts: ['All ', 'quiet.'], usage: { prompt_tokens: 5, completion_tokens: 2 }, ignoreStream: true }))
    const jobId = await addJob({ name: 'whole reply', executorParam: 'Anything new?' })
    const seen = stub.requests.length
    const runId = await trigger(jobId)
    const run = await ended(runId)
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(run.handleMsg).toBe('All quiet.')
    expect((await stub.request(seen)).body.stream).toBe(true)
    const log = await logOf(runId)
    expect(log).toMatch(/\] All quiet\.\n/)
    expect(log).toMatch(/tokens: 5 in, 2 out; latency \d+ ms/)
  })

  it('fails a json-mode run whose reply does not parse, saying why, and retries it as any job', async () => {
    const replies = ['{"severity": high', '{"severity": "high"}']
    stub.answerWith(() => ({ parts: [replies.shift() ?? 'nothing left'] }))
    const jobId = await addJob({ name: 'json', executorParam: '{"prompt": "Classify", "responseFormat": "json"}', executorFailRetryCount: 1 })
    const failed = await ended(await trigger(jobId))
    expect(failed.handleCode).toBe(500)
    expect(failed.handleMsg).toMatch(/json mode, and the reply is not JSON: .+/)
    const retry = await waitFor('the retry', async () => (await api().listRuns({ jobId, limit: 10 })).runs.find((r) => r.parentLogId === failed.id))
    const retried = await ended(retry.id)
    expect(retried.handleCode, retried.handleMsg).toBe(200)
    expect(retried.handleMsg).toBe('{"severity": "high"}')
  })

  it("closes the HTTP request when the run is killed, and when the job's timeout ends it", async () => {
    stub.answerWith(() => 'hang')
    const killed = await addJob({ name: 'killed', executorParam: 'never answered' })
    const seen = stub.requests.length
    const logId = await trigger(killed)
    const request = await stub.request(seen)
    // The trigger's outcome is written in the run writer's next batch: the run is running from then.
    await waitFor(`run ${logId} recorded as running`, async () => (await api().getRun(logId)).triggerCode === 200)
    await api().killRun(logId, { retry: false })
    await request.closed
    expect((await ended(logId)).handleCode).toBe(500)

    const timed = await addJob({ name: 'timed', executorParam: 'never answered', executorTimeoutSec: 1 })
    const timedLogId = await trigger(timed)
    const timedRequest = await stub.request(seen + 1)
    await timedRequest.closed
    const run = await ended(timedLogId)
    expect(run.handleCode).toBe(502)
  })

  it("ends a request at the provider's timeoutSec, naming it", async () => {
    stub.answerWith(() => 'hang')
    await api().setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'stub-model', apiKeySecret: 'llm_key', timeoutSec: 1, maxTokens: 256 })
    try {
      const jobId = await addJob({ name: 'provider timeout', executorParam: 'never answered' })
      const seen = stub.requests.length
      const logId = await trigger(jobId)
      await (
        await stub.request(seen)
      ).closed
      const run = await ended(logId)
      expect(run.handleCode).toBe(500)
      expect(run.handleMsg).toContain("no complete reply within 1 s (the provider's timeoutSec)")
    } finally {
      await api().setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'stub-model', apiKeySecret: 'llm_key', timeoutSec: 30, maxTokens: 256 })
    }
  })

  it('refuses an override to an address not registered in the group, writing no run', async () => {
    const jobId = await addJob({ name: 'override', executorParam: 'hello' })
    await expect(api().triggerJob({ jobId, addressList: ['http://127.0.0.1:9/'] })).rejects.toMatchObject({ code: 'llm.overrideRefused' })
    expect((await api().listRuns({ jobId, limit: 10 })).runs).toEqual([])
  })

  it('fails a run whose group has no provider, saying so, and sends nothing', async () => {
    const seen = stub.requests.length
    await api().removeLlmProvider({ groupId })
    try {
      expect(await api().getLlmProvider({ groupId })).toBeNull()
      const run = await ended(await trigger(await addJob({ name: 'no provider', executorParam: 'hello' })))
      expect(run.triggerCode).toBe(500)
      expect(run.triggerMsg).toContain(`group ${groupId} has no LLM provider`)
      expect(stub.requests.length).toBe(seen)
    } finally {
      await api().setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'stub-model', apiKeySecret: 'llm_key', timeoutSec: 30, maxTokens: 256 })
    }
  })

  it('keeps the key out of every log page, the database and run-log files, the audit trail and the process log', async () => {
    // A model that repeats the key back: the reply passes the same masks as any handler's output.
    stub.answerWith((request) => ({ parts: [`you sent ${request.authorization}`] }))
    const run = await ended(await trigger(await addJob({ name: 'echoes key', executorParam: 'what is my key?' })))
    expect(run.handleMsg).toBe('you sent Bearer ••••')
    const forms = [KEY, Buffer.from(KEY).toString('base64'), encodeURIComponent(KEY)]
    for (const logId of endedRuns) {
      const text = await logOf(logId)
      for (const form of forms) expect(text.includes(form), `${form} in the log of run ${logId}`).toBe(false)
    }
    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dataDir, name))
      .filter((path) => statSync(path).isFile())
    expect(files.length).toBeGreaterThan(0)
    for (const path of files) {
      const text = readFileSync(path).toString('latin1')
      for (const form of forms) expect(text.includes(form), `${form} in ${path}`).toBe(false)
    }
    const audit = JSON.stringify(await api().listAudit({ limit: 200 }))
    expect(audit).toContain('llm.set')
    expect(audit).not.toContain(KEY)
    expect(processLog.join('\n')).not.toContain(KEY)
  })
})
