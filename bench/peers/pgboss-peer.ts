// B10 peer: pg-boss 10 on PostgreSQL. pg-boss's own cron (`schedule()`) fires at most once a minute
// (it checks every 30 s with a 60-s singleton), so N every-second jobs are what one builds on it
// instead: a producer inserts each second's N jobs 2 s ahead with `startAfter` = their scheduled
// second (pg-boss's delayed jobs; the producer's CPU counts, it is this peer's scheduler), and
// workers poll at pg-boss's fastest interval (0.5 s) in batches. Lag is from the scheduled time in
// each job's data. Speaks peer-protocol.ts on stdout.
// Usage: node --import tsx bench/peers/pgboss-peer.ts --port <postgres port> --jobs N --warmup S --window S
import PgBoss from 'pg-boss'
import { peerArgs, WindowRecorder } from './peer-protocol'
import { sleepUntil } from '../support/stats'

const { port, jobs, warmup, window } = peerArgs(['port', 'jobs', 'warmup', 'window'])
const QUEUE = 'b10'
const BATCH = 1000
/** Each worker fetches ≤ BATCH every 0.5 s: enough workers for 2× the load. */
const WORKERS = Math.max(2, Math.ceil(jobs / BATCH) + 1)
const AHEAD_SEC = 2
const INSERT_CHUNK = 2000

const boss = new PgBoss({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: WORKERS + 4, schedule: false })
boss.on('error', (error) => console.error(`pg-boss: ${error.message}`))
await boss.start()
await boss.createQueue(QUEUE)

const recorder = new WindowRecorder(jobs, window)
for (let w = 0; w < WORKERS; w++) {
  await boss.work<{ t: number }>(QUEUE, { batchSize: BATCH, pollingIntervalSeconds: 0.5 }, async (batch) => {
    for (const job of batch) recorder.record(job.data.t)
  })
}

async function enqueueSecond(scheduledMs: number): Promise<void> {
  const startAfter = new Date(scheduledMs).toISOString()
  for (let from = 0; from < jobs; from += INSERT_CHUNK) {
    const chunk = Array.from({ length: Math.min(INSERT_CHUNK, jobs - from) }, () => ({ name: QUEUE, data: { t: scheduledMs }, startAfter }))
    await boss.insert(chunk)
  }
}

// The producer: one second of jobs at a time, AHEAD_SEC ahead, until the window and its drain are over.
let producing = true
const firstMs = (Math.ceil(Date.now() / 1000) + 1) * 1000
for (let s = 0; s < AHEAD_SEC; s++) await enqueueSecond(firstMs + s * 1000)
const producer = (async () => {
  for (let second = firstMs; producing; second += 1000) {
    await sleepUntil(second)
    await enqueueSecond(second + AHEAD_SEC * 1000)
  }
})()
recorder.open(warmup)
await recorder.drain()
producing = false
await producer
recorder.report(`pg-boss delayed jobs (startAfter) enqueued ${AHEAD_SEC} s ahead, ${WORKERS} workers × batch ${BATCH}, polling 0.5 s`)
await boss.stop({ graceful: false, wait: true })
process.exit(0)
