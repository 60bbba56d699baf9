import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { signIn } from '../../support/auth-session'
import { ensureBuilt, startHeadlessChild } from '../../support/headless-child'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

const BIN = fileURLToPath(new URL('../../../bin/jobdesk.mjs', import.meta.url))

const children: ChildProcess[] = []
const dirs: { remove(): void }[] = []
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  for (const dir of dirs.splice(0)) dir.remove()
})

/** `jobdesk serve` on a fresh data folder and a free port; resolves with what it printed once it is ready. */
async function serve(): Promise<string> {
  const dir = makeTempDir('jobdesk-command-')
  dirs.push(dir)
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', join(dir.path, 'data'), '--no-demo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return waitFor('jobdesk serve to print its addresses', () => /Executors register at/.test(output) && output, 60_000)
}

describe('the jobdesk command', () => {
  it('starts two servers from one checkout at once: it runs the built code and builds nothing', async () => {
    await ensureBuilt()
    const [a, b] = await Promise.all([serve(), serve()])
    const consoleOf = (output: string) => /Console: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1]
    expect(consoleOf(a)).toBeDefined()
    expect(consoleOf(b)).toBeDefined()
    expect(consoleOf(a)).not.toBe(consoleOf(b))
    // Neither rebuilt: no bundler output among what they printed.
    expect(`${a}${b}`).not.toMatch(/vite|built in/i)
  }, 120_000)

  it('gives a user a new one-time password in the data folder, which signs in and must be replaced', async () => {
    const server = await startHeadlessChild()
    try {
      const first = /one-time password (\S+)/.exec(server.output())?.[1]
      expect(first, 'the first start printed one').toBeDefined()
      const reset = spawnSync(process.execPath, [BIN, 'reset-password', 'admin', '--data-dir', server.dataDir], { encoding: 'utf8' })
      expect(reset.status, reset.stderr).toBe(0)
      const password = /^User 'admin' has the one-time password (\S+) — sign in and set your own\.$/m.exec(reset.stdout)?.[1]
      expect(password).toBeDefined()
      expect(password).not.toBe(first)
      expect((await signIn(server.origin, 'admin', first!)).status, 'the old one no longer signs in').not.toBe(200)
      const answer = await signIn(server.origin, 'admin', password!)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ ok: true, session: { mustChangePassword: true } })
      const unknown = spawnSync(process.execPath, [BIN, 'reset-password', 'nobody', '--data-dir', server.dataDir], { encoding: 'utf8' })
      expect(unknown.status).toBe(2)
      expect(unknown.stderr).toMatch(/^jobdesk: no user 'nobody' in /)
    } finally {
      await server.dispose()
    }
  }, 60_000)

  it('completes its commands, their flags and get’s kinds in bash, from the commands it has', () => {
    const script = spawnSync(process.execPath, [BIN, 'completion', 'bash'], { encoding: 'utf8' })
    expect(script.status).toBe(0)
    const complete = (words: string[]) =>
      spawnSync(
        'bash',
        ['-c', `eval "$(cat)"; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _jobdesk; echo "\${COMPREPLY[*]}"`],
        {
          input: script.stdout,
          encoding: 'utf8',
        },
      ).stdout.trim()
    expect(complete(['jobdesk', 'ap'])).toBe('apply')
    expect(complete(['jobdesk', 'apply', '--pr'])).toBe('--prune --prune-all')
    expect(complete(['jobdesk', 'get', 'e'])).toBe('executors')
    expect(complete(['jobdesk', 'logs', '--f'])).toBe('--follow')
    expect(spawnSync(process.execPath, [BIN, 'completion', 'zsh'], { encoding: 'utf8' }).stdout).toMatch(/^autoload -U \+X bashcompinit/)
  })

  it('lists its commands, passes a command its own --help, and refuses an unknown one in one line', () => {
    const help = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
    expect(help.status).toBe(0)
    for (const command of [
      'serve',
      'executor',
      'import-xxl',
      'apply',
      'diff',
      'export',
      'get',
      'trigger',
      'logs',
      'flow',
      'kill',
      'schema',
      'completion',
      'reset-password',
    ])
      expect(help.stdout).toContain(command)
    const serveHelp = spawnSync(process.execPath, [BIN, 'serve', '--help'], { encoding: 'utf8' })
    expect(serveHelp.stdout).toContain('--data-dir')
    const unknown = spawnSync(process.execPath, [BIN, 'bogus'], { encoding: 'utf8' })
    // A usage error is exit code 2 (docs/cli.md#exit-codes).
    expect(unknown.status).toBe(2)
    expect(unknown.stderr.split('\n')[0]).toBe("error: unknown command 'bogus'")
  })
})
