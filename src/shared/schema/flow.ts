import { deadlineFields } from './deadlines'
import { alarmPolicyFields } from './alarm-policy'
import {
  FLOW_MAX_EDGES,
  FLOW_MAX_NODES,
  FLOW_OVERLAPS,
  FLOW_VALUE_MAX_BYTES,
  FOR_EACH_RULES,
  TRIGGER_RULES,
  type FlowDefinition,
  type FlowSettings,
} from '../flow-types'
import { flowDefinitionIssues } from '../flow-definition-check'
import { codedIssue } from '../messages/coded-errors'
import { MISFIRE_STRATEGIES, SCHEDULE_TYPES } from '../model'
import { utf8ByteLength } from '../utf8-bytes'
import { EXECUTOR_PARAM_MAX_CHARS, JOB_NAME_MAX_CHARS } from './job'
import { emailList, id, requiredText, text, trimmedText } from './primitives'
import { z } from './z'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../calendar/calendar-rules'
import { calendarName } from './calendar'
import { poolNeeds, priority } from './capacity'
import { paramsFields } from './job-params'

export const FLOW_NAME_MAX_CHARS = JOB_NAME_MAX_CHARS
export const FLOW_DESCRIPTION_MAX_CHARS = 1000
export const FLOW_MAX_ACTIVE_RUNS = 100
/** A week: the longest a whole run, or an approval, may be given. */
export const FLOW_MAX_TIMEOUT_SEC = 604_800
export const APPROVAL_PROMPT_MAX_CHARS = 500
/** A fan-out node runs at most this many of its items at once. */
export const FOR_EACH_MAX_CONCURRENCY = 100
export const SWITCH_MAX_CASES = 50
export const SWITCH_VALUE_MAX_CHARS = 1000
/** A `matches` pattern's length: short patterns keep a regular expression's cost bounded. */
export const SWITCH_PATTERN_MAX_CHARS = 200

const timeoutSec = z.int().min(0).max(FLOW_MAX_TIMEOUT_SEC).default(0)
const triggerRule = z.enum(TRIGGER_RULES).default('all_success')

/** A value a flow passes on (`${flow.param}`): at most FLOW_VALUE_MAX_BYTES of UTF-8, as nodes get it. */
const flowValue = z.string().superRefine((value, context) => {
  const bytes = utf8ByteLength(value)
  if (bytes > FLOW_VALUE_MAX_BYTES) context.addIssue(codedIssue('flow.valueTooLong', { bytes, max: FLOW_VALUE_MAX_BYTES }))
})

/** A node that runs a job. `kind` may be left out; it is given as 'job' after parsing. */
const jobNodeSchema = z.strictObject({
  kind: z.literal('job').default('job'),
  key: z.string(),
  jobId: id,
  // Absent: the job's own parameter. The job editor's limit, before references are put in.
  param: text(EXECUTOR_PARAM_MAX_CHARS).optional(),
  triggerRule,
  // In place of the job's own for the node's run (docs/capacity.md).
  pools: poolNeeds.optional(),
  priority: priority.optional(),
  // Fan-out (docs/flows.md#fan-out): the list's reference or literal JSON array, its cap and outcome rule.
  forEach: text(EXECUTOR_PARAM_MAX_CHARS).optional(),
  forEachConcurrency: z.int().min(1).max(FOR_EACH_MAX_CONCURRENCY).optional(),
  forEachRule: z.enum(FOR_EACH_RULES).optional(),
})

/** A node that runs another flow as one step. */
const subflowNodeSchema = z.strictObject({
  kind: z.literal('subflow'),
  key: z.string(),
  flowId: id,
  param: text(EXECUTOR_PARAM_MAX_CHARS).optional(),
  triggerRule,
})

