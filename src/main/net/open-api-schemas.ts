import { triggerParamValues } from '../../shared/schema/job-params'
import { silenceRequestSchema } from '../../shared/schema/silence'
import { JOB_DEFINITION_FIELDS } from '../../shared/job-defaults'
import type { JobInput } from '../../shared/model'
import { addressOverride, DEFINITION_SOURCES_MAX, flowNodeKey, hookId, hookTarget, jobQuerySchema, runFilterSchema } from '../../shared/schema/api-args'
import { PRUNE_MODES } from '../../shared/definition-plan'
import { EXECUTOR_PARAM_MAX_CHARS } from '../../shared/schema/job'
import { epochMs, id, text } from '../../shared/schema/primitives'
import { z } from '../../shared/schema/z'
import { alarmListRequestSchema, resendAlarmRequestSchema, runsOverTimeRequestSchema } from '../../shared/schema/run-views'
import { listArtifactsArgs } from '../../shared/schema/artifacts'
import { listQueueArgs, poolInputSchema, queuedRunArgs, removePoolArgs } from '../../shared/schema/capacity'
import { listSecretsArgs, secretRefArgs, setSecretArgs } from '../../shared/schema/secrets'
import { llmProviderArgs, llmProviderRefArgs } from '../../shared/schema/llm-provider'
import { calendarImportRequestSchema, calendarName, calendarSchema, simulationRequestSchema } from '../../shared/schema/calendar'
import { FLOW_RUN_STATES, FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { windowInputSchema, windowUpdateSchema } from '../../shared/schema/window'
import { maintenanceRequestSchema } from '../../shared/schema/maintenance'
import { missedSlotsRequestSchema } from '../../shared/schema/missed-slots'
import { backfillFilterSchema, backfillQuerySchema, backfillRequestSchema } from '../../shared/schema/backfill'

/**
 * Bodies of the job OpenAPI (XXL-JOB 3.5's methods, docs/protocol.md#job-openapi, plus JobDesk's), one schema
 * each. Job fields are JobDesk's names plus XXL-JOB's spellings where they differ; their values are
 * checked by the job schema once the job is assembled, so every rule is the editor's. Unknown
 * fields are refused: a script's typo must not be dropped silently.
 */

/** XXL-JOB's wire names → JobDesk's, where they differ (seconds carry their unit in JobDesk). */
export const XXL_JOB_FIELD_NAMES: Readonly<Record<string, keyof JobInput>> = { executorTimeout: 'executorTimeoutSec', jobDesc: 'name' }

const jobFields = Object.fromEntries([...JOB_DEFINITION_FIELDS, ...Object.keys(XXL_JOB_FIELD_NAMES)].map((field) => [field, z.unknown().optional()])) as Record<
  string,
  z.ZodOptional<z.ZodUnknown>
>

/** XXL-JOB's `childJobId`: a comma-separated list of job ids (a single number is accepted too). */
const childJobId = z.union([z.string().max(10_000), z.int().min(1)], { error: 'must be a comma-separated list of job ids' }).transform(String)

const byId = z.strictObject({ id })
/** A run is named by `logId` (XXL-JOB's name for a run id) or `id`. */
const byRunId = z
  .strictObject({ logId: id.optional(), id: id.optional(), fromLineNum: z.int().min(1).optional() })
  .refine((body) => body.logId !== undefined || body.id !== undefined, {
    message: 'is required (the run id)',
    path: ['logId'],
    params: { code: 'validation.required' },
  })
  .transform((body) => ({ logId: (body.logId ?? body.id)!, fromLineNum: body.fromLineNum ?? 1 }))
const nothing = z.strictObject({})
/** `killRun { id | logId, retry }`: `retry` false drops the run's retries (default true: they follow, as after a failure). */
const killRunBody = z
  .strictObject({ logId: id.optional(), id: id.optional(), retry: z.boolean().optional() })
  .refine((body) => body.logId !== undefined || body.id !== undefined, {
    message: 'is required (the run id)',
    path: ['logId'],
    params: { code: 'validation.required' },
  })
  .transform((body) => ({ logId: (body.logId ?? body.id)!, retry: body.retry ?? true }))

export const OPEN_API_BODIES = {
  addJob: z.strictObject({ ...jobFields, jobGroup: id, childJobId: childJobId.optional() }),
  updateJob: z.strictObject({ ...jobFields, id, childJobId: childJobId.optional() }),
  removeJob: byId,
  startJob: byId,
  stopJob: byId,
  triggerJob: z.strictObject({
    id,
    executorParam: text(EXECUTOR_PARAM_MAX_CHARS).optional(),
    params: triggerParamValues.optional(),
    addressList: addressOverride.optional(),
  }),
  listGroups: nothing,
  addGroup: z.strictObject({
    appName: z.unknown(),
    name: z.unknown().optional(),
    addressType: z.unknown().optional(),
    addressList: z.unknown().optional(),
    accessToken: z.unknown().optional(),
    scriptsAllowed: z.unknown().optional(),
  }),
  listJobs: nothing,
  listJobPage: jobQuerySchema,
  listRuns: z.strictObject({
    jobId: runFilterSchema.shape.jobId,
    status: runFilterSchema.shape.status,
    since: epochMs.optional(),
    beforeId: id.optional(),
    limit: runFilterSchema.shape.limit,
  }),
  getRun: byId,
  getRunLog: byRunId,
  killRun: killRunBody,
  listRegistry: nothing,
  // Flows (docs/flows.md): a flow's own fields are the flow schema's to check, as the console's are.
  listFlows: nothing,
  getFlow: byId,
  addFlow: z.looseObject({}),
  updateFlow: z.looseObject({ id }),
  removeFlow: byId,
  triggerFlow: z.strictObject({ id, param: z.string().max(FLOW_VALUE_MAX_BYTES).optional(), params: triggerParamValues.optional() }),
  getFlowRun: byId,
  listFlowRuns: z.strictObject({
    flowId: id.optional(),
    state: z.enum(FLOW_RUN_STATES).optional(),
    beforeId: id.optional(),
    limit: z.int().min(1).max(500).optional(),
  }),
  retryFlowRun: byId,
  killFlowRun: z.strictObject({ id, keepFinished: z.boolean().default(false) }),
  decideApproval: z.strictObject({ flowRunId: id, key: flowNodeKey, approve: z.boolean(), comment: z.string().max(FLOW_VALUE_MAX_BYTES).optional() }),
  // Trigger URLs (docs/trigger-urls.md): a job's ({ jobId }) or a flow's ({ flowId }).
  createHook: hookTarget,
  listHooks: hookTarget,
  removeHook: z.strictObject({ id: hookId }),
  // Definitions as code (`jobdesk apply`, docs/definitions-as-code.md): the whole set of files in one call.
  applyDefinitions: z.strictObject({
    sources: z.array(z.strictObject({ file: text(1024), document: z.unknown() })).max(DEFINITION_SOURCES_MAX),
    dryRun: z.boolean().default(false),
    prune: z.enum(PRUNE_MODES).default('none'),
  }),
  exportDefinitions: z.strictObject({ names: z.array(text(200)).max(10_000).optional() }),
  listDefinitionOrigins: nothing,
  // Business calendars (docs/calendars.md): everyone reads, admins write.
  listCalendars: nothing,
  getCalendar: z.strictObject({ name: calendarName }),
  addCalendar: calendarSchema,
  updateCalendar: calendarSchema,
  removeCalendar: z.strictObject({ name: calendarName }),
  simulateSchedule: simulationRequestSchema,
  importCalendar: calendarImportRequestSchema,
  // Maintenance windows and pause-all (docs/calendars.md): everyone reads, admins write; missed
  // slots of a job or a flow the caller sees.
  listWindows: nothing,
  addWindow: windowInputSchema,
  updateWindow: windowUpdateSchema,
  removeWindow: byId,
  getMaintenance: nothing,
  setMaintenance: maintenanceRequestSchema,
  listMissedSlots: missedSlotsRequestSchema,
  // Backfills (docs/backfill.md): whoever may trigger the job or the flow starts and steers one.
  startBackfill: backfillRequestSchema,
  getBackfill: backfillQuerySchema,
  listBackfills: backfillFilterSchema,
  pauseBackfill: byId,
  resumeBackfill: byId,
  cancelBackfill: byId,
  // Alarm silences (docs/alarms-policy.md): an operator of what one covers adds and lifts it, everyone reads those over what they see.
  addSilence: silenceRequestSchema,
  listSilences: nothing,
  removeSilence: byId,
  // Resource pools and the queue (docs/capacity.md): everyone reads, admins manage pools and start past them.
  listPools: nothing,
  addPool: poolInputSchema,
  updatePool: poolInputSchema,
  removePool: removePoolArgs,
  listQueue: listQueueArgs,
  cancelQueued: queuedRunArgs,
  startQueuedNow: queuedRunArgs,
  // Runs over time and the alarm list (docs/runs-over-time.md, docs/alarm-list.md): read by who sees
  // the job, the flow or the group; an alarm sent again by an operator of its job's group.
  listJobRunsOverTime: runsOverTimeRequestSchema,
  getJobRankings: nothing,
  listAlarms: alarmListRequestSchema,
  resendAlarm: resendAlarmRequestSchema,
  // Secrets (docs/secrets.md): a group's operators (its token too) write its secrets, admins the global
  // ones; whoever sees a group reads its secrets' names and versions. No method answers with a value.
  setSecret: setSecretArgs,
  listSecrets: listSecretsArgs,
  removeSecret: secretRefArgs,
  listSecretVersions: secretRefArgs,
  // A group's LLM provider (docs/llm-steps.md): its operators (its token too) and admins set and
  // remove it, whoever sees the group reads it; it names its key's secret, never a value.
  setLlmProvider: llmProviderArgs,
  getLlmProvider: llmProviderRefArgs,
  removeLlmProvider: llmProviderRefArgs,
  // A run's kept files (docs/artifacts.md), read by who sees the run; their content is a GET of /api/artifacts/<run>/<name>.
  listArtifacts: listArtifactsArgs,
} as const

export type OpenApiMethod = keyof typeof OPEN_API_BODIES
export const OPEN_API_METHODS = Object.keys(OPEN_API_BODIES) as OpenApiMethod[]

export function isOpenApiMethod(method: string): method is OpenApiMethod {
  return Object.hasOwn(OPEN_API_BODIES, method)
}

/** The job fields of an addJob/updateJob body under JobDesk's names; absent ones are left out. */
export function jobFieldsOf(body: Record<string, unknown>): Partial<JobInput> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id' || key === 'jobGroup' || key === 'childJobId' || value === undefined || value === null) continue
    fields[XXL_JOB_FIELD_NAMES[key] ?? key] = value
  }
  return fields as Partial<JobInput>
}
