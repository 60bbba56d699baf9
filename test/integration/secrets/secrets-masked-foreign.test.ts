import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memorySecretReader } from '../../../src/main/secrets/memory-secret-reader'
import { MASK } from '../../../src/main/secrets/mask'
import { startLanAdmin, TEST_TOKEN, type LanAdmin } from '../../support/lan-harness'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 45: a secret in the run of a foreign executor — one that speaks XXL-JOB's G2 wire (as
 * xxl-job-core 2.x does) and knows nothing of masking. It receives the value in its parameter (it
 * is registered in the secret's group), prints it in its log and echoes it in its handle message,
 * plain, base64, URL-encoded and JSON-escaped. JobDesk masks the handle message before the run
 * writer keeps it and every log page before it keeps or shows it; its files hold no value.
 */
const VALUE = 'F0reign/Secret+7="q"'
const APP = 'foreign-xxl'
let admin: LanAdmin
let executor: Server
let address = ''
const received: string[] = []

/** The lines the executor's log holds for the run: the value in every form a log may carry. */
const logOf = (value: string) =>
  [`plain ${value}`, `base64 ${Buffer.from(value).toString('base64')}`, `url ${encodeURIComponent(value)}`, `json ${JSON.stringify(value).slice(1, -1)}`].join(
    '\n',
  ) + '\n'

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${admin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'XXL-JOB-ACCESS-TOKEN': TEST_TOKEN },
    body: JSON.stringify(body),
  })
  expect(await response.json()).toMatchObject({ code: 200 })
}

/** A G2 executor on loopback: /beat, /idleBeat, /run (then a callback), /log. */
function startForeignExecutor(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {}
      const reply = (content?: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, msg: null, content }))
      if (req.url === '/run') {
        const param = String(body.executorParams)
        received.push(param)
        reply()
        // The run ends at once, its handle message echoing what it was given.
        void post('/api/callback', [{ logId: body.logId, logDateTim: body.logDateTime, handleCode: 200, handleMsg: `done with ${param}` }])
        return
      }
      if (req.url === '/log') {
        const value = received.at(-1)?.replace(/^key=/, '') ?? ''
        reply({ fromLineNum: body.fromLineNum, toLineNum: 4, logContent: logOf(value), isEnd: true })
        return
      }
      reply()
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }))
}

beforeAll(async () => {
  admin = await startLanAdmin({ secretReader: memorySecretReader([{ groupId: null, name: 'api_key', value: VALUE }]) })
  executor = await startForeignExecutor()
  address = `http://127.0.0.1:${(executor.address() as { port: number }).port}/`
  await post('/api/registry', { registryGroup: 'EXECUTOR', registryKey: APP, registryValue: address })
  await admin.groupAddresses(APP, 1)
}, 60_000)
afterAll(async () => {
  await admin?.stop()
  await new Promise((resolve) => executor?.close(resolve))
})

describe('a secret a foreign XXL-JOB executor prints and echoes', () => {
  it('reaches it as the value, and comes back masked in the handle message and every log page; no file keeps it', async () => {
    const jobId = await admin.addJob(APP, { executorHandler: 'anyHandler', executorParam: 'key=${secrets.api_key}' })
    const logId = (await admin.headless.core.api.triggerJob({ jobId })).logIds[0]
    const [run] = await admin.finishedRuns(jobId, 1)
    expect(received).toEqual([`key=${VALUE}`])
    expect(run.handleCode).toBe(200)
    expect(run.handleMsg).toBe(`done with key=${MASK}`)
    expect(run.executorParam).toBe('key=${secrets.api_key}')

    const page = await waitFor('the log page', async () => {
      const read = await admin.headless.core.api.getRunLog({ logId, fromLineNum: 1 })
      return read.logContent.includes('plain') && read
    })
    expect(page.logContent).toBe(['plain', 'base64', 'url', 'json'].map((form) => `${form} ${MASK}`).join('\n') + '\n')
    for (const file of filesUnder(admin.dataDir)) {
      expect(file.text, file.path).not.toContain(VALUE)
      expect(file.text, file.path).not.toContain(Buffer.from(VALUE).toString('base64'))
      expect(file.text, file.path).not.toContain(encodeURIComponent(VALUE))
    }
  })
})
