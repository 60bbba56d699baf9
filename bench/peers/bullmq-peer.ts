// B10 peer: BullMQ job schedulers on Redis — N schedulers with `pattern: '* * * * * *'` and one Worker
// (concurrency 500) running a no-op. Lag is measured from each job's own due time, which BullMQ puts in
// the scheduler job's id (`repeat:<schedulerId>:<dueMs>`). Speaks peer-protocol.ts on stdout.
// Usage: node --import tsx bench/peers/bullmq-peer.ts --port <redis port> --jobs N --warmup S --window S
import { Queue, Worker } from 'bullmq'
import { peerArgs, WindowRecorder } from './peer-protocol'

const { port, jobs, warmup, window } = peerArgs(['port', 'jobs', 'warmup', 'window'])
const CONCURRENCY = 500
const connection = { host: '127.0.0.1', port, maxRetriesPerRequest: null }
const QUEUE = 'b10'

const queue = new Queue(QUEUE, { connection })
const recorder = new WindowRecorder(jobs, window)
let unreadable = 0
const worker = new Worker(
  QUEUE,
  async (job) => {
    const dueMs = Number(job.id?.slice(job.id.lastIndexOf(':') + 1))
    if (Number.isFinite(dueMs)) recorder.record(dueMs)
    else unreadable++
  },
  { connection, concurrency: CONCURRENCY, autorun: false },
)
worker.on('error', (error) => console.error(`bullmq worker: ${error.message}`))

// Upserting schedulers is a round trip each; 200 in flight keeps it to seconds at 10k.
let next = 0
await Promise.all(
  Array.from({ length: 200 }, async () => {
    while (next < jobs) {
      const i = next++
      // Completed jobs are removed, as one would for every-second jobs (else Redis grows by N keys a second).
      await queue.upsertJobScheduler(`s${i}`, { pattern: '* * * * * *' }, { name: 'noop', data: {}, opts: { removeOnComplete: true, removeOnFail: true } })
    }
  }),
)
void worker.run()
await worker.waitUntilReady()
recorder.open(warmup)
await recorder.drain()
if (unreadable > 0) console.error(`bullmq: ${unreadable} jobs had no due time in their id`)
recorder.report(`BullMQ job schedulers, 1 Worker × concurrency ${CONCURRENCY}, removeOnComplete`)
await worker.close(true)
await queue.close()
process.exit(0)
