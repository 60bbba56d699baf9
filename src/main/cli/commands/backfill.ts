import { BACKFILL_ORDERS, type BackfillOrder, type BackfillStarted, type BackfillSummary, type BackfillView } from '../../../shared/backfill'
import { CliError, EXIT } from '../cli-error'
import { outputFormat, printRows, timeText, yamlText, type Column, type Out } from '../output'
import type { ServerClient } from '../server-client'
import { followPauseMs } from './follow-pace'
import { findFlow, findJob } from './lookup'
import type { Pause } from './runs'
import { instantOf } from './schedule'

export interface BackfillOptions {
  flow?: string
  from?: string
  to?: string
  onlyMissing?: boolean
  concurrency?: string
  order?: string
  dryRun?: boolean
  maxSlots?: string
  output?: string
}

/**
 * `jobdesk backfill JOB|--flow NAME --from … --to …`: starts a backfill and follows it to its end —
 * a progress bar on a terminal, a line per change otherwise — and exits 0 when every slot's run
 * succeeded, 1 when one failed or the backfill was cancelled. `--dry-run` prints the slots only.
 */
export async function backfillCommand(client: ServerClient, out: Out, jobRef: string | undefined, options: BackfillOptions, pause: Pause): Promise<number> {
  const format = outputFormat(options.output)
  if ((jobRef === undefined) === (options.flow === undefined)) throw new CliError('backfill: name a job, or a flow with --flow (not both)')
  if (options.from === undefined || options.to === undefined) throw new CliError('backfill: give the range with --from and --to')
  const target = jobRef !== undefined ? { jobId: (await findJob(client, jobRef)).id } : { flowId: (await findFlow(client, options.flow!)).id }
  const started = await client.call<BackfillStarted>('startBackfill', {
    ...target,
    from: instantOf('--from', options.from),
    to: instantOf('--to', options.to),
    ...(options.concurrency !== undefined ? { concurrency: wholeNumber('--concurrency', options.concurrency) } : {}),
    ...(options.order !== undefined ? { order: orderOf(options.order) } : {}),
    ...(options.maxSlots !== undefined ? { maxSlots: wholeNumber('--max-slots', options.maxSlots) } : {}),
    onlyMissing: options.onlyMissing === true,
    dryRun: options.dryRun === true,
  })
  if (options.dryRun) {
    if (format === 'json' || format === 'yaml') out.write(format === 'json' ? `${JSON.stringify(started.slots, null, 2)}\n` : yamlText(started.slots))
    else printRows(out, started.slots, SLOT_COLUMNS, format)
    if (format === 'table' || format === 'wide') out.error(`${started.slots.length} slot(s); nothing was started (--dry-run)\n`)
    return EXIT.ok
  }
  out.error(`backfill ${started.backfillId}: ${started.slots.length} slot(s)\n`)
  return followBackfill(client, out, started.backfillId, pause)
}

/** Follows a backfill until it is done or cancelled, at the pace of `logs --follow` (the OpenAPI's budget is per token). */
async function followBackfill(client: ServerClient, out: Out, id: number, pause: Pause): Promise<number> {
  let shown = ''
  for (let looks = 0; ; looks++) {
    // One slot: the counts are what is followed, not the list.
    const view = await client.call<BackfillView>('getBackfill', { id, slotLimit: 1 })
    const line = progressText(view)
    if (out.isTerminal) out.write(`\r${progressBar(view)} ${line}\u001b[K`)
    else if (line !== shown) out.write(`backfill ${id}: ${line}\n`)
    shown = line
    if (view.state === 'done' || view.state === 'cancelled') {
      if (out.isTerminal) out.write('\n')
      return view.state === 'done' && view.failed === 0 ? EXIT.ok : EXIT.differs
    }
    await pause(followPauseMs(looks))
  }
}

/** `12/72 done, 1 failed, 2 running (running)`. */
function progressText(view: BackfillSummary): string {
  const more = [
    view.failed > 0 ? `${view.failed} failed` : '',
    view.running > 0 ? `${view.running} running` : '',
    view.cancelled > 0 ? `${view.cancelled} cancelled` : '',
  ]
  return [`${view.done}/${view.total} done`, ...more.filter((part) => part !== '')].join(', ') + ` (${view.state})`
}

const BAR_WIDTH = 30

/** `[#########---------------------]`: the share of slots that ended (done, failed or cancelled). */
function progressBar(view: BackfillSummary): string {
  const ended = view.done + view.failed + view.cancelled
  const filled = view.total === 0 ? BAR_WIDTH : Math.round((ended / view.total) * BAR_WIDTH)
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`
}

/** `jobdesk backfill pause|resume|cancel ID`. */
export async function steerBackfillCommand(client: ServerClient, out: Out, action: 'pause' | 'resume' | 'cancel', ref: string): Promise<number> {
  if (!/^[1-9]\d{0,15}$/.test(ref)) throw new CliError(`backfill ${action}: '${ref}' is not a backfill id (jobdesk get backfills lists them)`)
  const method = `${action}Backfill`
  const view = await client.call<BackfillSummary>(method, { id: Number(ref) })
  out.write(`backfill ${view.id}: ${progressText(view)}\n`)
  return EXIT.ok
}

function wholeNumber(flag: string, text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new CliError(`${flag}: '${text}' is not a whole number`)
  return Number(text)
}

/** `OLDEST_FIRST`, `oldest-first` or `oldest`: the API's names, as typed. */
function orderOf(text: string): BackfillOrder {
  const name = text.toUpperCase().replace(/-/g, '_')
  const order = BACKFILL_ORDERS.find((o) => o === name || o === `${name}_FIRST`)
  if (!order) throw new CliError(`--order: '${text}' is not one of ${BACKFILL_ORDERS.join(', ')}`)
  return order
}

const SLOT_COLUMNS: Column<number>[] = [
  { header: 'SLOT', value: (slot) => timeText(slot) },
  { header: 'ISO 8601', value: (slot) => new Date(slot).toISOString() },
]

/** `jobdesk get backfills`. */
export const BACKFILL_COLUMNS: Column<BackfillSummary>[] = [
  { header: 'ID', value: (b) => String(b.id) },
  { header: 'OF', value: (b) => ('flowId' in b ? `flow ${b.flowId}` : `job ${b.jobId}`) },
  { header: 'STATE', value: (b) => b.state.toUpperCase() },
  { header: 'DONE', value: (b) => `${b.done}/${b.total}` },
  { header: 'FAILED', value: (b) => String(b.failed) },
  { header: 'RUNNING', value: (b) => String(b.running) },
  { header: 'FROM', value: (b) => timeText(b.from) },
  { header: 'TO', value: (b) => timeText(b.to) },
  { header: 'BY', value: (b) => b.createdBy, wide: true },
  { header: 'CONCURRENCY', value: (b) => String(b.concurrency), wide: true },
  { header: 'ORDER', value: (b) => b.order, wide: true },
]
