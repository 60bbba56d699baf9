import { expect, it } from 'vitest'
import { storeSuite, T0 } from './store-fixture'

const refusal = (n: number) => ({
  atMs: T0 + n,
  actor: '(unknown credential)',
  actorKind: 'anonymous' as const,
  source: '127.0.0.9',
  action: 'auth.token' as const,
  outcome: 'refused' as const,
  groupId: null,
  target: 'metrics',
  detail: { params: { n }, reason: { code: 'auth.tokenRefused', message: 'no bearer token' } },
  via: '' as const,
})

storeSuite('the audit trail folds identical refusals (schema version 19)', (f) => {
  it('counts each occurrence of a key on the row of its first, also from two nodes at once; other keys and plain rows stay rows of their own', async () => {
    const other = await f.another()
    // Two nodes meet the same refusal at once, ten times each: one row, 20 occurrences, whoever inserted it.
    await Promise.all([
      (async () => {
        for (let n = 0; n < 10; n++) await f.store.audit.fold(refusal(n), 'key-a')
      })(),
      (async () => {
        for (let n = 10; n < 20; n++) await other.audit.fold(refusal(n), 'key-a')
      })(),
    ])
    await f.store.audit.fold(refusal(20), 'key-b')
    await f.store.audit.insert({ ...refusal(21), outcome: 'ok' })
    const rows = await f.store.audit.list({}, 10)
    expect(rows.map((r) => [r.outcome, r.count])).toEqual([
      ['ok', 1],
      ['refused', 1],
      ['refused', 20],
    ])
    // The folded row keeps the details of the occurrence that inserted it.
    expect(rows[2].detail).toMatchObject({ reason: { code: 'auth.tokenRefused' } })
  })
})
