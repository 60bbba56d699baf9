import type { JobRun } from '../../shared/model'
import { z } from '../../shared/schema/z'
import { groupNames } from './group-names'
import { tool } from './mcp-tool'
import { runFacts, runFactsSchema, runStateOf } from './run-facts'
import { logTail } from './run-log-reads'

/** The log lines the report carries: enough to see the error and what led to it. */
const LOG_LINES = 40
/** The runs read back to find the streak and the last success (one page of the run list). */
const HISTORY_RUNS = 100
/** What a line that reports the failure usually says, in the log formats of xxl-job-core, JobDesk's agent and scripts. */
const FAILURE_WORDS = /\b(error|exception|fail(ed|ure)?|fatal|traceback|panic|exit(ed)? (code|with)|denied|refused|timed? ?out|killed)\b/i

/** The executor's own frame around a run's lines ("----------- xxl-job job execute end …"): it repeats the result, it does not explain it. */
const FRAME_LINE = /-{5,} ?xxl-job job execute/

/**
 * The line that says what went wrong (its index in `lines`): the last line of the job's own with a
 * failure word, else the last line of its own, else the last line.
 */
export function failingLine(lines: readonly string[]): { lineNumber: number; text: string } | null {
  const own = lines.map((text, lineNumber) => ({ lineNumber, text })).filter((line) => !FRAME_LINE.test(line.text))
  const found = own.findLast((line) => FAILURE_WORDS.test(line.text)) ?? own.at(-1)
  if (found) return found
  return lines.length === 0 ? null : { lineNumber: lines.length - 1, text: lines[lines.length - 1] }
}

/** The failed runs in a row up to `run`, newest first in `history`: 0 when `run` did not fail. */
function failureStreak(run: JobRun, history: readonly JobRun[]): number {
  let streak = 0
  for (const earlier of history) {
    if (earlier.id > run.id) continue
    const state = runStateOf(earlier)
    if (state === 'failed' || state === 'killed') streak++
    else if (state === 'success') break
  }
  return streak
}

export const explainFailure = tool({
  name: 'explain_failure',
  title: 'Explain why a run failed',
  description:
    "One compact report on a failed run: its trigger trail (how it was routed and why), the last log lines with the line that reports the failure, this run's parameter and executor " +
    "beside those of the job's last successful run (and which differ), how many runs of the job failed in a row up to this one, and the registry's view of the executor it ran on " +
    '(registered or not, health, last heartbeat). Start here when asked why something failed.',
  kind: 'read',
  input: z.strictObject({ runId: z.int().min(1).describe('a failed run (list_runs with status failed gives them)') }),
  output: z.object({
    run: runFactsSchema,
    summary: z.string(),
    triggerTrail: z.string(),
    log: z.object({ lines: z.array(z.string()), fromLine: z.number(), failingLine: z.looseObject({ lineNumber: z.number(), text: z.string() }).nullable() }),
    lastSuccess: z.looseObject({ runId: z.number() }).nullable(),
    failureStreak: z.number(),
    executor: z.looseObject({ address: z.string(), registered: z.boolean() }),
  }),
  async run(context, input) {
    const { api } = context
    const run = await api.getRun(input.runId)
    const [{ nameOf }, tail, history, registry] = await Promise.all([
      groupNames(api),
      logTail(api, run.id, LOG_LINES),
      api.listRuns({ jobId: run.jobId, beforeId: run.id + 1, limit: HISTORY_RUNS }),
      api.listRegistry(),
    ])
    const group = nameOf(run.jobGroup)
    const success = history.runs.find((r) => r.id < run.id && runStateOf(r) === 'success') ?? null
    const failing = failingLine(tail.lines)
    const entry = registry.find((e) => e.appName === group && e.address === run.executorAddress)
    const executor = {
      address: run.executorAddress,
      group,
      registered: entry !== undefined,
      health: entry?.health ?? null,
      lastBeatMs: entry?.updateTimeMs ?? null,
      kind: entry?.executor ?? null,
      othersInGroup: registry.filter((e) => e.appName === group && e.address !== run.executorAddress).map((e) => ({ address: e.address, health: e.health })),
    }
    const differs = success ? (['executorParam', 'executorAddress', 'executorHandler'] as const).filter((field) => success[field] !== run[field]) : []
    const lastSuccess = success && {
      runId: success.id,
      triggerTimeMs: success.triggerTimeMs,
      executorParam: success.executorParam,
      ...(success.typedParams && { typedParams: success.typedParams }),
      executorAddress: success.executorAddress,
      executorHandler: success.executorHandler,
      differs,
    }
    const streak = failureStreak(run, history.runs)
    const state = runStateOf(run)
    const summary = [
      `Run ${run.id} of job ${run.jobId} (${group || 'group ' + run.jobGroup}) is ${state}` +
        (run.executorAddress ? ` on ${run.executorAddress}` : ' (no executor was chosen)') +
        (run.handleMsg ? `: ${run.handleMsg.split('\n')[0].slice(0, 300)}` : '.'),
      failing ? `Failing log line ${tail.fromLine + failing.lineNumber}: ${failing.text.slice(0, 500)}` : 'The log has no lines.',
      streak > 0 ? `${streak} run(s) of this job failed in a row up to this one.` : '',
      success
        ? `Last success: run ${success.id}` + (differs.length > 0 ? `; it differed in ${differs.join(', ')}.` : ', with the same parameter and executor.')
        : 'No earlier successful run in the last ' + HISTORY_RUNS + ' runs.',
      run.executorAddress
        ? entry
          ? `The executor is registered in ${group} and ${entry.health}.`
          : `The executor ${run.executorAddress} is not registered in ${group} now.`
        : '',
    ]
      .filter((line) => line !== '')
      .join('\n')
    return {
      run: runFacts(run, nameOf),
      summary,
      triggerTrail: run.triggerMsg,
      log: {
        lines: tail.lines,
        fromLine: tail.fromLine,
        failingLine: failing && { lineNumber: tail.fromLine + failing.lineNumber, text: failing.text },
      },
      lastSuccess,
      failureStreak: streak,
      executor,
    }
  },
})
