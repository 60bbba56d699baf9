import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseAgentArgs, type AgentConfig } from '../../../src/main/agent/agent-args'
import { startAgent, type RunningAgent } from '../../../src/main/agent/run-agent'
import { createExecutor, type Executor } from '../../../src/main/executor'
import { CallbackCollector, triggerParam } from '../../support/executor-fixtures'
import { startStubAdmin, type StubAdmin } from '../../support/stub-admin'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * The agent's --log-path tree is its user's only (as the embedded executor's data folder is): run
 * logs, packed segments, GLUE sources and the callback spool are 0600 files in 0700 folders, and a
 * folder an older agent left 0755 is narrowed at start.
 */
let admin: StubAdmin | undefined
let agent: RunningAgent | undefined
let base: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  await agent?.stop()
  await admin?.close()
  base?.remove()
  admin = agent = base = undefined
})

/** Every folder and file under `root` (itself included) with its permission bits, as `path mode`. */
function modesUnder(root: string): string[] {
  const out = [`. ${(statSync(root).mode & 0o777).toString(8)}`]
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    out.push(`${relative(root, path)} ${(statSync(path).mode & 0o777).toString(8)}`)
  }
  return out.sort()
}

/** An agent on loopback whose callbacks go to `callbacks` (so the test can make one batch fail and be spooled). */
async function startPrivateAgent(logPath: string, layout: AgentConfig['runLogLayout'], callbacks: CallbackCollector): Promise<Executor> {
  admin = await startStubAdmin({ generation: 'both' })
  const parsed = parseAgentArgs([
    '--admin',
    admin.url,
    '--token',
    'private-files-token-0123',
    '--app',
    'private-files',
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--enable-scripts',
  ])
  let executor: Executor | undefined
  agent = await startAgent(
    { ...(parsed as AgentConfig), logPath, runLogLayout: layout, beatIntervalMs: 60_000, callbackRetryMs: 3_600_000 },
    { createExecutor: (options) => (executor = createExecutor({ ...options, callbackSink: callbacks.sink })), finalLogPullGraceMs: 0 },
  )
  return executor!
}

describe("the agent's log folder is private to its user", () => {
  it.each(['files', 'packed'] as const)('run logs (%s), GLUE sources and the callback spool: folders 0700, files 0600', async (layout) => {
    base = makeTempDir('jobdesk-agent-modes-')
    const logPath = join(base.path, 'executor-logs')
    const callbacks = new CallbackCollector()
    const executor = await startPrivateAgent(logPath, layout, callbacks)
    callbacks.failNext(1)
    const script = triggerParam({ jobId: 1, glueType: 'GLUE_SHELL', glueSource: 'echo "secret in a script"', executorHandler: '' })
    const bean = triggerParam({ jobId: 2 })
    expect((await executor.run(script)).code).toBe(200)
    // The first callback batch fails and goes to the spool.
    const spool = join(logPath, 'callbacklogs')
    await waitFor('the refused callback to be spooled', () => existsSync(spool) && readdirSync(spool).some((name) => name.startsWith('xxl-job-callback-')))
    expect((await executor.run(bean)).code).toBe(200)
    await callbacks.waitFor(bean.logId)
    // The stop drains every buffer to disk (packed segments are written then at the latest).
    await agent!.stop()

    const modes = modesUnder(logPath)
    expect(modes.some((m) => m.startsWith('gluesource/1_'))).toBe(true)
    expect(modes.some((m) => m.startsWith('callbacklogs/xxl-job-callback-'))).toBe(true)
    expect(modes.some((m) => (layout === 'files' ? new RegExp(`/${bean.logId}\\.log `) : /\/runs-1\.seg /).test(m))).toBe(true)
    const loose = modes.filter((m) => {
      const [path, mode] = m.split(' ')
      return mode !== (statSync(join(logPath, path)).isDirectory() ? '700' : '600')
    })
    expect(loose).toEqual([])
  })

  it('narrows a folder an older agent left open, and leaves a shared one such as /tmp alone', async () => {
    base = makeTempDir('jobdesk-agent-modes-')
    const logPath = join(base.path, 'old-logs')
    mkdirSync(join(logPath, '2026-01-01'), { recursive: true, mode: 0o755 })
    chmodSync(logPath, 0o755)
    writeFileSync(join(logPath, '2026-01-01', '7.log'), 'old run\n', { mode: 0o644 })
    const sticky = join(base.path, 'shared')
    mkdirSync(sticky)
    chmodSync(sticky, 0o1777)

    await startPrivateAgent(logPath, 'files', new CallbackCollector())
    expect(statSync(logPath).mode & 0o777).toBe(0o700)
    await agent!.stop()
    agent = undefined
    await admin!.close()
    admin = undefined

    await startPrivateAgent(sticky, 'files', new CallbackCollector())
    expect(statSync(sticky).mode & 0o7777).toBe(0o1777)
  })
})
