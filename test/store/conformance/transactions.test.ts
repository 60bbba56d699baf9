import { expect, it } from 'vitest'
import type { Repos } from '../../../src/main/store/store'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { onServer } from '../../support/db-servers'
import { waitFor } from '../../support/wait-for'
import { addGroup, addJob, overlapping, storeSuite, type StoreFixture } from './store-fixture'

storeSuite('transactions', (f) => {
  it('writes everything or nothing: a failing unit of work leaves no row behind', async () => {
    const group = await addGroup(f.store)
    await expect(
      f.store.transaction(async (tx) => {
        await addJob(tx, group, { name: 'lost' })
        await tx.settings.set('lost', true)
        throw new Error('the work failed half-way')
      }),
    ).rejects.toThrow('the work failed half-way')
    expect(await f.store.jobs.list()).toEqual([])
    expect(await f.store.settings.get('lost')).toBeUndefined()
    expect(await f.store.versions.current()).toEqual({ jobs: 0, links: 0, settings: 0, calendars: 0, windows: 0 })
    const kept = await f.store.transaction((tx) => addJob(tx, group, { name: 'kept' }))
    expect((await f.store.jobs.get(kept))?.name).toBe('kept')
  })

  it("refuses a transaction's repositories once it ended, a nested transaction, and an outside call from its work", async () => {
    let leaked: Repos | null = null
    await f.store.transaction(async (tx) => {
      leaked = tx
      await expect(f.store.transaction(async () => {})).rejects.toThrow(/outside the transaction was made from inside it/)
      await expect(f.store.settings.get('x')).rejects.toThrow(/use the transaction's repositories/)
    })
    await expect(leaked!.settings.get('x')).rejects.toThrow(/used after the transaction ended/)
    // The store is fine afterwards.
    await f.store.settings.set('x', 1)
    expect(await f.store.settings.get('x')).toBe(1)
  })

  it('retries the work of a transaction the server broke off to end a deadlock: both units land', async () => {
    await f.store.routes.reserveSequence(1, 1, 0)
    await f.store.routes.reserveSequence(2, 1, 0)
    let attempts = 0
    // Opposite lock orders: each holds one row and then asks for the other's.
    const lock = (firstJob: number, secondJob: number) => async (tx: Repos, meet: () => Promise<void>) => {
      attempts++
      await tx.routes.reserveSequence(firstJob, 1, 0)
      await meet()
      return tx.routes.reserveSequence(secondJob, 1, 0)
    }
    await overlapping(f, lock(1, 2), lock(2, 1))
    // Each sequence was advanced once by each unit.
    expect(await f.store.routes.reserveSequence(1, 1, 0)).toBe(3)
    expect(await f.store.routes.reserveSequence(2, 1, 0)).toBe(3)
    // SQLite's units never overlap. On a server at least one unit ran again; on a loaded machine
    // PostgreSQL once broke off a second attempt too (four attempts, both sequences right), and the
    // store's retries are for exactly that.
    if (f.engine === 'sqlite') expect(attempts).toBe(2)
    else expect(attempts).toBeGreaterThanOrEqual(3)
  })
})

/**
 * Ends, from outside, the server connection of the one open transaction that has written (as a
 * restart or an operator would), and waits until the server has let it go.
 */
async function endTransactionConnection(f: StoreFixture): Promise<void> {
  const postgres = f.engine === 'postgres'
  const sessions = await databaseRows<{ id: number }>(
    f.database,
    postgres
      ? `SELECT pid AS id FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`
      : // INNODB_TRX lists the whole server's transactions: other files' tests run beside this one on
        // databases of their own, so only this database's writing transaction is the one to end.
        `SELECT t.trx_mysql_thread_id AS id FROM information_schema.INNODB_TRX t
           JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id
          WHERE p.DB = DATABASE() AND t.trx_rows_modified > 0 AND t.trx_mysql_thread_id <> CONNECTION_ID()`,
  )
  expect(sessions).toHaveLength(1)
  const id = Number(sessions[0].id)
  await onServer(f.database, postgres ? `SELECT pg_terminate_backend(${id})` : `KILL ${id}`)
  const connected = postgres
    ? `SELECT COUNT(*) FROM pg_stat_activity WHERE pid = ${id}`
    : `SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ${id}`
  await waitFor('the server to end the connection', async () => (await databaseNumber(f.database, connected)) === 0)
}

storeSuite(
  'a connection lost in a transaction',
  (f) => {
    it('fails that transaction, writes none of it, and the store goes on; nothing is thrown outside it', async () => {
      // An 'error' event nobody listens to is thrown from the socket's callback: it would stop a server.
      const thrownOutside: unknown[] = []
      const onUncaught = (error: unknown): number => thrownOutside.push(error)
      process.on('uncaughtException', onUncaught)
      try {
        const group = await addGroup(f.store)
        let cut = false
        await expect(
          f.store.transaction(async (tx) => {
            await addJob(tx, group, { name: 'cut off' })
            await endTransactionConnection(f)
            cut = true
            await tx.settings.set('after the cut', true)
          }),
        ).rejects.toThrow(/connection/i)
        expect(cut).toBe(true)
        expect(thrownOutside).toEqual([])
        expect(await f.store.jobs.list()).toEqual([])
        expect(await f.store.settings.get('after the cut')).toBeUndefined()
        const kept = await f.store.transaction((tx) => addJob(tx, group, { name: 'kept' }))
        expect((await f.store.jobs.get(kept))?.name).toBe('kept')
      } finally {
        process.off('uncaughtException', onUncaught)
      }
    })
  },
  ['postgres', 'mysql'],
)
