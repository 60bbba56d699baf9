import { describe, expect, it } from 'vitest'
import { useDefinitionWorld } from '../../../../test/support/definition-world'
import type { DefinitionSource } from '../../../shared/definition-plan'

/**
 * A job file's `env` (a GLUE script's secrets, by reference: docs/secrets.md) against a real SQLite
 * store: applied, no change on a second apply, exported as written, removed by a file without it,
 * and a value in place of a reference refused.
 */
const NOW_MS = Date.UTC(2026, 0, 5, 12)

const world = useDefinitionWorld('jobdesk-env-definitions-', NOW_MS, ['batch'])

const load = {
  kind: 'Job',
  name: 'load',
  group: 'batch',
  glue: { type: 'GLUE_SHELL', source: 'sqlplus "user/$DB_PASS"' },
  env: { DB_PASS: 'secrets.oracle_pw' },
}
const sources = (docs: object[]): DefinitionSource[] => docs.map((document, i) => ({ file: `defs/${i}.yaml`, document }))
const apply = (docs: object[], dryRun = false) => world.service.apply({ sources: sources(docs), dryRun, prune: 'none' })

describe('env in job files', () => {
  it('applies the references, changes nothing the second time, exports them as written and drops them with the field', async () => {
    expect(await apply([load])).toMatchObject({ applied: true })
    expect((await world.store.jobs.list())[0].env).toEqual({ DB_PASS: 'secrets.oracle_pw' })
    expect(await apply([load])).toEqual({ changes: [], unchanged: 1, applied: false })
    expect((await world.service.export()).find((d) => d.kind === 'Job')).toMatchObject({ env: { DB_PASS: 'secrets.oracle_pw' } })
    const plan = await apply([{ ...load, env: undefined }], true)
    expect(plan.changes.map((c) => c.fields)).toEqual([['env.DB_PASS']])
  })

  it('refuses a value where a reference belongs', async () => {
    await expect(apply([{ ...load, env: { DB_PASS: 'hunter2' } }])).rejects.toThrow(/secrets\.NAME/)
  })
})
