import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Principal } from '../../../src/shared/principal'
import { sqliteDb } from '../../support/sqlite-db'
import { startTestCore, type TestCore } from '../../support/core-harness'

const GROUP_VALUE = 'Tr0ub4dor&3-group-value'
const GLOBAL_VALUE = 'correct-horse-global-value'
const REFUSED_VALUE = 'refused-value-never-stored'

let t: TestCore
const person = (role: Principal['role'], groupIds: number[] | null): Principal => ({
  kind: 'user',
  name: `${role}-user`,
  userId: null,
  role,
  groupIds,
  source: '127.0.0.1',
  mustChangePassword: false,
})
const apiAs = (principal: Principal) => t.core.access.apiFor(async () => principal)

beforeEach(async () => {
  t = await startTestCore()
})
afterEach(async () => t.stop())

describe('the secrets API', () => {
  it('lets operators write their group’s secrets and admins the global ones, viewers list names; no answer or audit row carries a value', async () => {
    const operator = apiAs(person('operator', [t.groupId]))
    const viewer = apiAs(person('viewer', [t.groupId]))
    const admin = apiAs(person('admin', null))

    expect(await operator.setSecret({ name: 'oracle_pw', groupId: t.groupId, value: GROUP_VALUE })).toEqual({ version: 1 })
    expect(await admin.setSecret({ name: 'slack_token', value: GLOBAL_VALUE })).toEqual({ version: 1 })
    await expect(operator.setSecret({ name: 'global_try', value: REFUSED_VALUE })).rejects.toMatchObject({ code: 'auth.adminOnly' })
    await expect(viewer.setSecret({ name: 'oracle_pw', groupId: t.groupId, value: REFUSED_VALUE })).rejects.toMatchObject({ code: 'auth.viewerReadOnly' })
    await expect(viewer.removeSecret({ name: 'oracle_pw', groupId: t.groupId })).rejects.toMatchObject({ code: 'auth.viewerReadOnly' })
    await expect(admin.setSecret({ name: 'bad name!', value: REFUSED_VALUE })).rejects.toMatchObject({ code: 'secret.name' })

    const listed = await viewer.listSecrets({ groupId: t.groupId })
    expect(listed.map((s) => [s.name, s.groupId, s.setBy, s.versions])).toEqual([
      ['oracle_pw', t.groupId, 'operator-user', 1],
      ['slack_token', null, 'admin-user', 1],
    ])
    expect(await viewer.listSecretVersions({ name: 'oracle_pw', groupId: t.groupId })).toEqual([
      expect.objectContaining({ version: 1, setBy: 'operator-user', retiredAtMs: null, graceUntilMs: null }),
    ])
    await expect(viewer.listSecretVersions({ name: 'nope', groupId: t.groupId })).rejects.toMatchObject({ code: 'secret.notFound' })
    await operator.removeSecret({ name: 'oracle_pw', groupId: t.groupId })
    await expect(operator.removeSecret({ name: 'oracle_pw', groupId: t.groupId })).rejects.toMatchObject({ code: 'secret.notFound' })

    const answers = JSON.stringify([listed, await admin.listSecrets()])
    const audit = JSON.stringify(sqliteDb(t.core.store).prepare('SELECT * FROM job_audit').all())
    for (const value of [GROUP_VALUE, GLOBAL_VALUE, REFUSED_VALUE]) {
      expect(answers).not.toContain(value)
      expect(audit).not.toContain(value)
    }
    // The rows name the secret and its scope.
    const rows = sqliteDb(t.core.store).prepare("SELECT action, outcome, target FROM job_audit WHERE action LIKE 'secret.%' ORDER BY id").all()
    expect(rows).toEqual([
      { action: 'secret.set', outcome: 'ok', target: `secret oracle_pw of group ${t.groupId}` },
      { action: 'secret.set', outcome: 'ok', target: 'global secret slack_token' },
      { action: 'secret.set', outcome: 'refused', target: 'setSecret' },
      { action: 'secret.set', outcome: 'refused', target: 'setSecret' },
      { action: 'secret.remove', outcome: 'refused', target: 'removeSecret' },
      { action: 'secret.remove', outcome: 'ok', target: `secret oracle_pw of group ${t.groupId}` },
    ])
  })

  it('leaves no value in the database files, whatever their pages hold', async () => {
    const admin = apiAs(person('admin', null))
    await admin.setSecret({ name: 'api_key', value: GLOBAL_VALUE })
    await admin.setSecret({ name: 'api_key', value: GROUP_VALUE })
    sqliteDb(t.core.store).pragma('wal_checkpoint(PASSIVE)')
    const files = readdirSync(t.dataDir).filter((name) => name.startsWith('jobdesk.db'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const bytes = readFileSync(join(t.dataDir, file))
      for (const value of [GLOBAL_VALUE, GROUP_VALUE]) expect(bytes.includes(Buffer.from(value)), `${value} in ${file}`).toBe(false)
    }
  })
})
