import { MAX_SLOW_FACTOR } from '../deadline-terms'
import { FLOW_OVERLAPS, FOR_EACH_RULES, TRIGGER_RULES } from '../flow-types'
import { BLOCK_STRATEGIES, GLUE_TYPES, MISFIRE_STRATEGIES, RETRY_BACKOFFS, ROUTE_STRATEGIES } from '../model'
import { codedIssue } from '../messages/coded-errors'
import {
  APPROVAL_PROMPT_MAX_CHARS,
  FLOW_DESCRIPTION_MAX_CHARS,
  FLOW_MAX_ACTIVE_RUNS,
  FLOW_MAX_TIMEOUT_SEC,
  FLOW_NAME_MAX_CHARS,
  FOR_EACH_MAX_CONCURRENCY,
  SWITCH_MAX_CASES,
  switchCaseSchema,
} from './flow'
import { EXECUTOR_PARAM_MAX_CHARS, GLUE_REMARK_MAX_CHARS, GLUE_SOURCE_MAX_CHARS, JOB_NAME_MAX_CHARS, MAX_RETRY_COUNT, jobEnv } from './job'
import { GROUP_NAME_MAX_CHARS } from './primitives'
import { z } from './z'
import { alarmPolicyDocFields } from './alarm-policy'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../calendar/calendar-rules'
import { calendarDocumentSchema, calendarName } from './calendar'
import { MAX_CONCURRENT_MAX, MAX_POOLS_PER_JOB, POOL_DESCRIPTION_MAX_CHARS, POOL_MAX_SLOTS, poolName } from './capacity'
import { windowDocumentSchema } from './window-document'
import { paramsDocFields } from './job-params'
import { llmProviderDocumentSchema } from './llm-provider'

/**
 * The files `jobdesk apply` reads (docs/definitions-as-code.md): YAML documents of `kind: Group`,
 * `Job`, `Flow`, `Calendar` (shared/schema/calendar.ts) or `Window` (./window-document.ts), each object keyed by name (a job by group and name), never by a numeric id, so
 * a file means the same on every server. These schemas check the shape — unknown fields, types,
 * value lists, ranges — in the CLI (with the file's line and column) and again on the server, and
 * the published JSON Schema is generated from them (`jobdesk schema`). What needs more than one
 * document or the server's state (a cron that parses, a child that exists, a cycle) is the server's
 * planner's, with the same rules as the editors.
 */

const MAX_SECONDS = 86_400
const seconds = z.int().min(0).max(MAX_SECONDS)
const name = (max: number) => z.string().min(1).max(max)
/** An executor group's app name, as its executors register it. */
const groupName = z.string().min(1).max(64).describe("the executor group's app name (its executors register with it)")

/** A job's or a flow's promises (DeadlineTerms; docs/deadlines.md): each absent field is off. */
const deadlinesSchema = z
  .strictObject({
    startDeadlineSec: seconds.optional().describe('warn when a run has not started this many seconds after its scheduled time'),
    finishBy: z.string().max(8).optional().describe('warn when a run is not done by this local time (HH:MM or HH:MM:SS) after its scheduled time'),
    finishWithinSec: seconds.optional().describe('warn when a run is not done this many seconds after its scheduled time'),
    slowFactor: z
      .number()
      .min(0)
      .max(MAX_SLOW_FACTOR)
      .optional()
      .describe('warn when a run takes longer than this many times the p95 of its last successful runs'),
  })
  .describe('deadlines and slow-run warnings')

