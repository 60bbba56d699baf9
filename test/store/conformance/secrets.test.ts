import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SecretStore } from '../../../src/main/secrets/secret-store'
import { loadSecretKey, pendingKeyFile } from '../../../src/main/secrets/secret-key-file'
import { openSecretKey, rotateSecretKey } from '../../../src/main/secrets/secret-key-rotation'
import type { Repos, Store, UnitOfWork } from '../../../src/main/store/store'
import { SECRET_GRACE_MS } from '../../../src/shared/secrets'
import { onServer } from '../../support/db-servers'
import { sqliteDb } from '../../support/sqlite-db'
import { addGroup, storeSuite, T0, type StoreFixture } from './store-fixture'

const PLAIN = 'hunter2-Oracle-Password!'

/** Every stored version's ciphertext, IV and tag as the engine's own client reads them. */
async function rawVersionText(f: StoreFixture): Promise<string> {
  const sql = 'SELECT ciphertext, iv, auth_tag FROM job_secret_version'
  const rows = f.engine === 'sqlite' ? sqliteDb(f.store).prepare(sql).all() : await onServer(f.database, sql)
  expect(rows.length).toBeGreaterThan(0)
  return JSON.stringify(rows)
}

storeSuite('the secrets store', (f) => {
  let dir: string
  let keyFile: string
  let now: number
  const secretStore = async (store: Store = f.store) =>
    new SecretStore({ repos: store, key: await openSecretKey(store.settings, keyFile), keySource: keyFile, nowMs: () => now })

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-secrets-'))
    keyFile = join(dir, 'secrets.key')
    now = T0
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps values encrypted: the raw columns hold neither the value nor its base64, and the key file is 0600', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'oracle_pw', groupId: null, value: PLAIN }, 'admin')
    const raw = await rawVersionText(f)
    expect(raw).not.toContain(PLAIN)
    expect(raw).not.toContain(Buffer.from(PLAIN).toString('base64'))
    expect(raw).not.toContain(Buffer.from(PLAIN).toString('hex'))
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(await secrets.valuesFor(null, ['oracle_pw'])).toEqual(new Map([['oracle_pw', PLAIN]]))
  })

  it('gives a group its own secret over a global one of the same name, the global one to other groups, and leaves unknown names out', async () => {
    const group = await addGroup(f.store, 'etl')
    const other = await addGroup(f.store, 'web')
    const secrets = await secretStore()
    await secrets.set({ name: 'pw', groupId: null, value: 'global-value' }, 'admin')
    await secrets.set({ name: 'pw', groupId: group, value: 'etl-value' }, 'ops')
    await secrets.set({ name: 'only_web', groupId: other, value: 'web-value' }, 'ops')
    expect(await secrets.valuesFor(group, ['pw', 'only_web', 'nope'])).toEqual(new Map([['pw', 'etl-value']]))
    expect(await secrets.valuesFor(other, ['pw', 'only_web'])).toEqual(
      new Map([
        ['pw', 'global-value'],
        ['only_web', 'web-value'],
      ]),
    )
    expect(await secrets.valuesFor(null, ['pw'])).toEqual(new Map([['pw', 'global-value']]))
    // Another node's store (a cache of its own) reads the same.
    const elsewhere = await secretStore(await f.another())
    expect(await elsewhere.valuesFor(group, ['pw'])).toEqual(new Map([['pw', 'etl-value']]))
    // A write on this node reaches the other node's cache at its next read.
    await secrets.set({ name: 'pw', groupId: group, value: 'etl-value-2' }, 'ops')
    expect(await elsewhere.valuesFor(group, ['pw'])).toEqual(new Map([['pw', 'etl-value-2']]))
    expect((await secrets.list([group, null])).map((s) => [s.name, s.groupId, s.setBy, s.versions])).toEqual([
      ['pw', null, 'admin', 1],
      ['pw', group, 'ops', 2],
    ])
  })

  it('rotates a value: the old one stays masked for the grace period, then the maintenance purges it', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'api_key', groupId: null, value: 'first-value' }, 'alice')
    now = T0 + 1000
    expect(await secrets.set({ name: 'api_key', groupId: null, value: 'second-value' }, 'bob')).toBe(2)
    expect(await secrets.valuesFor(null, ['api_key'])).toEqual(new Map([['api_key', 'second-value']]))
    expect((await secrets.allValues()).sort()).toEqual(['first-value', 'second-value'])
    expect(await secrets.versions({ name: 'api_key', groupId: null })).toEqual([
      { version: 2, setBy: 'bob', setAtMs: T0 + 1000, retiredAtMs: null, graceUntilMs: null },
      { version: 1, setBy: 'alice', setAtMs: T0, retiredAtMs: T0 + 1000, graceUntilMs: T0 + 1000 + SECRET_GRACE_MS },
    ])
    expect(await secrets.purgeExpired(T0 + 1000 + SECRET_GRACE_MS)).toBe(0)
    now = T0 + 1001 + SECRET_GRACE_MS
    expect(await secrets.purgeExpired(now)).toBe(1)
    expect(await secrets.allValues()).toEqual(['second-value'])
    expect((await secrets.list()).map((s) => [s.name, s.setBy, s.versions])).toEqual([['api_key', 'bob', 1]])
  })

  it('removes a secret with every version; a second remove finds none', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'gone', groupId: null, value: 'gone-value' }, 'admin')
    expect(await secrets.allValues()).toEqual(['gone-value'])
    expect(await secrets.remove({ name: 'gone', groupId: null })).toBe(true)
    expect(await secrets.remove({ name: 'gone', groupId: null })).toBe(false)
    expect(await secrets.allValues()).toEqual([])
    expect(await secrets.versions({ name: 'gone', groupId: null })).toBeUndefined()
  })

  it('refuses to start with a key that is not the database’s, in one line naming the key file, and a set under another key', async () => {
    const otherFile = join(dir, 'other.key')
    const otherKey = loadSecretKey(otherFile, { createIfAbsent: true })
    // Two nodes started before the first secret, each with its own key: the second one's set is refused.
    const otherNode = new SecretStore({ repos: f.store, key: otherKey, keySource: otherFile, nowMs: () => now })
    await (await secretStore()).set({ name: 'first', groupId: null, value: 'first-value' }, 'admin')
    await expect(otherNode.set({ name: 'second', groupId: null, value: 'second-value' }, 'admin')).rejects.toThrow(/other\.key is not the key/)
    expect((await f.store.secrets.list()).map((s) => s.name)).toEqual(['first'])
    const refusal = openSecretKey(f.store.settings, otherFile)
    await expect(refusal).rejects.toThrow(/^the secrets key in .*other\.key is not the key this database's secrets are encrypted with/)
    await expect(refusal).rejects.toThrow(expect.objectContaining({ message: expect.not.stringContaining('\n') }))
  })

  it('rotates the key in one transaction: values open under the new key file, and the old key is refused', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'a', groupId: null, value: 'value-a' }, 'admin')
    await secrets.set({ name: 'a', groupId: null, value: 'value-a2' }, 'admin')
    const oldText = readFileSync(keyFile, 'utf8')
    expect(await rotateSecretKey(f.store, keyFile)).toBe(2)
    expect(readFileSync(keyFile, 'utf8')).not.toBe(oldText)
    expect(existsSync(pendingKeyFile(keyFile))).toBe(false)
    expect((await (await secretStore()).allValues()).sort()).toEqual(['value-a', 'value-a2'])
    const oldFile = join(dir, 'old.key')
    writeFileSync(oldFile, oldText, { mode: 0o600 })
    await expect(openSecretKey(f.store.settings, oldFile)).rejects.toThrow(/is not the key/)
  })

  it('leaves the old key valid when the rotation fails half-way, and a start-up drops the unused new key', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'a', groupId: null, value: 'value-a' }, 'admin')
    await secrets.set({ name: 'b', groupId: null, value: 'value-b' }, 'admin')
    const oldText = readFileSync(keyFile, 'utf8')
    await expect(rotateSecretKey(failingAfterOneReseal(f.store), keyFile)).rejects.toThrow('crash')
    expect(readFileSync(keyFile, 'utf8')).toBe(oldText)
    const again = await secretStore()
    expect(existsSync(pendingKeyFile(keyFile))).toBe(false)
    expect((await again.allValues()).sort()).toEqual(['value-a', 'value-b'])
  })

  it('finishes a rotation that committed but crashed before the key file was replaced', async () => {
    const secrets = await secretStore()
    await secrets.set({ name: 'a', groupId: null, value: 'value-a' }, 'admin')
    const oldText = readFileSync(keyFile, 'utf8')
    await rotateSecretKey(f.store, keyFile)
    const newText = readFileSync(keyFile, 'utf8')
    // As if the rename had not happened: the old key in the file, the new one beside it.
    writeFileSync(pendingKeyFile(keyFile), newText, { mode: 0o600 })
    writeFileSync(keyFile, oldText, { mode: 0o600 })
    expect(await (await secretStore()).allValues()).toEqual(['value-a'])
    expect(readFileSync(keyFile, 'utf8')).toBe(newText)
    expect(existsSync(pendingKeyFile(keyFile))).toBe(false)
  })
})

/** The store with a transaction whose second re-encryption throws, as a crash mid-way would stop it. */
function failingAfterOneReseal(store: Store): UnitOfWork<Pick<Repos, 'secrets' | 'settings'>> {
  return {
    transaction: (work) =>
      store.transaction((tx) => {
        let resealed = 0
        const secrets = Object.create(tx.secrets) as Repos['secrets']
        secrets.reseal = async (...args) => {
          if (++resealed > 1) throw new Error('crash')
          return tx.secrets.reseal(...args)
        }
        return work({ secrets, settings: tx.settings })
      }),
  }
}