/** A switch case: the value to test and exactly one operator (checked with the definition). */
export const switchCaseSchema = z.strictObject({
  when: z.strictObject({
    value: text(SWITCH_VALUE_MAX_CHARS),
    equals: text(SWITCH_VALUE_MAX_CHARS).optional(),
    matches: text(SWITCH_PATTERN_MAX_CHARS).optional(),
    gt: z.number().optional(),
    lt: z.number().optional(),
  }),
  to: z.string(),
})

/** A branch: the first case that holds picks its child, else `default`; the others are skipped. */
const switchNodeSchema = z.strictObject({
  kind: z.literal('switch'),
  key: z.string(),
  cases: z.array(switchCaseSchema).max(SWITCH_MAX_CASES),
  default: z.string().optional(),
  triggerRule,
})

const approvalNodeSchema = z.strictObject({
  kind: z.literal('approval'),
  key: z.string(),
  prompt: trimmedText(APPROVAL_PROMPT_MAX_CHARS).default(''),
  timeoutSec,
  triggerRule,
})

const definitionFields = {
  // At least one node is checked with the graph (flow.noNodes says it better than a count).
  nodes: z.array(z.discriminatedUnion('kind', [jobNodeSchema, approvalNodeSchema, subflowNodeSchema, switchNodeSchema])).max(FLOW_MAX_NODES),
  edges: z
    .array(z.strictObject({ from: z.string(), to: z.string() }))
    .max(FLOW_MAX_EDGES)
    .default([]),
}

/** A flow's settings and graph after parsing: every setting given (absent ones defaulted). */
export type ParsedFlowInput = FlowSettings & FlowDefinition & { id?: number }

/**
 * A flow as the editor and the OpenAPI give it (FlowInput): each field on its own, absent settings
 * defaulted, unknown fields refused. What needs the whole definition or other modules — the graph
 * is a DAG of unique keys, references name upstream nodes (flow-definition-check.ts), the schedule's
 * conf and zone are valid — is checked in src/main/flows/flow-input.ts (`parseFlowInput`), as a job's schedule is checked
 * beside its schema; rules that need the database or the clock (the jobs exist, the cron fires
 * again) are the flow service's.
 */
export const flowInputSchema = z.strictObject({
  id: id.optional(),
  name: requiredText(FLOW_NAME_MAX_CHARS),
  description: trimmedText(FLOW_DESCRIPTION_MAX_CHARS).default(''),
  scheduleType: z.enum(SCHEDULE_TYPES).default('NONE'),
  scheduleConf: trimmedText(200).default(''),
  // Required (an IANA zone) for CRON only, as for a job; the rule is checked with the schedule.
  timezone: trimmedText(64).default(''),
  calendar: calendarName.nullable().default(null),
  calendarRule: z.enum(CALENDAR_RULES).default('BUSINESS_DAYS'),
  calendarRoll: z.enum(CALENDAR_ROLLS).default('SKIP'),
  misfireStrategy: z.enum(MISFIRE_STRATEGIES).default('DO_NOTHING'),
  maxActiveRuns: z.int().min(1).max(FLOW_MAX_ACTIVE_RUNS).default(1),
  overlap: z.enum(FLOW_OVERLAPS).default('SKIP'),
  timeoutSec,
  alarmEmail: emailList.default(''),
  ...alarmPolicyFields,
  param: flowValue.default(''),
  ...deadlineFields,
  ...paramsFields,
  ...definitionFields,
}) satisfies z.ZodType<ParsedFlowInput>

/**
 * A flow's nodes and edges alone, each field checked and then the definition as a whole
 * (flow-definition-check.ts): what the console's editor checks a draft by, the same fields and
 * rules a save is checked by (parseFlowInput adds the settings and the schedule's rules).
 */
export const flowDefinitionSchema = z.strictObject(definitionFields).superRefine(
  (definition, context) => {
    for (const issue of flowDefinitionIssues(definition)) context.addIssue(issue)
  },
  // Only on fields that are all valid: the whole-definition rules read no value zod has not vouched for.
  { when: (payload) => payload.issues.length === 0 },
) satisfies z.ZodType<FlowDefinition>
