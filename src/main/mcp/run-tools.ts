import { RUN_STATUSES } from '../../shared/model'
import { z } from '../../shared/schema/z'
import { groupNames } from './group-names'
import { tool } from './mcp-tool'
import { runFacts, runFactsSchema } from './run-facts'
import { logPage, logTail } from './run-log-reads'

const runId = z.int().min(1).describe('the run id (list_runs gives them)')
const epochMs = z.int().min(0).describe('epoch milliseconds')

export const listRuns = tool({
  name: 'list_runs',
  title: 'List runs',
  description:
    'Lists job runs you may see, newest first: state (pending, running, success, failed, killed), trigger type, times, executor address, handle message. ' +
    'Filter by job, status and a trigger-time range. Pages: pass the returned `nextBeforeId` as `beforeId`.',
  kind: 'read',
  input: z.strictObject({
    jobId: z.int().min(1).optional().describe("only this job's runs"),
    status: z.enum(RUN_STATUSES).optional().describe('failed includes killed runs'),
    sinceMs: epochMs.optional().describe('triggered at or after (epoch ms)'),
    untilMs: epochMs.optional().describe('triggered at or before (epoch ms)'),
    beforeId: z.int().min(1).optional(),
    limit: z.int().min(1).max(200).default(20),
  }),
  output: z.object({ runs: z.array(runFactsSchema), nextBeforeId: z.number().nullable() }),
  async run(context, input) {
    const [page, { nameOf }] = await Promise.all([context.api.listRuns(input), groupNames(context.api)])
    return { runs: page.runs.map((run) => runFacts(run, nameOf)), nextBeforeId: page.nextBeforeId }
  },
})

export const getRun = tool({
  name: 'get_run',
  title: 'Get a run',
  description:
    "One run: its state, the trigger's trail (how it was routed, to which executor, why), timings (trigger, end, duration), executor address and handler, parameter, " +
    'handle code and message, and the alarm status. For why it failed in one call, use explain_failure.',
  kind: 'read',
  input: z.strictObject({ runId }),
  output: z.object({ run: runFactsSchema, triggerTrail: z.string() }),
  async run(context, input) {
    const [run, { nameOf }] = await Promise.all([context.api.getRun(input.runId), groupNames(context.api)])
    return { run: runFacts(run, nameOf), triggerTrail: run.triggerMsg }
  },
})

export const getRunLog = tool({
  name: 'get_run_log',
  title: "Read a run's log",
  description:
    "A run's log lines: the last `tail` lines (default), or a page of `lines` lines from line `fromLine` (1-based). " +
    '`atEnd` says whether the log has no more lines yet (a running run writes more). Secret values are masked.',
  kind: 'read',
  input: z.strictObject({
    runId,
    tail: z.int().min(1).max(2000).optional().describe('the last N lines (default 200 when fromLine is not given)'),
    fromLine: z.int().min(1).optional().describe('read a page from this line instead of the tail'),
    lines: z.int().min(1).max(5000).default(500).describe('page size with fromLine'),
  }),
  output: z.object({ runId: z.number(), fromLine: z.number(), lines: z.array(z.string()), atEnd: z.boolean() }),
  async run(context, input) {
    const read =
      input.fromLine !== undefined
        ? await logPage(context.api, input.runId, input.fromLine, input.lines)
        : await logTail(context.api, input.runId, input.tail ?? 200)
    return { runId: input.runId, ...read }
  },
})

export const killRun = tool({
  name: 'kill_run',
  title: 'Kill a running run',
  description:
    "Kills a running run: its executor is told to stop it and it ends as killed at once. With retry false, the job's retries do not follow (default: they do, as after a failure).",
  kind: 'operate',
  destructive: true,
  input: z.strictObject({ runId, retry: z.boolean().default(true) }),
  output: z.object({ run: runFactsSchema }),
  async run(context, input) {
    const [run, { nameOf }] = await Promise.all([context.api.killRun(input.runId, { retry: input.retry }), groupNames(context.api)])
    return { run: runFacts(run, nameOf) }
  },
})