const scheduleSchema = z
  .strictObject({
    cron: z.string().min(1).max(200).optional().describe('a Quartz cron with seconds, e.g. "0 0 2 * * ?"'),
    fixedRate: z.int().min(1).max(31_536_000).optional().describe('fire every this many seconds'),
    businessDays: z.string().min(1).max(200).optional().describe('business days of each month and a time, e.g. "BD1 09:00", "BD-1 18:30" (by the calendar)'),
    timezone: z.string().min(1).max(64).optional().describe("the IANA zone a cron is read in (default: the server's)"),
    misfire: z.enum(MISFIRE_STRATEGIES).optional().describe('what a fire missed while JobDesk was down does (default DO_NOTHING)'),
    calendar: calendarName.optional().describe('the business calendar it follows (a kind: Calendar by that name)'),
    rule: z.enum(CALENDAR_RULES).optional().describe('fire on BUSINESS_DAYS (default) or on NON_BUSINESS_DAYS of the calendar'),
    roll: z.enum(CALENDAR_ROLLS).optional().describe('a fire on a day the rule leaves out: SKIP (default), or move it to the NEXT or PREVIOUS allowed day'),
  })
  .superRefine((schedule, context) => {
    const given = [schedule.cron, schedule.fixedRate, schedule.businessDays].filter((when) => when !== undefined)
    if (given.length !== 1) context.addIssue(codedIssue('definitions.scheduleOneOf', {}))
  })
  .describe('when it fires by itself; leave out for by hand only')

const emails = z.union([z.string().max(1000), z.array(z.string().max(254)).max(50)]).describe('alarm addresses: a list, or one comma-separated text')

const SCRIPT_GLUE_TYPES = GLUE_TYPES.filter((type) => type !== 'BEAN') as [
  Exclude<(typeof GLUE_TYPES)[number], 'BEAN'>,
  ...Exclude<(typeof GLUE_TYPES)[number], 'BEAN'>[],
]

const glueSchema = z
  .strictObject({
    type: z.enum(SCRIPT_GLUE_TYPES),
    source: z.string().max(GLUE_SOURCE_MAX_CHARS).optional().describe('the script, inline'),
    sourceFile: z.string().min(1).max(1024).optional().describe("the script's file, relative to this file (jobdesk apply reads it)"),
    remark: z.string().max(GLUE_REMARK_MAX_CHARS).optional(),
  })
  .superRefine((glue, context) => {
    if (glue.source !== undefined && glue.sourceFile !== undefined) context.addIssue(codedIssue('definitions.sourceAndFile', {}, ['sourceFile']))
  })
  .describe('a script (GLUE) job: its type and source; leave out for a BEAN handler')

/** `on:` of a child link, in the words a file uses. */
export const CHILD_CONDITIONS = { success: 'SUCCESS', failure: 'FAILURE', always: 'ALWAYS' } as const

const childSchema = z.union([
  name(JOB_NAME_MAX_CHARS).describe('a job of the same group, run when this one succeeds'),
  z.strictObject({
    job: name(JOB_NAME_MAX_CHARS),
    group: groupName.optional().describe("the child's group (default: this job's)"),
    on: z
      .enum(Object.keys(CHILD_CONDITIONS) as ['success', 'failure', 'always'])
      .optional()
      .describe('when the child runs (default success)'),
  }),
])

const poolsDocument = z
  .array(z.strictObject({ name: poolName, slots: z.int().min(1).max(POOL_MAX_SLOTS).optional().describe('default 1') }))
  .max(MAX_POOLS_PER_JOB)
  .optional()
const priorityDocument = z.union([z.int().min(1).max(9), z.enum(['HIGHEST', 'HIGH', 'NORMAL', 'LOW', 'LOWEST'])]).optional()

export const jobDocumentSchema = z
  .strictObject({
    kind: z.literal('Job'),
    name: name(JOB_NAME_MAX_CHARS),
    group: groupName,
    author: z.string().max(100).optional(),
    enabled: z.boolean().optional().describe('whether its schedule runs (default: true when it has a schedule)'),
    schedule: scheduleSchema.optional(),
    handler: z.string().min(1).max(255).optional().describe("a BEAN handler's name, as its executor registers it"),
    glue: glueSchema.optional(),
    param: z.string().max(EXECUTOR_PARAM_MAX_CHARS).optional(),
    routing: z.enum(ROUTE_STRATEGIES).optional().describe('which executor of the group runs it (default FIRST)'),
    block: z.enum(BLOCK_STRATEGIES).optional().describe('a fire while the last run runs (default SERIAL_EXECUTION)'),
    timeoutSec: seconds.optional(),
    retry: z
      .strictObject({
        count: z.int().min(0).max(MAX_RETRY_COUNT),
        backoff: z.enum(RETRY_BACKOFFS).optional(),
        intervalSec: seconds.optional(),
        maxIntervalSec: seconds.optional(),
      })
      .optional(),
    alarm: z.strictObject({ email: emails.optional(), everyFailure: z.boolean().optional(), ...alarmPolicyDocFields }).optional(),
    deadlines: deadlinesSchema.optional(),
    children: z.array(childSchema).max(1000).optional().describe('jobs run after this one, by name'),
    pools: poolsDocument.describe('the resource pools each run holds slots of (docs/capacity.md)'),
    priority: priorityDocument.describe('the order of its waiting runs: 1 (HIGHEST) to 9 (LOWEST), default 5 (NORMAL)'),
    maxConcurrent: z.int().min(0).max(MAX_CONCURRENT_MAX).optional().describe('at most this many runs at once, on all addresses (0: no limit)'),
    ...paramsDocFields,
    env: jobEnv.optional().describe("a GLUE script's environment variables, each naming a secret as secrets.NAME (docs/secrets.md)"),
  })
  .describe('a job')

