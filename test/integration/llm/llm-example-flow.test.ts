import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { silentLogger } from '../../../src/main/kernel/logger'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { flowRunEnded, flowRunWhere, nodeOf, statesOf } from '../../support/flow-harness'
import { LlmStub } from '../../support/llm-stub'
import { makeTempDir } from '../../support/temp-dir'

/**
 * The example of docs/llm-steps.md as it is in examples/definitions: applied as files, its LLM step
 * (pointed at a loopback stand-in instead of the example's Ollama) drafts from the first job's
 * output in json mode, the approval waits for a person, and the job after it gets the draft.
 */
const EXAMPLES = join(__dirname, '../../../examples/definitions')
const FILES = ['llm-providers/jobdesk-embedded.yaml', 'jobs/jobdesk-embedded/incident-notice.yaml', 'flows/incident-notice.yaml']
const DRAFT = '{"title": "Elevated errors on the API gateway", "body": "Between 09:10 and 09:25 UTC some requests failed. It is resolved."}'
const temp = makeTempDir('jobdesk-llm-example-')
let headless: Headless<CoreParts>
let stub: LlmStub

beforeAll(async () => {
  const rendererDir = join(temp.path, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>llm</title>\n')
  stub = await LlmStub.start(() => ({ parts: [DRAFT.slice(0, 30), DRAFT.slice(30)], usage: { prompt_tokens: 60, completion_tokens: 30 } }))
  headless = await startHeadless(
    { dataDir: join(temp.path, 'data'), host: '127.0.0.1', port: 0, logger: silentLogger, seedDemo: false, rendererDir },
    assembleCore,
  )
}, 60_000)

afterAll(async () => {
  await headless?.stop()
  await stub?.stop()
  temp.remove()
})

describe('the incident-notice example', () => {
  it('applies, drafts with its LLM step, waits for the approval and hands the draft to the job that publishes it', async () => {
    const api = headless.core.api
    const sources = FILES.flatMap((file) => parseAllDocuments(readFileSync(join(EXAMPLES, file), 'utf8')).map((doc) => ({ file, document: doc.toJS() })))
    const plan = await api.applyDefinitions({ sources, dryRun: false, prune: 'none' })
    expect(plan.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toContain(`create LlmProvider ${EMBEDDED_APP_NAME}`)
    const groupId = (await api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
    expect(await api.getLlmProvider({ groupId })).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:0.5b',
      timeoutSec: 600,
      maxTokens: 400,
    })
    await api.setLlmProvider({ groupId, baseUrl: stub.baseUrl, model: 'qwen2.5:0.5b', timeoutSec: 60, maxTokens: 400 })

    const flowId = (await api.listFlows()).find((s) => s.flow.name === 'incident-notice')!.flow.id
    const { flowRunId } = await api.triggerFlow({ flowId })
    const waiting = await flowRunWhere({ core: headless.core }, flowRunId!, 'the draft waiting for its approval', (run) => run.state === 'waiting')
    expect(statesOf(waiting)).toEqual({ facts: 'success', draft: 'success', approve: 'waiting', publish: 'pending' })
    expect(nodeOf(waiting, 'draft').output).toBe(DRAFT)
    const request = await stub.request(0)
    expect(request.body.response_format).toEqual({ type: 'json_object' })
    expect(request.body.messages[1].content).toBe(
      'Draft a notice about this incident: api-gateway: 5xx rate 12% from 09:10 to 09:25 UTC, rolled back to v2.3.1, recovered at 09:27',
    )

    await api.decideApproval({ flowRunId: flowRunId!, key: 'approve', approve: true, comment: 'reads well' })
    const ended = await flowRunEnded({ core: headless.core }, flowRunId!)
    expect(ended.state).toBe('success')
    expect(nodeOf(ended, 'publish').output).toBe(DRAFT)
  })
})
