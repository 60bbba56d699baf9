import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memorySecretReader } from '../../../src/main/secrets/memory-secret-reader'
import { MASK } from '../../../src/main/secrets/mask'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Issue 45: the same job on a LAN agent. The agent holds no secrets store: the run's request names
 * the values to mask, so the agent's own run-log files, the admin's kept copy, the log pages and
 * the handle message show `••••`; neither side's files hold a value.
 */
const VALUE = 'Ag3nt/Secret+99=x'
let admin: LanAdmin
const agentLogs = makeTempDir('jobdesk-secret-agent-')

beforeAll(async () => {
  admin = await startLanAdmin({ secretReader: memorySecretReader([{ groupId: null, name: 'api_key', value: VALUE }]) })
  await admin.startAgent('secret-lan', { enableScripts: true, logPath: agentLogs.path })
  await admin.groupAddresses('secret-lan', 1)
}, 60_000)
afterAll(async () => {
  await admin?.stop()
  agentLogs.remove()
})

const PRINTS_ITS_SECRET = `
const v = process.argv[2]
console.log('plain ' + v)
console.log('base64 ' + Buffer.from(v).toString('base64'))
console.log('url ' + encodeURIComponent(v))
process.stdout.write('split ' + v.slice(0, 6))
setTimeout(() => process.stdout.write(v.slice(6) + ' end\\n'), 100)
`

function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path).toString('latin1') }))
}

describe('a secret a run prints on a LAN agent', () => {
  it('is masked in its log pages and handle message, and on neither side’s disk', async () => {
    const api = admin.headless.core.api
    const script = await admin.addJob('secret-lan', {
      name: 'prints',
      glueType: 'GLUE_NODEJS',
      glueSource: PRINTS_ITS_SECRET,
      executorParam: '${secrets.api_key}',
    })
    const echo = await admin.addJob('secret-lan', { name: 'echo', executorHandler: 'echoJobHandler', executorParam: 'key=${secrets.api_key}' })
    const envSource = "console.log('env ' + process.env.API_KEY + ' length ' + String(process.env.API_KEY).length)"
    const withEnv = await admin.addJob('secret-lan', { name: 'env', glueType: 'GLUE_NODEJS', glueSource: envSource, env: { API_KEY: 'secrets.api_key' } })
    await api.triggerJob({ jobId: script })
    await api.triggerJob({ jobId: echo })
    await api.triggerJob({ jobId: withEnv })
    const [printed] = await admin.finishedRuns(script, 1)
    const [echoed] = await admin.finishedRuns(echo, 1)
    expect(printed.handleCode, printed.handleMsg).toBe(200)
    expect(echoed.handleMsg).toBe(`key=${MASK}`)
    const page = await api.getRunLog({ logId: printed.id, fromLineNum: 1 })
    for (const line of ['plain', 'base64', 'url', 'split']) expect(page.logContent).toContain(`${line} ${MASK}`)
    expect(page.logContent).not.toContain(VALUE.slice(6))
    const [envRun] = await admin.finishedRuns(withEnv, 1)
    expect(envRun.handleCode, envRun.handleMsg).toBe(200)
    expect((await api.getRunLog({ logId: envRun.id, fromLineNum: 1 })).logContent).toContain(`env ${MASK} length ${VALUE.length}`)
    const forms = [VALUE, Buffer.from(VALUE).toString('base64'), encodeURIComponent(VALUE)]
    for (const { path, text } of [...filesUnder(agentLogs.path), ...filesUnder(admin.dataDir)]) {
      for (const form of forms) expect(text.includes(form), `${form} in ${path}`).toBe(false)
    }
  })
})