/** The fields each kind of flow node has besides key, kind and rule (a field of another kind is refused). */
const NODE_FIELDS = {
  job: ['job', 'group', 'param', 'pools', 'priority', 'forEach', 'forEachConcurrency', 'forEachRule'],
  approval: ['prompt', 'timeoutSec'],
  subflow: ['flow', 'param'],
  switch: ['cases', 'default'],
} as const
const NODE_FIELD_NAMES = [
  'job',
  'group',
  'param',
  'pools',
  'priority',
  'forEach',
  'forEachConcurrency',
  'forEachRule',
  'prompt',
  'timeoutSec',
  'flow',
  'cases',
  'default',
] as const

const flowNodeSchema = z
  .strictObject({
    key: z.string().min(1).max(64).describe('what edges and ${nodes.<key>.output} name the node by: a-z, 0-9, _ and -'),
    kind: z.enum(['job', 'approval', 'subflow', 'switch']).optional().describe('job (the default), approval, subflow or switch'),
    job: name(JOB_NAME_MAX_CHARS).optional().describe("the job it runs, by name (a job node's)"),
    group: groupName.optional().describe("the job's group (default: the flow's group)"),
    param: z
      .string()
      .max(EXECUTOR_PARAM_MAX_CHARS)
      .optional()
      .describe("the run's parameter (a subflow's: its child run's ${flow.param}); may hold ${nodes.<key>.output} and ${flow.param}"),
    rule: z.enum(TRIGGER_RULES).optional().describe('when it runs over its parents (default all_success)'),
    prompt: z.string().max(APPROVAL_PROMPT_MAX_CHARS).optional().describe("what an approval's approver is asked"),
    timeoutSec: z.int().min(0).max(FLOW_MAX_TIMEOUT_SEC).optional().describe('an approval undecided this long is rejected'),
    pools: poolsDocument.describe("the resource pools the node's run holds, in place of its job's (docs/capacity.md)"),
    priority: priorityDocument.describe("the priority of the node's waiting run, in place of its job's"),
    forEach: z
      .string()
      .max(EXECUTOR_PARAM_MAX_CHARS)
      .optional()
      .describe(
        'fan-out: runs the job once per item of this JSON array (${nodes.<key>.output}, ${flow.param} or a literal); the param may hold ${item} and ${item.index}',
      ),
    forEachConcurrency: z.int().min(1).max(FOR_EACH_MAX_CONCURRENCY).optional().describe("at most this many items' runs at once (default 1)"),
    forEachRule: z.enum(FOR_EACH_RULES).optional().describe('the node succeeds when all items succeeded (default) or when any did'),
    flow: name(FLOW_NAME_MAX_CHARS).optional().describe('the flow a subflow node runs, by name (in the files or on the server)'),
    cases: z
      .array(switchCaseSchema)
      .max(SWITCH_MAX_CASES)
      .optional()
      .describe("a switch's cases, in order: { when: { value, equals | matches | gt | lt }, to: <child key> }"),
    default: z.string().min(1).max(64).optional().describe('the child a switch runs when no case holds'),
  })
  .superRefine((node, context) => {
    const kind = node.kind ?? 'job'
    const own: readonly string[] = NODE_FIELDS[kind]
    for (const field of NODE_FIELD_NAMES) {
      if (node[field] === undefined || own.includes(field)) continue
      if (kind === 'approval') context.addIssue(codedIssue('definitions.notForApproval', { field }, [field]))
      else if (kind === 'job' && (field === 'prompt' || field === 'timeoutSec')) context.addIssue(codedIssue('definitions.onlyForApproval', { field }, [field]))
      else context.addIssue(codedIssue('definitions.notForNodeKind', { field, kind }, [field]))
    }
    if (kind === 'job' && node.job === undefined) context.addIssue(codedIssue('definitions.nodeJobRequired', {}, ['job']))
    if (kind === 'subflow' && node.flow === undefined) context.addIssue(codedIssue('definitions.nodeFieldRequired', { field: 'flow', kind }, ['flow']))
    if (kind === 'switch' && node.cases === undefined) context.addIssue(codedIssue('definitions.nodeFieldRequired', { field: 'cases', kind }, ['cases']))
  })

