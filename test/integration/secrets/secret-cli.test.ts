import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { databaseFile } from '../../../src/main/app/data-dir'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { runCli } from '../../../src/main/cli/program'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openSecretStore } from '../../../src/main/secrets/open-secret-store'
import { defaultSecretKeyFile } from '../../../src/main/secrets/secret-key-file'
import { openStore } from '../../../src/main/store/open-store'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import type { SecretSummary } from '../../../src/shared/secrets'
import { makeTempDir } from '../../support/temp-dir'

const API_TOKEN = 'secret-cli-api-token-0123456789'
const ENV_VALUE = 'value-from-the-environment-42'
const FILE_VALUE = 'value-from-a-file-43'

let dir: ReturnType<typeof makeTempDir>
let server: Headless | null

/** `jobdesk args…` in this process against the server, with its address and the API token in the environment. */
async function jobdesk(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const env = { ...(server ? { JOBDESK_SERVER: server.url.replace(/\/#.*$/, ''), JOBDESK_API_TOKEN: API_TOKEN } : {}), ...extraEnv }
  const code = await runCli({
    argv: args,
    env,
    cwd: dir.path,
    out: { write: (t) => void (stdout += t), error: (t) => void (stderr += t), colors: {} as never, isTerminal: false },
    pause: async () => {},
    runEntry: async () => {},
  })
  return { code, stdout, stderr }
}

beforeEach(async () => {
  dir = makeTempDir('jobdesk-secret-cli-')
  server = await startHeadless({ dataDir: dir.path, host: '127.0.0.1', port: 0, apiToken: API_TOKEN, seedDemo: false, logger: silentLogger })
})
afterEach(async () => {
  await server?.stop()
  dir.remove()
})

describe('jobdesk secret and secrets', () => {
  it('sets from the environment or a file, refuses --value saying why, lists without values and removes', async () => {
    const refused = await jobdesk(['secret', 'set', 'db_pw', '--group', EMBEDDED_APP_NAME, '--value', 'typed-on-the-command-line'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain("a value on the command line stays in the shell's history")

    const fromEnv = await jobdesk(['secret', 'set', 'db_pw', '--group', EMBEDDED_APP_NAME, '--from-env', 'DB_PW'], { DB_PW: ENV_VALUE })
    expect(fromEnv, fromEnv.stderr).toMatchObject({ code: 0, stdout: `secret db_pw of group ${EMBEDDED_APP_NAME} set: version 1\n` })
    writeFileSync(join(dir.path, 'token.txt'), `${FILE_VALUE}\n`)
    const fromFile = await jobdesk(['secret', 'set', 'api_token', '--from-file', 'token.txt'])
    expect(fromFile, fromFile.stderr).toMatchObject({ code: 0, stdout: 'secret api_token (global) set: version 1\n' })
    expect((await jobdesk(['secret', 'set', 'x', '--from-env', 'NOT_SET'])).stderr).toContain('NOT_SET is not set')

    const listed = await jobdesk(['get', 'secrets', '-o', 'json'])
    expect(listed.code, listed.stderr).toBe(0)
    expect((JSON.parse(listed.stdout) as SecretSummary[]).map((s) => [s.name, s.groupId === null, s.versions])).toEqual([
      ['api_token', true, 1],
      ['db_pw', false, 1],
    ])
    const table = await jobdesk(['get', 'secrets', '--group', EMBEDDED_APP_NAME])
    expect(table.stdout).toMatch(/^NAME\s+GROUP\s+SET BY\s+SET AT\s+VERSIONS\n/)
    for (const text of [listed.stdout, table.stdout]) {
      expect(text).not.toContain(ENV_VALUE)
      expect(text).not.toContain(FILE_VALUE)
    }
    // The file's line ending was not part of the value (read as the trigger path reads it, from another connection).
    const store = await openStore(databaseFile(dir.path))
    expect(await (await openSecretStore(store, { dataDir: dir.path }, () => Date.now())).valuesFor(null, ['api_token'])).toEqual(
      new Map([['api_token', FILE_VALUE]]),
    )
    await store.close()

    expect(await jobdesk(['secret', 'rm', 'db_pw', '--group', EMBEDDED_APP_NAME])).toMatchObject({ code: 0 })
    expect((await jobdesk(['secret', 'rm', 'db_pw', '--group', EMBEDDED_APP_NAME])).stderr).toContain("has no secret 'db_pw'")
  })

  it('rotates the key of a stopped server: the values open under the new key file', async () => {
    await server!.core.api.setSecret({ name: 'a', value: FILE_VALUE })
    await server!.core.api.setSecret({ name: 'a', value: ENV_VALUE })
    await server!.stop()
    server = null
    const before = readFileSync(defaultSecretKeyFile(dir.path), 'utf8')
    const rotated = await jobdesk(['secrets', 'rotate-key', '--data-dir', dir.path])
    expect(rotated, rotated.stderr).toMatchObject({ code: 0 })
    expect(rotated.stdout).toContain('2 secret versions re-encrypted')
    expect(readFileSync(defaultSecretKeyFile(dir.path), 'utf8')).not.toBe(before)
    const store = await openStore(databaseFile(dir.path))
    const secrets = await openSecretStore(store, { dataDir: dir.path }, () => Date.now())
    expect((await secrets.allValues()).sort()).toEqual([ENV_VALUE, FILE_VALUE].sort())
    expect((await store.audit.list({}, 1)).map((e) => [e.action, e.outcome, e.target])).toEqual([['secret.rotateKey', 'ok', '2 secret versions']])
    expect(await secrets.valuesFor(null, ['a'])).toEqual(new Map([['a', ENV_VALUE]]))
    await store.close()
  })
})
