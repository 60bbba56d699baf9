import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../../src/main/app/core'
import { startHeadless, type Headless } from '../../../src/main/app/headless'
import { silentLogger } from '../../../src/main/kernel/logger'
import { startTempPostgres, type TempDbServer } from '../../support/temp-db-servers'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * Issue 24: /readyz says 503, naming the database, while PostgreSQL is stopped, and 200 again once
 * it is back; /healthz answers throughout. The server is this test's own: stopping the run's
 * shared one would take it from every other test.
 */
const dir = makeTempDir('jobdesk-ready-')
let server: TempDbServer
let headless: Headless<CoreParts>

beforeAll(async () => {
  server = await startTempPostgres({ settings: { fsync: 'off', synchronous_commit: 'off' } })
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: server.url('postgres') })
  await client.connect()
  await client.query('CREATE DATABASE jobdesk_ready')
  await client.end()
  headless = await startHeadless(
    {
      dataDir: join(dir.path, 'data'),
      database: server.url('jobdesk_ready'),
      host: '127.0.0.1',
      port: 0,
      logger: silentLogger,
      seedDemo: false,
      shutdownGraceMs: 200,
      rendererDir: join(dir.path, 'no-renderer'),
    },
    assembleCore,
  )
}, 120_000)
afterAll(async () => {
  await server?.resume?.().catch(() => undefined)
  await headless?.stop()
  await server?.stop()
  dir.remove()
}, 60_000)

async function probe(path: string): Promise<{ status: number; body: { status: string; checks?: Record<string, string> } }> {
  const response = await fetch(`http://127.0.0.1:${headless.server.port}${path}`)
  return { status: response.status, body: (await response.json()) as { status: string; checks?: Record<string, string> } }
}

describe('/readyz on PostgreSQL', () => {
  it('is 503 naming the database while PostgreSQL is stopped, and 200 once it is back', async () => {
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { scheduler: 'ok', database: 'ok', lease: 'ok' } } })
    await server.pause!()
    const down = await waitFor('readyz to fail', async () => {
      const answer = await probe('/readyz')
      return answer.status === 503 && answer
    })
    expect(down.body.status).toBe('unready')
    expect(down.body.checks!.database).not.toBe('ok')
    expect(JSON.stringify(down.body)).not.toContain(server.password)
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
    await server.resume!()
    const up = await waitFor(
      'readyz to pass again',
      async () => {
        const answer = await probe('/readyz')
        return answer.status === 200 && answer
      },
      60_000,
    )
    expect(up.body).toEqual({ status: 'ready', checks: { scheduler: 'ok', database: 'ok', lease: 'ok' } })
  }, 120_000)
})
