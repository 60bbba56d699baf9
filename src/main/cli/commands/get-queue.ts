import type { QueuedRunView } from '../../../shared/capacity'
import { printRows, timeText, type Column, type OutputFormat, type Out } from '../output'
import type { ServerClient } from '../server-client'

/** Why a run waits, as the table says it (the console says the same in the caller's language). */
const WHY_TEXT: Record<QueuedRunView['why'], string> = {
  poolFull: 'pool full',
  jobMaxConcurrent: "job's maxConcurrent reached",
  groupMaxConcurrent: 'every address of the group at its maxConcurrent',
  behindHigherPriority: 'behind a run before it in the queue',
  unknownPool: 'pool does not exist',
}

/** `jobdesk get queue [--pool NAME]`: the runs waiting for pool slots, in queue order per pool. */
export async function getQueue(client: ServerClient, out: Out, format: OutputFormat, pool: string | undefined): Promise<void> {
  const queue = await client.call<QueuedRunView[]>('listQueue', pool === undefined ? {} : { pool })
  printRows(out, queue, QUEUE_COLUMNS, format)
}

const QUEUE_COLUMNS: Column<QueuedRunView>[] = [
  { header: 'POOL', value: (q) => q.pool },
  { header: 'POSITION', value: (q) => String(q.position) },
  { header: 'RUN', value: (q) => String(q.runId) },
  { header: 'JOB', value: (q) => String(q.jobId) },
  { header: 'PRIORITY', value: (q) => String(q.priority) },
  { header: 'WAITING SINCE', value: (q) => timeText(q.waitingSinceMs) },
  { header: 'WHY', value: (q) => WHY_TEXT[q.why] },
  { header: 'SLOTS', value: (q) => String(q.slots), wide: true },
  { header: 'SCHEDULED', value: (q) => timeText(q.orderTimeMs), wide: true },
]
