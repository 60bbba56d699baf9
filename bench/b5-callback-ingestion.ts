// B5 (callback-ingestion) of docs/benchmarks.md#b5-callback-ingestion: executor callbacks turned into finished run rows —
// over HTTP (XXL `/api/callback`, bare-array batches of 100 from 8 clients) and embedded (the
// embedded executor's callback sink, batches of 500) — beside the raw batched UPDATE (100 rows per
// transaction) measured in the same run on the same database. Tripwire: never one transaction per
// callback (≥ 5 rows per transaction on average).
// Usage: npx tsx bench/b5-callback-ingestion.ts [callbacks]
import { sqliteDb } from '../test/support/sqlite-db'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { assembleCore, type CoreParts } from '../src/main/app/core'
import { silentLogger } from '../src/main/kernel/logger'
import { listen } from '../src/main/net/http-server'
import { BenchResult } from './support/results'

const TOKEN = 'b5-token-0123456789'
const total = Number(process.argv[2] ?? 100_000)

/**
 * Inserts `count` running runs, dispatched to a LAN executor of `groupId` (a callback reports only
 * such runs), and returns their ids.
 */
function runningRuns(core: CoreParts, count: number, groupId: number): number[] {
  const insert = sqliteDb(core.store).prepare(
    `INSERT INTO job_log (job_group, job_id, executor_address, trigger_time, trigger_type, trigger_code)
     VALUES (?, 1, 'http://127.0.0.1:1/', ?, 'MANUAL', 200)`,
  )
  const ids: number[] = []
  sqliteDb(core.store).transaction(() => {
    for (let i = 0; i < count; i++) ids.push(Number(insert.run(groupId, Date.now()).lastInsertRowid))
  })()
  return ids
}

function finishedCount(core: CoreParts, ids: number[]): number {
  return (
    sqliteDb(core.store)
      .prepare('SELECT COUNT(*) AS n FROM job_log WHERE id BETWEEN ? AND ? AND handle_code != 0')
      .get(ids[0], ids[ids.length - 1]) as { n: number }
  ).n
}

async function overHttp(core: CoreParts, port: number, groupId: number): Promise<{ perSecond: number; rowsPerTx: number }> {
  const ids = runningRuns(core, total, groupId)
  const before = core.writerStats()
  const clients = Array.from({ length: 8 }, () => new Pool(`http://127.0.0.1:${port}`, { connections: 1 }))
  const batches: number[][] = []
  for (let i = 0; i < ids.length; i += 100) batches.push(ids.slice(i, i + 100))
  const startMs = performance.now()
  let next = 0
  await Promise.all(
    clients.map(async (client) => {
      while (next < batches.length) {
        const batch = batches[next++]
        const body = JSON.stringify(batch.map((logId) => ({ logId, logDateTim: Date.now(), handleCode: 200, handleMsg: 'ok' })))
        const response = await client.request({
          path: '/api/callback',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'xxl-job-access-token': TOKEN },
          body,
        })
        const reply = JSON.parse(await response.body.text()) as { code: number }
        if (reply.code !== 200) throw new Error(`callback refused: ${JSON.stringify(reply)}`)
      }
    }),
  )
  const seconds = (performance.now() - startMs) / 1000
  await Promise.all(clients.map((c) => c.close()))
  if (finishedCount(core, ids) !== total) throw new Error('not every callback was applied')
  const after = core.writerStats()
  return { perSecond: total / seconds, rowsPerTx: (after.completions - before.completions) / (after.transactions - before.transactions) }
}

/** The embedded executor's sink is the core's writer: batches of 500, as the executor hands them over. */
async function embedded(
  core: CoreParts,
  groupId: number,
  complete: (batch: { logId: number; handleCode: number; handleMsg: string; handleTimeMs: number }[]) => Promise<void>,
) {
  const ids = runningRuns(core, total, groupId)
  const before = core.writerStats()
  const startMs = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < ids.length; i += 500) {
    pending.push(complete(ids.slice(i, i + 500).map((logId) => ({ logId, handleCode: 200, handleMsg: 'ok', handleTimeMs: Date.now() }))))
  }
  await Promise.all(pending)
  const seconds = (performance.now() - startMs) / 1000
  if (finishedCount(core, ids) !== total) throw new Error('not every callback was applied')
  const after = core.writerStats()
  return { perSecond: total / seconds, rowsPerTx: (after.completions - before.completions) / (after.transactions - before.transactions) }
}

function rawUpdate(core: CoreParts, groupId: number): number {
  const ids = runningRuns(core, total, groupId)
  const update = sqliteDb(core.store).prepare("UPDATE job_log SET handle_code = 200, handle_msg = 'ok', handle_time = ? WHERE id = ? AND handle_code = 0")
  const startMs = performance.now()
  for (let i = 0; i < ids.length; i += 100) {
    sqliteDb(core.store).transaction(() => {
      for (const id of ids.slice(i, i + 100)) update.run(Date.now(), id)
    })()
  }
  return total / ((performance.now() - startMs) / 1000)
}

const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-b5-'))
const core = await assembleCore({ dataDir, logger: silentLogger, seedDemo: false, embeddedExecutor: false, accessToken: TOKEN })
const server = await listen('127.0.0.1', 0, [core.adminApi], [])
try {
  // A LAN group that takes the global executor token (the one the HTTP callbacks present).
  const group = await core.api.saveGroup({ appName: 'b5-lan', name: 'B5 LAN executors', addressType: 1, addressList: 'http://127.0.0.1:1/', accessToken: '' })
  const raw = rawUpdate(core, group.id)
  const http = await overHttp(core, server.port, group.id)
  const inProcess = await embedded(core, group.id, core.completeRuns)
  const report = new BenchResult('b5', `B5 callback ingestion, ${total} callbacks each`, { callbacks: total })
  const rawRef = { name: 'raw batched UPDATE rows/s', value: raw }
  report.figure({ name: 'B5 HTTP callbacks rows/s', value: http.perSecond, unit: '/s', target: { op: '>=', value: 20_000 }, reference: rawRef })
  report.figure({ name: 'B5 HTTP callbacks ÷ raw', value: http.perSecond, unit: '/s', target: { op: '>=', value: 0.2, on: 'ratio' }, reference: rawRef })
  report.figure({ name: 'B5 HTTP rows per transaction', value: http.rowsPerTx, unit: '', target: { op: '>=', value: 5 } })
  report.figure({ name: 'B5 embedded callbacks rows/s', value: inProcess.perSecond, unit: '/s', target: { op: '>=', value: 50_000 }, reference: rawRef })
  report.figure({
    name: 'B5 embedded callbacks ÷ raw',
    value: inProcess.perSecond,
    unit: '/s',
    target: { op: '>=', value: 0.2, on: 'ratio' },
    reference: rawRef,
  })
  report.figure({ name: 'B5 embedded rows per transaction', value: inProcess.rowsPerTx, unit: '', target: { op: '>=', value: 5 } })
  report.save()
} finally {
  await server.close()
  await core.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(0)
