import { withLineBreaks } from '../../../shared/line-breaks'
import type { FlowRun, FlowTriggerResult } from '../../../shared/flow-types'
import { runStatus, type JobRun, type LogPage } from '../../../shared/model'
import { isKilledRun } from '../../../shared/run-kill'
import { CliError, EXIT } from '../cli-error'
import type { Out } from '../output'
import type { ServerClient } from '../server-client'
import { findFlow, findJob, runId } from './lookup'
import { followPauseMs } from './follow-pace'
import { triggerParamFields } from './trigger-params'

/** How `logs --follow` waits between looks: the process's timers, or a test's. */
export interface Pause {
  (ms: number): Promise<void>
}

/**
 * `jobdesk trigger JOB [--param P | --param name=value …] [--address A]`: runs the job once and prints
 * the run id (one per shard of a broadcast); a job's typed parameters are checked before the call.
 */
export async function triggerCommand(client: ServerClient, out: Out, ref: string, options: { param?: string[]; address?: string[] }): Promise<number> {
  const job = await findJob(client, ref)
  const { text, params } = triggerParamFields(job, options.param ?? [])
  const logIds = await client.call<number[]>('triggerJob', {
    id: job.id,
    ...(text !== undefined ? { executorParam: text } : {}),
    ...(params !== undefined ? { params } : {}),
    ...(options.address !== undefined ? { addressList: options.address } : {}),
  })
  out.write(`${logIds.join('\n')}\n`)
  return EXIT.ok
}

/** `jobdesk kill RUN [--no-retry]`: prints "run 637 killed by …"; `--no-retry` drops the retries that would follow it. */
export async function killCommand(client: ServerClient, out: Out, ref: string, options: { retry?: boolean } = {}): Promise<number> {
  const run = await client.call<JobRun>('killRun', { logId: runId(ref), ...(options.retry === false ? { retry: false } : {}) })
  // A kill is a failure: say so when the job's retries will follow it (the fail monitor's rule).
  const retryFollows = options.retry !== false && run.executorFailRetryCount > 0
  out.write(`${endedLine(run)}${retryFollows ? `; a retry follows (${run.executorFailRetryCount} left: --no-retry kills without)` : ''}\n`)
  return EXIT.ok
}

/**
 * How a finished run reads: "run 637 killed by olga, without retry" for a kill (its message says who,
 * core's RunControl), "run 638 failed: <first line>" or "run 639 success" otherwise.
 */
export function endedLine(run: JobRun): string {
  const firstLine = run.handleMsg.split('\n')[0]
  if (isKilledRun(run)) return `run ${run.id} ${firstLine.startsWith('Killed') ? `k${firstLine.slice(1)}` : `killed: ${firstLine}`}`
  const status = runStatus(run)
  return `run ${run.id} ${status}${run.handleMsg && status === 'failed' ? `: ${firstLine}` : ''}`
}

/** `jobdesk flow run NAME [--param P | --param name=value …]`: starts a run of the flow and prints its id; typed parameters are checked first. */
export async function flowRunCommand(client: ServerClient, out: Out, ref: string, options: { param?: string[] }): Promise<number> {
  const flow = await findFlow(client, ref)
  const { text, params } = triggerParamFields(flow, options.param ?? [], 'flow')
  const result = await client.call<FlowTriggerResult>('triggerFlow', {
    id: flow.id,
    ...(text !== undefined ? { param: text } : {}),
    ...(params !== undefined ? { params } : {}),
  })
  if (result.flowRunId === null)
    throw new CliError(`flow '${flow.name}': the run was skipped (${flow.maxActiveRuns} run(s) active, overlap ${flow.overlap})`, [], EXIT.differs)
  out.write(`${result.flowRunId}\n`)
  return EXIT.ok
}

/**
 * `jobdesk flow kill RUN [--keep-finished]`: ends the flow run as killed and prints each node's state;
 * with `--keep-finished`, what has finished keeps its outcome and the nodes not reached end killed.
 */
export async function flowKillCommand(client: ServerClient, out: Out, ref: string, options: { keepFinished?: boolean }): Promise<number> {
  const run = await client.call<FlowRun>('killFlowRun', { id: runId(ref), ...(options.keepFinished ? { keepFinished: true } : {}) })
  out.write(`flow run ${run.id} ${run.state}: ${run.nodes.map((node) => `${node.key} ${node.state}`).join(', ')}\n`)
  return EXIT.ok
}

/**
 * `jobdesk logs RUN [--follow]`: prints the run's log; with `--follow`, goes on printing new lines
 * until the run ends, and exits 0 when it succeeded, 1 otherwise.
 */
export async function logsCommand(client: ServerClient, out: Out, ref: string, options: { follow?: boolean }, pause: Pause): Promise<number> {
  const logId = runId(ref)
  let from = 1
  let lostLines = 0
  const readNew = async () => {
    for (;;) {
      const page = await client.call<LogPage>('getRunLog', { logId, fromLineNum: from })
      // An XXL-JOB executor's log breaks its lines with <br>: a terminal shows them as breaks.
      const text = withLineBreaks(page.logContent)
      if (text !== '') out.write(text.endsWith('\n') ? text : `${text}\n`)
      lostLines = Math.max(lostLines, page.lostLines ?? 0)
      const next = page.toLineNum + 1
      // A page stops at its line limit: read on until nothing new comes.
      if (next <= from || page.logContent === '') return page
      from = next
    }
  }
  const sayLost = () => {
    if (lostLines > 0) out.error(`run ${logId}: its log is incomplete: ${lostLines} line(s) could not be written by the executor (a full disk?)\n`)
  }
  if (!options.follow) {
    await readNew()
    sayLost()
    return EXIT.ok
  }
  for (let looks = 0; ; looks++) {
    const run = await client.call<JobRun>('getRun', { id: logId })
    const status = runStatus(run)
    await readNew()
    if (status === 'success' || status === 'failed') {
      sayLost()
      out.error(`${endedLine(run)}\n`)
      return status === 'success' ? EXIT.ok : EXIT.differs
    }
    await pause(followPauseMs(looks))
  }
}
