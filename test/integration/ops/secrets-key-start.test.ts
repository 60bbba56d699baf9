import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { databaseFile } from '../../../src/main/app/data-dir'
import { loadSecretKey } from '../../../src/main/secrets/secret-key-file'
import { openSecretStore } from '../../../src/main/secrets/open-secret-store'
import { openStore } from '../../../src/main/store/open-store'
import { appEntryArgs } from '../../support/app-entry'
import { makeTempDir } from '../../support/temp-dir'

/** `jobdesk serve` as an operator starts it; resolves with its exit code and what it wrote to stderr. */
function serve(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...appEntryArgs('serve'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stderr }))
  })
}

describe('a node started with the wrong secrets key', () => {
  it('refuses to start with one line naming the key file', async () => {
    const dir = makeTempDir()
    const dataDir = join(dir.path, 'data')
    const store = await openStore(databaseFile(dataDir))
    const secrets = await openSecretStore(store, { dataDir }, () => Date.now())
    await secrets.set({ name: 'oracle_pw', groupId: null, value: 'the-right-one' }, 'admin')
    await store.close()
    const wrongFile = join(dir.path, 'wrong.key')
    loadSecretKey(wrongFile, { createIfAbsent: true })

    const { code, stderr } = await serve(['--data-dir', dataDir, '--port', '0', '--no-demo', '--secrets-key-file', wrongFile])
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([
      `jobdesk: the secrets key in ${wrongFile} is not the key this database's secrets are encrypted with: every node must read the same key file (--secrets-key-file; docs/secrets.md)`,
    ])
    dir.remove()
  }, 60_000)
})
