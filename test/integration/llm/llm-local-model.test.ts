import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { silentLogger } from '../../../src/main/kernel/logger'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * An LLM step against a real small model, when one is served on this machine: Ollama's
 * OpenAI-compatible API at 127.0.0.1:11434 with at least one model pulled. Skipped, saying why,
 * when there is none (the stub tests beside this one cover the behaviour).
 */
const OLLAMA = 'http://127.0.0.1:11434'
const temp = makeTempDir('jobdesk-llm-local-')
let headless: Headless<CoreParts> | undefined

afterAll(async () => {
  await headless?.stop()
  temp.remove()
})

/** The smallest model Ollama has, or why there is none to use. */
async function localModel(): Promise<{ model: string } | { why: string }> {
  try {
    const response = await fetch(`${OLLAMA}/api/tags`, { signal: AbortSignal.timeout(2000) })
    if (!response.ok) return { why: `${OLLAMA}/api/tags answered ${response.status}` }
    const { models } = (await response.json()) as { models?: { name: string; size: number }[] }
    const smallest = [...(models ?? [])].sort((a, b) => a.size - b.size)[0]
    return smallest ? { model: smallest.name } : { why: `Ollama at ${OLLAMA} has no model pulled` }
  } catch (error) {
    return { why: `no Ollama at ${OLLAMA} (${(error as Error).message})` }
  }
}

describe('an LLM step against a real local model', () => {
  it('gets a reply from it, with tokens and latency in the run log', async (context) => {
    const found = await localModel()
    if ('why' in found) context.skip(found.why)
    const { model } = found as { model: string }
    const rendererDir = join(temp.path, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>llm</title>\n')
    headless = await startHeadless(
      { dataDir: join(temp.path, 'data'), host: '127.0.0.1', port: 0, logger: silentLogger, seedDemo: false, rendererDir },
      assembleCore,
    )
    const api = headless.core.api
    const groupId = (await api.listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
    await api.setLlmProvider({ groupId, baseUrl: `${OLLAMA}/v1`, model, timeoutSec: 240, maxTokens: 32 })
    const jobId = (
      await api.saveJob(
        jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'llmJobHandler', executorParam: 'Reply with the single word: ready' }),
      )
    ).id
    const logId = (await api.triggerJob({ jobId })).logIds[0]
    const run = await waitFor(
      `run ${logId} to end`,
      async () => {
        const r = await api.getRun(logId)
        return r.handleCode !== 0 && r
      },
      300_000,
    )
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(run.handleMsg.trim()).not.toBe('')
    expect((await api.getRunLog({ logId, fromLineNum: 1 })).logContent).toMatch(/latency \d+ ms/)
  }, 320_000)
})
