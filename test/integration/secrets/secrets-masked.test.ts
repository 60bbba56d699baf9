import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { jobDeskSignature } from '../../../src/main/hooks/hook-signature'
import { memorySecretReader } from '../../../src/main/secrets/memory-secret-reader'
import { MASK } from '../../../src/main/secrets/mask'
import { EMBEDDED_APP_NAME, type JobInput } from '../../../src/shared/model'
import { addFlow, flowRunEnded, nodeOf, runFlow } from '../../support/flow-harness'
import { jobInput } from '../../support/job-input'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { recordingLogger } from '../../support/recording-logger'

/**
 * Issue 45: a job that prints its secret — plain, base64, URL-encoded, and split across two writes —
 * on the embedded executor shows `••••` in its log pages, its handle message and a flow node's
 * output; the database files, the run-log files and the process log hold no value.
 */
const VALUE = 'S3cr3t/Value+42=ok'
const temp = makeTempDir('jobdesk-secrets-masked-')
const dataDir = join(temp.path, 'data')
const { logger: recording, lines: processLog } = recordingLogger()
let headless: Headless<CoreParts>
let groupId: number

beforeAll(async () => {
  const rendererDir = join(temp.path, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>secrets</title>\n')
  headless = await startHeadless(
    {
      dataDir,
      host: '127.0.0.1',
      port: 0,
      logger: recording,
      seedDemo: false,
      enableScripts: true,
      shutdownGraceMs: 200,
      rendererDir,
      secretReader: memorySecretReader([{ groupId: null, name: 'db_pw', value: VALUE }]),
    },
    assembleCore,
  )
  groupId = (await api().listGroups()).find((g) => g.appName === EMBEDDED_APP_NAME)!.id
}, 60_000)

afterAll(async () => {
  await headless?.stop()
  temp.remove()
})

const api = () => headless.core.api
const host = {
  get core() {
    return headless.core
  },
}

async function addJob(overrides: Partial<JobInput>): Promise<number> {
  return (await api().saveJob(jobInput(groupId, { scheduleType: 'NONE', scheduleConf: '', ...overrides }))).id
}

async function ranToEnd(jobId: number) {
  const logId = (await api().triggerJob({ jobId })).logIds[0]
  return waitFor(`run ${logId} to end`, async () => {
    const run = await api().getRun(logId)
    return run.handleCode !== 0 ? run : undefined
  })
}

/** Every file under `dir`, as text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }))
}

const PRINTS_ITS_SECRET = `
const v = process.argv[2]
console.log('plain ' + v)
console.log('base64 ' + Buffer.from(v).toString('base64'))
console.log('url ' + encodeURIComponent(v))
process.stdout.write('split ' + v.slice(0, 7))
setTimeout(() => process.stdout.write(v.slice(7) + ' end\\n'), 100)
`

describe('a secret a run prints', () => {
  it('is masked in every log page of the embedded executor, the start line included', async () => {
    const jobId = await addJob({ name: 'prints', glueType: 'GLUE_NODEJS', glueSource: PRINTS_ITS_SECRET, executorParam: '${secrets.db_pw}' })
    const run = await ranToEnd(jobId)
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(run.executorParam).toBe('${secrets.db_pw}')
    const page = await api().getRunLog({ logId: run.id, fromLineNum: 1 })
    expect(page.logContent).toContain(`plain ${MASK}`)
    expect(page.logContent).toContain(`base64 ${MASK}`)
    expect(page.logContent).toContain(`url ${MASK}`)
    expect(page.logContent).toMatch(/split ••••/)
    expect(page.logContent).not.toContain(VALUE.slice(7))
  })

  it('is masked in a handle message and a flow node’s output', async () => {
    const echo = await addJob({ name: 'echo', executorHandler: 'echoJobHandler', executorParam: 'pw=${secrets.db_pw}' })
    const run = await ranToEnd(echo)
    expect(run.handleMsg).toBe(`pw=${MASK}`)
    const flowId = await addFlow(host, 'echoes', [{ key: 'x', jobId: echo, param: 'from flow ${secrets.db_pw}' }], [])
    const flowRun = await runFlow(host, flowId)
    expect(nodeOf(flowRun, 'x').output).toBe(`from flow ${MASK}`)
  })

  it('a flow run with declared params records its typed values, the secret as its reference, and its node gets the value masked', async () => {
    const echo = await addJob({ name: 'echo typed', executorHandler: 'echoJobHandler' })
    const flowId = await addFlow(host, 'typed flow', [{ key: 'x', jobId: echo, param: '${flow.param}' }], [], {
      params: [
        { name: 'day', type: 'date', required: true, default: null, enum: [], pattern: '', description: '' },
        { name: 'db', type: 'secret', required: false, default: 'db_pw', enum: [], pattern: '', description: '' },
      ],
      paramFormat: 'kv',
    })
    await expect(api().triggerFlow({ flowId, params: { day: '2026-13-01' } })).rejects.toMatchObject({ field: 'params.day' })
    expect((await api().listFlowRuns({ flowId })).runs).toHaveLength(0)

    const { flowRunId } = await api().triggerFlow({ flowId, params: { day: '2026-12-01' } })
    const run = await flowRunEnded(host, flowRunId!)
    expect(run.typedParams).toEqual({ day: '2026-12-01', db: '${secrets.db_pw}' })
    expect(run.param).toBe('day=2026-12-01\ndb=${secrets.db_pw}')
    expect(nodeOf(run, 'x').output).toBe(`day=2026-12-01\ndb=${MASK}`)
  })

  it("gives a GLUE script its job's env as environment variables, never in its source, and exports the references", async () => {
    const source = "console.log('env ' + process.env.DB_PASS); console.log('length ' + String(process.env.DB_PASS).length)"
    const jobId = await addJob({ name: 'env', glueType: 'GLUE_NODEJS', glueSource: source, env: { DB_PASS: 'secrets.db_pw' } })
    const run = await ranToEnd(jobId)
    expect(run.handleCode, run.handleMsg).toBe(200)
    const page = await api().getRunLog({ logId: run.id, fromLineNum: 1 })
    expect(page.logContent).toContain(`env ${MASK}`)
    expect(page.logContent).toContain(`length ${VALUE.length}`)
    expect((await api().getJob(jobId)).glueSource).toBe(source)
    const exported = JSON.stringify(await api().exportJobs({ jobIds: [jobId] }))
    expect(exported).toContain('"DB_PASS":"secrets.db_pw"')
    expect(exported).not.toContain(VALUE)
  })

  it('refuses a job env that holds a value rather than a reference', async () => {
    await expect(addJob({ name: 'bad env', glueType: 'GLUE_NODEJS', glueSource: '1', env: { DB_PASS: VALUE } })).rejects.toThrow(/secrets\.NAME/)
  })

  it('refuses a trigger URL whose param names a secret, starting nothing', async () => {
    const jobId = await addJob({ name: 'hooked', executorHandler: 'echoJobHandler' })
    const hook = await api().createHook({ jobId })
    const body = JSON.stringify({ param: 'leak ${secrets.db_pw}' })
    const atSec = Math.floor(Date.now() / 1000)
    const response = await fetch(`http://127.0.0.1:${headless.server.port}${hook.path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'X-JobDesk-Timestamp': String(atSec), 'X-JobDesk-Signature': jobDeskSignature(hook.secret, atSec, body) },
    })
    expect(response.status).toBe(400)
    expect((await api().listRuns({ jobId, limit: 10 })).runs).toEqual([])
  })

  it('keeps the reference, never the value, in an export', async () => {
    const jobId = await addJob({ name: 'exported', executorHandler: 'echoJobHandler', executorParam: '--pw ${secrets.db_pw}' })
    const exported = JSON.stringify(await api().exportJobs({ jobIds: [jobId] }))
    expect(exported).toContain('--pw ${secrets.db_pw}')
    expect(exported).not.toContain(VALUE)
  })

  it('leaves no value in the database files, the run-log files or the process log', async () => {
    const forms = [VALUE, Buffer.from(VALUE).toString('base64'), encodeURIComponent(VALUE)]
    for (const { path, text } of filesUnder(dataDir)) {
      for (const form of forms) expect(text.includes(form), `${form} in ${path}`).toBe(false)
    }
    expect(processLog.join('\n')).not.toContain(VALUE)
  })
})