export const flowDocumentSchema = z
  .strictObject({
    kind: z.literal('Flow'),
    name: name(FLOW_NAME_MAX_CHARS),
    description: z.string().max(FLOW_DESCRIPTION_MAX_CHARS).optional(),
    group: groupName.optional().describe("the group of its nodes' jobs, where a node names none"),
    enabled: z.boolean().optional().describe('whether its schedule runs (default: true when it has a schedule)'),
    schedule: scheduleSchema.optional(),
    maxActiveRuns: z.int().min(1).max(FLOW_MAX_ACTIVE_RUNS).optional(),
    overlap: z.enum(FLOW_OVERLAPS).optional(),
    timeoutSec: z.int().min(0).max(FLOW_MAX_TIMEOUT_SEC).optional(),
    alarm: z.strictObject({ email: emails.optional(), ...alarmPolicyDocFields }).optional(),
    deadlines: deadlinesSchema.optional(),
    param: z.string().max(4096).optional().describe('${flow.param} when a run is triggered without one'),
    ...paramsDocFields,
    nodes: z.array(flowNodeSchema).min(1).max(1000),
    edges: z
      .array(z.strictObject({ from: z.string().min(1).max(64), to: z.string().min(1).max(64) }))
      .max(10_000)
      .optional(),
  })
  .describe('a flow: a DAG of jobs, approvals, sub-flows and switches run as one unit')

export const groupDocumentSchema = z
  .strictObject({
    kind: z.literal('Group'),
    name: groupName,
    title: z.string().min(1).max(GROUP_NAME_MAX_CHARS).optional().describe('what the console shows (default: the app name)'),
    addresses: z
      .array(z.string().min(1).max(500))
      .min(1)
      .max(100)
      .optional()
      .describe('fixed executor addresses; leave out for executors that register themselves'),
  })
  .describe('an executor group')

export const poolDocumentSchema = z
  .strictObject({
    kind: z.literal('Pool'),
    name: poolName,
    slots: z.int().min(1).max(POOL_MAX_SLOTS).describe('how many runs may hold it at once'),
    description: z.string().max(POOL_DESCRIPTION_MAX_CHARS).optional(),
  })
  .describe('a resource pool (docs/capacity.md): jobs and flow nodes name it in their pools')

/** One YAML document of a definition file. */
export const definitionDocumentSchema = z.discriminatedUnion('kind', [
  groupDocumentSchema,
  jobDocumentSchema,
  flowDocumentSchema,
  calendarDocumentSchema,
  windowDocumentSchema,
  poolDocumentSchema,
  llmProviderDocumentSchema,
])

export type GroupDocument = z.infer<typeof groupDocumentSchema>
export type JobDocument = z.infer<typeof jobDocumentSchema>
export type FlowDocument = z.infer<typeof flowDocumentSchema>
export type FlowNodeDocument = z.infer<typeof flowNodeSchema>
export type CalendarDocument = z.infer<typeof calendarDocumentSchema>
export type PoolDocument = z.infer<typeof poolDocumentSchema>
export type DefinitionDocument = z.infer<typeof definitionDocumentSchema>
