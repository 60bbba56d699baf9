import type { AlarmEntry } from '../../../shared/alarm-list'
import { ALARM_STATES } from '../../../shared/alarm-list'
import { CliError } from '../cli-error'
import { printRows, timeText, type Column, type OutputFormat, type Out } from '../output'
import type { ServerClient } from '../server-client'
import { findJob } from './lookup'

const DAY_MS = 86_400_000

export interface AlarmFilter {
  job?: string
  status?: string
  limit: number
}

/**
 * `jobdesk get alarms [--job JOB] [--status sent|failed|folded|suppressed]`: the alarms of the last
 * 24 h before `nowMs`, newest first, each with its channels' delivery (the console's Alarms page).
 */
export async function getAlarms(client: ServerClient, out: Out, format: OutputFormat, filter: AlarmFilter, nowMs: number): Promise<void> {
  if (filter.status !== undefined && !(ALARM_STATES as readonly string[]).includes(filter.status)) {
    throw new CliError(`--status: '${filter.status}' is not one of ${ALARM_STATES.join(', ')}`)
  }
  const jobId = filter.job === undefined ? undefined : (await findJob(client, filter.job)).id
  const alarms = await client.call<AlarmEntry[]>('listAlarms', { from: nowMs - DAY_MS, to: nowMs + 1000, jobId, state: filter.status })
  printRows(out, alarms.slice(0, filter.limit), ALARM_COLUMNS, format)
}

/** Each channel as `email:ops@example.com ok`, or `-` when nothing was sent (folded, suppressed). */
const deliveriesText = (a: AlarmEntry) => a.deliveries.map((d) => `${d.channel}:${d.target} ${d.ok ? 'ok' : `FAILED ${d.detail}`.trim()}`).join('; ') || '-'

const ALARM_COLUMNS: Column<AlarmEntry>[] = [
  { header: 'ID', value: (a) => String(a.id) },
  { header: 'TIME', value: (a) => timeText(a.atMs) },
  { header: 'JOB', value: (a) => String(a.jobId) },
  { header: 'RUN', value: (a) => String(a.logId) },
  { header: 'KIND', value: (a) => a.kind },
  { header: 'STATE', value: (a) => a.state.toUpperCase() },
  { header: 'CHANNELS', value: (a) => String(a.deliveries.length) },
  { header: 'DELIVERY', value: deliveriesText, wide: true },
  { header: 'RESENT', value: (a) => (a.resentOf > 0 ? `of ${a.resentOf} by ${a.resentBy}` : '-'), wide: true },
]
