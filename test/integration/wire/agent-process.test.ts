import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createExecutorClient } from '../../../src/main/net/executor-client'
import { closeSharedAgents } from '../../../src/main/net/wire/post-json'
import { makeTempDir, triggerParam, waitUntil } from '../../support/executor-fixtures'
import { startStubAdmin, type StubAdmin } from '../../support/stub-admin'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'
import { JOBDESK_VERSION } from '../../../src/shared/version'

/** The agent as a process, against a stub admin on 127.0.0.1 (ephemeral ports everywhere). */
const TOKEN = 'agent-token'
const APP = 'agent-app'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(() => closeSharedAgents())

async function stubAdmin(options: Parameters<typeof startStubAdmin>[0]): Promise<StubAdmin> {
  const admin = await startStubAdmin(options)
  cleanups.push(() => admin.close())
  return admin
}

async function logDir(): Promise<string> {
  const temp = await makeTempDir('jobdesk-agent-')
  cleanups.push(() => temp.remove())
  return temp.dir
}

function agent(args: string[], env: NodeJS.ProcessEnv = {}): AgentProcess {
  const process = spawnAgent(args, env)
  cleanups.push(() => process.kill())
  return process
}

describe('executor agent process', () => {
  it('registers, serves the wire, and on SIGTERM removes itself first and reports its runs', async () => {
    const admin = await stubAdmin({ generation: 'g3', strictShape: true })
    const running = agent([
      '--admin',
      `${admin.url}/xxl-job-admin`,
      '--token',
      TOKEN,
      '--app',
      APP,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--log-path',
      await logDir(),
      '--admin-generation',
      'g3',
    ])
    const [, port] = await running.waitForOutput(/listening on 127\.0\.0\.1:(\d+)/)
    const address = `http://127.0.0.1:${port}/`

    const registry = await admin.waitForRequest((r) => r.path === '/xxl-job-admin/api/registry')
    // The wire's three fields, plus what a JobDesk agent says of itself (XXL-JOB admins ignore it).
    expect(registry.json).toEqual({
      registryGroup: 'EXECUTOR',
      registryKey: APP,
      registryValue: address,
      jobdesk: { version: JOBDESK_VERSION, handlers: expect.arrayContaining(['demoJobHandler', 'httpJobHandler']), scripts: false },
    })
    expect(registry.headers['xxl-job-access-token']).toBe(TOKEN)
    expect(registry.headers['xxl-job-appname']).toBe(APP)
    await running.waitForOutput(/with admin http:\/\/127\.0\.0\.1:\d+\/xxl-job-admin/)

    // A run that is still going and one queued behind it when the signal arrives.
    const client = createExecutorClient({ address, accessToken: TOKEN, appName: APP, generation: 'g3' })
    expect(await client.beat()).toMatchObject({ code: 200 })
    const long = triggerParam({ jobId: 1, executorHandler: 'sleepJobHandler', executorParams: '60000' })
    const queued = triggerParam({ jobId: 1, executorHandler: 'sleepJobHandler', executorParams: '60000' })
    expect(await client.run(long)).toMatchObject({ code: 200 })
    expect(await client.run(queued)).toMatchObject({ code: 200 })
    await waitUntil(
      'the long run to start',
      async () => (await client.log({ logId: long.logId, logDateTime: long.logDateTime, fromLineNum: 1 })).data?.logContent.includes('sleeping') ?? false,
    )

    running.child.kill('SIGTERM')
    const exit = await running.exited
    expect(exit.code).toBe(0)
    const remove = admin.requests.find((r) => r.path === '/xxl-job-admin/api/registryRemove')
    expect(remove?.json).toEqual({ registryGroup: 'EXECUTOR', registryKey: APP, registryValue: address })
    expect(remove!.atMs).toBeLessThanOrEqual(exit.atMs)
    // The graceful stop reported both runs, in the G3 callback shape, after the registry removal.
    const callbacks = admin.requests.filter((r) => r.path === '/xxl-job-admin/api/callback')
    const items = callbacks.flatMap((r) => (r.json as { callbackList: { logId: number; handleCode: number; handleMsg: string }[] }).callbackList)
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ logId: long.logId, handleCode: 500, handleMsg: 'web container destroy and kill the job. [job running, killed]' }),
        expect.objectContaining({
          logId: queued.logId,
          handleCode: 500,
          handleMsg: 'web container destroy and kill the job. [job not executed, in the job queue, killed.]',
        }),
      ]),
    )
    expect(admin.requests.indexOf(remove!)).toBeLessThan(admin.requests.indexOf(callbacks[0]))
  })

  it('refuses to start without a token, saying why', async () => {
    const admin = await stubAdmin({ generation: 'g2' })
    const running = agent(['--admin', admin.url, '--app', APP, '--host', '127.0.0.1', '--port', '0'], { JOBDESK_EXECUTOR_TOKEN: '' })
    const exit = await running.exited
    expect(exit.code).not.toBe(0)
    expect(running.stderr()).toContain('jobdesk-executor: --token is required')
    expect(running.stderr()).toContain('XXL-JOB-ACCESS-TOKEN')
    expect(admin.requests).toEqual([])
  })

  it('exits with one clear line when the port is taken', async () => {
    const admin = await stubAdmin({ generation: 'g2' })
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())))
    const { port } = blocker.address() as AddressInfo
    const running = agent(['--admin', admin.url, '--token', TOKEN, '--app', APP, '--host', '127.0.0.1', '--port', String(port), '--log-path', await logDir()])
    const exit = await running.exited
    expect(exit.code).toBe(1)
    expect(running.stderr().trim()).toBe(`jobdesk-executor: port ${port} on 127.0.0.1 is already in use (pick another with --port)`)
    expect(admin.requests).toEqual([])
  })

  it('rejects unknown flags and bad values with a clear message', async () => {
    for (const [args, message] of [
      [['--admin', 'http://127.0.0.1:1', '--token', TOKEN, '--app', APP, '--nope'], "Unknown option '--nope'"],
      [['--admin', 'ftp://x', '--token', TOKEN, '--app', APP], "--admin: 'ftp://x' must start with http:// or https://"],
      [
        ['--admin', 'http://127.0.0.1:1', '--token', TOKEN, '--app', APP, '--admin-generation', 'g4'],
        "--admin-generation: expected g1, g2, g3 or auto, got 'g4'",
      ],
    ] as const) {
      const running = agent([...args])
      expect((await running.exited).code).toBe(2)
      expect(running.stderr()).toContain(message)
    }
  })
})
