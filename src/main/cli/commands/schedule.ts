import type { ScheduleSimulation, SimulatedFireView, SimulatedSkipView } from '../../../shared/calendar/schedule-simulation'
import { CliError } from '../cli-error'
import { outputFormat, printRows, timeText, yamlText, type Column, type Out } from '../output'
import type { ServerClient } from '../server-client'
import { findJob } from './lookup'

export interface ScheduleOptions {
  from: string
  to: string
  job?: string[]
  output?: string
}

/** One line of the listing: a fire, or a slot that will not fire and why. */
interface Entry {
  time: number
  who: string
  what: string
}

/**
 * `jobdesk schedule --from … --to …`: what the server will fire in a window, and what it will not
 * with the reason, as the simulator answers (the scheduler's own functions). Times are the server's
 * instants shown in this machine's zone; `-o json` prints the simulation as the API gives it.
 */
export async function scheduleCommand(client: ServerClient, out: Out, options: ScheduleOptions): Promise<number> {
  const format = outputFormat(options.output)
  const jobIds = options.job === undefined ? undefined : await Promise.all(options.job.map(async (ref) => (await findJob(client, ref)).id))
  const simulation = await client.call<ScheduleSimulation>('simulateSchedule', {
    from: instantOf('--from', options.from),
    to: instantOf('--to', options.to),
    jobIds,
  })
  if (format === 'json' || format === 'yaml') {
    out.write(format === 'json' ? `${JSON.stringify(simulation, null, 2)}\n` : yamlText(simulation))
    return 0
  }
  const entries = [...simulation.fires.map(fireEntry), ...simulation.skipped.map(skipEntry)].sort((a, b) => a.time - b.time)
  printRows(out, entries, COLUMNS, format)
  if (simulation.cut) out.write('… cut: the window holds more than 100,000 entries; ask for a shorter one or fewer jobs\n')
  return 0
}

/** `2026-12-31`, `2026-12-31T08:00:00+08:00` or epoch ms: a bare date is its local midnight here. */
export function instantOf(flag: string, text: string): number | string {
  if (/^\d+$/.test(text)) return Number(text)
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00`).getTime()
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return text
  throw new CliError(`${flag}: '${text}' is not a date (2026-12-31), an ISO 8601 time (2026-12-31T08:00:00+08:00) or epoch milliseconds`)
}

const whoOf = (ref: { jobId: number } | { flowId: number }): string => ('flowId' in ref ? `flow ${ref.flowId}` : `job ${ref.jobId}`)

function fireEntry(fire: SimulatedFireView): Entry {
  const why = fire.rolledFrom !== undefined ? ` (moved from ${timeText(fire.rolledFrom)})` : fire.afterWindow ? ` (after window ${fire.afterWindow})` : ''
  return { time: fire.time, who: whoOf(fire), what: `fires${why}` }
}

function skipEntry(skip: SimulatedSkipView): Entry {
  return { time: skip.slot, who: whoOf(skip), what: `not fired: ${skip.reason}${skip.detail ? ` (${skip.detail})` : ''}` }
}

const COLUMNS: Column<Entry>[] = [
  { header: 'TIME', value: (e) => timeText(e.time) },
  { header: 'WHO', value: (e) => e.who },
  { header: 'WHAT', value: (e) => e.what },
]
