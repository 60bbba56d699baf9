import Database from 'better-sqlite3'
import { createServer } from 'node:net'
import { existsSync, readdirSync } from 'node:fs'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { appEntryArgs } from '../../support/app-entry'
import { startChild, type RunningChild } from '../../support/child-process'
import { TEST_HANDLERS_DIR } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

const TOKEN = 'crash-test-token-0123456789'
const API_TOKEN = 'crash-test-api-token-0123456789'
let jobdesk: RunningChild | undefined
let agent: AgentProcess | undefined
const dirs: ReturnType<typeof makeTempDir>[] = []
afterEach(() => {
  jobdesk?.child.kill('SIGKILL')
  agent?.kill()
  dirs.splice(0).forEach((d) => d.remove())
  jobdesk = agent = undefined
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function startJobDesk(dataDir: string, port: number): Promise<RunningChild> {
  const child = startChild(appEntryArgs('serve'), [
    '--data-dir',
    dataDir,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--no-demo',
    '--token',
    TOKEN,
    '--api-token',
    API_TOKEN,
    '--handlers',
    TEST_HANDLERS_DIR,
  ])
  await child.waitForLine(/Executors register at/)
  return child
}

/** Reads a run row straight from the database file (a second, read-only connection; WAL allows it). */
function runRow(dataDir: string, id: number): { trigger_code: number; handle_code: number; handle_msg: string } {
  const db = new Database(`${dataDir}/jobdesk.db`, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT trigger_code, handle_code, handle_msg FROM job_log WHERE id = ?').get(id) as never
  } finally {
    db.close()
  }
}

async function call(port: number, method: string, body: unknown): Promise<{ code: number; msg: string | null; data: any }> {
  const response = await request(`http://127.0.0.1:${port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xxl-job-access-token': API_TOKEN },
    body: JSON.stringify(body),
  })
  return JSON.parse(await response.body.text())
}

describe('JobDesk killed with -9 mid-run', () => {
  it('loses no committed row and no spooled callback; every in-flight run converges after restart', async () => {
    const data = makeTempDir()
    const logs = makeTempDir('jobdesk-agent-')
    dirs.push(data, logs)
    const port = await freePort()
    jobdesk = await startJobDesk(data.path, port)
    agent = spawnAgent([
      '--admin',
      `http://127.0.0.1:${port}`,
      '--token',
      TOKEN,
      '--app',
      'lan-agent',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--beat-interval-ms',
      '300',
      '--callback-retry-ms',
      '300',
      '--handlers',
      TEST_HANDLERS_DIR,
      '--log-path',
      logs.path,
    ])
    await agent.waitForOutput(/registering/)
    const groups = await waitFor("the agent's group", async () => {
      const list = (await call(port, 'listGroups', {})).data as { id: number; appName: string; addressList: string }[]
      return list.find((g) => g.appName === 'lan-agent' && g.addressList !== '') && list
    })
    const lanGroup = groups.find((g) => g.appName === 'lan-agent')!.id
    const embeddedGroup = groups.find((g) => g.appName === 'jobdesk-embedded')!.id
    const job = (jobGroup: number, param: string) =>
      call(port, 'addJob', { jobGroup, name: `job on ${jobGroup}`, executorHandler: 'timedJobHandler', executorParam: param, timezone: 'UTC' })
    const lanJob = (await job(lanGroup, '1500')).data as number
    const embeddedJob = (await job(embeddedGroup, '60000')).data as number
    const quickJob = (await call(port, 'addJob', { jobGroup: embeddedGroup, name: 'quick', executorHandler: 'demoJobHandler', timezone: 'UTC' })).data as number

    const [quickRun] = (await call(port, 'triggerJob', { id: quickJob })).data as number[]
    await waitFor('the quick run to finish', () => runRow(data.path, quickRun).handle_code === 200)
    const [lanRun] = (await call(port, 'triggerJob', { id: lanJob })).data as number[]
    const [embeddedRun] = (await call(port, 'triggerJob', { id: embeddedJob })).data as number[]
    for (const id of [lanRun, embeddedRun]) {
      await waitFor(`run ${id} to be running`, () => runRow(data.path, id).trigger_code === 200)
    }

    jobdesk.child.kill('SIGKILL')
    expect(await jobdesk.exited).toBe('SIGKILL')
    // While JobDesk is down the LAN run finishes; its callback cannot be delivered and is spooled.
    const spool = `${logs.path}/callbacklogs`
    await waitFor('the LAN callback to be spooled', () => existsSync(spool) && readdirSync(spool).some((f) => f.endsWith('.log')))

    jobdesk = await startJobDesk(data.path, port)
    // Committed before the crash: still there, unchanged (read through the API, as an operator would).
    expect((await call(port, 'getRun', { id: quickRun })).data.handleCode).toBe(200)
    // The embedded run died with the process: failed at restart, saying why.
    const embedded = await waitFor('the embedded run to converge', () => runRow(data.path, embeddedRun).handle_code !== 0 && runRow(data.path, embeddedRun))
    expect(embedded.handle_code).toBe(500)
    expect(embedded.handle_msg).toMatch(/^Interrupted: the JobDesk process whose embedded executor ran this \(jobdesk:\/\/embedded\/[0-9a-f]+\/\) stopped/)
    // The LAN run's spooled callback arrives once JobDesk is back: its real result.
    const lan = await waitFor("the LAN run's spooled result", () => runRow(data.path, lanRun).handle_code !== 0 && runRow(data.path, lanRun), 30_000)
    expect(lan.handle_code).toBe(200)
  })
})
