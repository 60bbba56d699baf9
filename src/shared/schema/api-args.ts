import { triggerParamValues } from './job-params'
import { listArtifactsArgs } from './artifacts'
import type { ApiMethod } from '../api'
import { API_METHODS } from '../api-methods'
import { EMBEDDED_ADDRESS_PREFIX, GLUE_TYPES, LINK_CONDITIONS, RUN_STATUSES, SCHEDULE_TYPES, TRIGGER_TYPES } from '../model'
import { JOB_PAGE_MAX, JOB_SORTS } from '../job-query'
import { EXECUTOR_PARAM_MAX_CHARS, GLUE_REMARK_MAX_CHARS, GLUE_SOURCE_MAX_CHARS } from './job'
import { epochMs, executorAddressProblem, id, text } from './primitives'
import { z } from './z'
import { codedIssue } from '../messages/coded-errors'
import { isIanaZone, XXL_CONFLICTS, XXL_RUN_DAYS_MAX } from '../xxl-import'
import { apiTokenInputSchema, auditExportSchema, auditFilterSchema, passwordChangeSchema, userInputSchema } from './auth'
import { splitAddressList } from '../address-list'
import { FLOW_NODE_KEY_PATTERN, FLOW_RUN_STATES, FLOW_VALUE_MAX_BYTES } from '../flow-types'
import { PRUNE_MODES } from '../definition-plan'
import { DEFINITION_ORIGIN_KEYS_MAX } from '../definition-origin'
import { calendarImportRequestSchema, calendarName, calendarSchema, simulationRequestSchema } from './calendar'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../calendar/calendar-rules'
import { windowInputSchema, windowUpdateSchema } from './window'
import { maintenanceRequestSchema } from './maintenance'
import { missedSlotsRequestSchema } from './missed-slots'
import { silenceRequestSchema } from './silence'
import { alarmListRequestSchema, resendAlarmRequestSchema, runsOverTimeRequestSchema } from './run-views'
import { backfillFilterSchema, backfillQuerySchema, backfillRequestSchema } from './backfill'
import { listQueueArgs, poolInputSchema, queuedRunArgs, removePoolArgs } from './capacity'
import { listSecretsArgs, secretRefArgs, setSecretArgs } from './secrets'
import { llmProviderArgs, llmProviderRefArgs } from './llm-provider'

/**
 * The arguments of every method of src/shared/api.ts, as a tuple per method. A call from any client
 * (the preload's IPC, the browser bridge, the core's worker channel) is checked against these
 * before the facade runs; a bad one is refused with a ValidationError naming the argument's field
 * and nothing happens. Inputs with rules of their own (a job, a group, settings, an import
 * document) are parsed by their service with their schema, so they pass here as `unknown`.
 */

/** Documents one apply takes: ample for 10,000 jobs and their flows, in one call. */
export const DEFINITION_SOURCES_MAX = 100_000

export const MAX_ADDRESS_OVERRIDES = 100

/** An executor address a caller may name: a LAN executor's http(s) URL or an embedded executor's. */
export const routableAddress = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value.startsWith(EMBEDDED_ADDRESS_PREFIX) && value.length <= 200 && !/[\s,]/.test(value)) return
    const problem = executorAddressProblem(value)
    if (problem) context.addIssue(codedIssue(problem.code, problem.params))
  })

/** An address override: a list (or XXL-JOB's comma-separated text) of addresses, blanks dropped. */
export const addressOverride = z
  .union([z.string().max(MAX_ADDRESS_OVERRIDES * 510), z.array(z.string()).max(MAX_ADDRESS_OVERRIDES)], {
    error: 'must be a list of executor addresses or a comma-separated text of them',
  })
  .transform((value) => splitAddressList(value))
  .pipe(z.array(routableAddress).max(MAX_ADDRESS_OVERRIDES))
  .transform((list) => (list.length > 0 ? list : undefined))

/** An IANA time zone name this runtime knows (`Asia/Shanghai`). */
const ianaZone = text(64).superRefine((zone, context) => {
  if (!isIanaZone(zone)) context.addIssue(codedIssue('timezone.unknown', { zone }))
})

/** A node of a flow, by its key (the OpenAPI's approval decisions name it the same way). */
export const flowNodeKey = z.string().regex(FLOW_NODE_KEY_PATTERN, { error: 'must be a flow node key (a–z, 0–9, _ and -, starting with a letter)' })

const request = <S extends z.core.$ZodLooseShape>(shape: S) => z.strictObject(shape)
const none = z.tuple([])
/** A hook's id as createHook makes it: 22 base64url characters. */
export const hookId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'must be a trigger URL id (22 letters, digits, _ or -)' })
/** A job's or a flow's hooks: exactly one of the two ids. */
export const hookTarget = z.union([request({ jobId: id }), request({ flowId: id })], { error: 'must name a job (jobId) or a flow (flowId)' })
const byId = z.tuple([id])
const anything = z.tuple([z.unknown()])

/** A page of jobs asked for (shared/job-query.ts), by the console and by the OpenAPI alike. */
export const jobQuerySchema = request({
  text: text(200).optional(),
  ids: z.array(id).max(JOB_PAGE_MAX).optional(),
  groupId: id.optional(),
  status: z.enum(['running', 'stopped']).optional(),
  scheduleType: z.enum(SCHEDULE_TYPES).optional(),
  glueType: z.enum(GLUE_TYPES).optional(),
  sort: z.enum(JOB_SORTS).default('id'),
  descending: z.boolean().default(false),
  after: z.strictObject({ value: z.union([z.string().max(200), z.number()]), id }).optional(),
  limit: z.int().min(1).max(JOB_PAGE_MAX).default(100),
})

export const runFilterSchema = request({
  jobId: id.optional(),
  jobGroup: id.optional(),
  jobGroups: z.array(id).max(10_000).optional(),
  status: z.enum(RUN_STATUSES).optional(),
  triggerType: z.enum(TRIGGER_TYPES).optional(),
  sinceMs: epochMs.optional(),
  untilMs: epochMs.optional(),
  parentLogId: id.optional(),
  beforeId: id.optional(),
  limit: z.int().min(1).max(1000).optional(),
})

export const API_ARGUMENTS = {
  getOverview: none,
  getAlarmHealth: none,
  getDailyReport: z.tuple([request({ days: z.int().min(1).max(90).optional() }).optional()]),
  listGroups: none,
  saveGroup: anything,
  deleteGroup: byId,
  listRegistry: none,
  probeExecutor: z.tuple([
    request({ address: routableAddress, kind: z.enum(['beat', 'idleBeat']).default('beat'), jobId: id.optional(), groupId: id.optional() }),
  ]),
  listHandlers: byId,
  listJobs: none,
  listJobPage: z.tuple([jobQuerySchema]),
  removeDemoJobs: none,
  getCluster: none,
  rotateClusterSecret: none,
  listLastRuns: z.tuple([request({ jobIds: z.array(id).max(JOB_PAGE_MAX) }).optional()]),
  getJob: byId,
  saveJob: anything,
  deleteJob: byId,
  startJob: byId,
  stopJob: byId,
  triggerJob: z.tuple([
    request({
      jobId: id,
      executorParam: text(EXECUTOR_PARAM_MAX_CHARS).optional(),
      params: triggerParamValues.optional(),
      addressList: addressOverride.optional(),
      triggerType: z.enum(['MANUAL', 'API']).optional(),
    }),
  ]),
  previewRoute: z.tuple([request({ jobId: id, addressList: addressOverride.optional() })]),
  previewSchedule: z.tuple([
    request({
      scheduleType: z.enum(SCHEDULE_TYPES).default('NONE'),
      scheduleConf: text(200).default(''),
      timezone: text(64).default(''),
      calendar: calendarName.nullable().optional(),
      calendarRule: z.enum(CALENDAR_RULES).optional(),
      calendarRoll: z.enum(CALENDAR_ROLLS).optional(),
      count: z.int().min(1).max(50).default(5),
      fromMs: epochMs.optional(),
    }),
  ]),
  listRuns: z.tuple([runFilterSchema.optional()]),
  getRun: byId,
  rerunRun: byId,
  // nullish: a console over the WebSocket sends an absent trailing argument as null (JSON).
  killRun: z.tuple([id, request({ retry: z.boolean().optional() }).nullish()]),
  getRunLog: z.tuple([request({ logId: id, fromLineNum: z.int().min(1).default(1), maxLines: z.int().min(1).max(50_000).default(5000) })]),
  watchRunLog: z.tuple([id, z.int().min(1).optional()]),
  unwatchRunLog: byId,
  listLinks: none,
  saveLink: z.tuple([request({ parentJobId: id, childJobId: id, condition: z.enum(LINK_CONDITIONS).default('SUCCESS') })]),
  deleteLink: z.tuple([request({ parentJobId: id, childJobId: id })]),
  listFlows: none,
  getFlow: byId,
  // A flow's own rules (keys, rules, cycles, references) are the flow service's schema's (schema/flow.ts).
  addFlow: anything,
  updateFlow: z.tuple([z.looseObject({ id })]),
  removeFlow: byId,
  setFlowActive: z.tuple([request({ flowId: id, active: z.boolean() })]),
  triggerFlow: z.tuple([
    request({
      flowId: id,
      param: z.string().max(FLOW_VALUE_MAX_BYTES).optional(),
      params: triggerParamValues.optional(),
      triggerType: z.enum(['MANUAL', 'API']).optional(),
    }),
  ]),
  getFlowRun: byId,
  listFlowRuns: z.tuple([
    request({ flowId: id.optional(), state: z.enum(FLOW_RUN_STATES).optional(), beforeId: id.optional(), limit: z.int().min(1).max(500).optional() }).default(
      {},
    ),
  ]),
  retryFlowRun: byId,
  killFlowRun: z.tuple([id, request({ keepFinished: z.boolean().optional() }).nullish()]),
  markFlowNode: z.tuple([request({ flowRunId: id, key: flowNodeKey, state: z.enum(['success', 'skipped']) })]),
  decideApproval: z.tuple([request({ flowRunId: id, key: flowNodeKey, approve: z.boolean(), comment: z.string().max(FLOW_VALUE_MAX_BYTES).default('') })]),
  chainToFlow: z.tuple([request({ rootJobId: id, name: text(100) })]),
  createHook: z.tuple([hookTarget]),
  listHooks: z.tuple([hookTarget]),
  getHook: z.tuple([request({ id: hookId })]),
  removeHook: z.tuple([request({ id: hookId })]),
  listCalendars: z.tuple([]),
  getCalendar: z.tuple([request({ name: calendarName })]),
  addCalendar: z.tuple([calendarSchema]),
  updateCalendar: z.tuple([calendarSchema]),
  removeCalendar: z.tuple([request({ name: calendarName })]),
  simulateSchedule: z.tuple([simulationRequestSchema]),
  listWindows: none,
  addWindow: z.tuple([windowInputSchema]),
  updateWindow: z.tuple([windowUpdateSchema]),
  removeWindow: z.tuple([request({ id })]),
  getMaintenance: none,
  setMaintenance: z.tuple([maintenanceRequestSchema]),
  listMissedSlots: z.tuple([missedSlotsRequestSchema]),
  addSilence: z.tuple([silenceRequestSchema]),
  listSilences: none,
  removeSilence: z.tuple([request({ id })]),
  listJobRunsOverTime: z.tuple([runsOverTimeRequestSchema]),
  getJobRankings: none,
  listAlarms: z.tuple([alarmListRequestSchema]),
  getAlarm: z.tuple([resendAlarmRequestSchema]),
  resendAlarm: z.tuple([resendAlarmRequestSchema]),
  listArtifacts: z.tuple([listArtifactsArgs]),
  importCalendar: z.tuple([calendarImportRequestSchema]),
  startBackfill: z.tuple([backfillRequestSchema]),
  getBackfill: z.tuple([backfillQuerySchema]),
  listBackfills: z.tuple([backfillFilterSchema.optional()]),
  pauseBackfill: z.tuple([request({ id })]),
  resumeBackfill: z.tuple([request({ id })]),
  cancelBackfill: z.tuple([request({ id })]),
  listPools: none,
  addPool: z.tuple([poolInputSchema]),
  updatePool: z.tuple([poolInputSchema]),
  removePool: z.tuple([removePoolArgs]),
  listQueue: z.tuple([listQueueArgs.optional()]),
  cancelQueued: z.tuple([queuedRunArgs]),
  startQueuedNow: z.tuple([queuedRunArgs]),
  setSecret: z.tuple([setSecretArgs]),
  listSecrets: z.tuple([listSecretsArgs.optional()]),
  removeSecret: z.tuple([secretRefArgs]),
  listSecretVersions: z.tuple([secretRefArgs]),
  setLlmProvider: z.tuple([llmProviderArgs]),
  getLlmProvider: z.tuple([llmProviderRefArgs]),
  removeLlmProvider: z.tuple([llmProviderRefArgs]),
  listGlueVersions: byId,
  saveGlue: z.tuple([request({ jobId: id, glueSource: text(GLUE_SOURCE_MAX_CHARS), glueRemark: text(GLUE_REMARK_MAX_CHARS) })]),
  exportJobs: z.tuple([request({ jobIds: z.array(id).max(100_000).optional() }).optional()]),
  importJobs: z.tuple([request({ document: z.unknown(), onConflict: z.enum(['update', 'skip']).default('skip') })]),
  applyDefinitions: z.tuple([
    request({
      sources: z.array(z.strictObject({ file: text(1024), document: z.unknown() })).max(DEFINITION_SOURCES_MAX),
      dryRun: z.boolean().default(false),
      prune: z.enum(PRUNE_MODES).default('none'),
    }),
  ]),
  exportDefinitions: z.tuple([request({ names: z.array(text(200)).max(10_000).optional() }).optional()]),
  listDefinitionOrigins: z.tuple([request({ jobKeys: z.array(z.string().max(600)).max(DEFINITION_ORIGIN_KEYS_MAX) }).optional()]),
  importFromXxl: z.tuple([
    request({
      url: text(2000),
      dryRun: z.boolean().default(true),
      onConflict: z.enum(XXL_CONFLICTS).default('skip'),
      withRunsDays: z.int().min(1).max(XXL_RUN_DAYS_MAX).optional(),
      timezone: ianaZone.optional(),
    }),
  ]),
  getSettings: none,
  saveSettings: anything,
  regenerateAccessToken: none,
  regenerateApiToken: none,
  sendTestEmail: z.tuple([request({ to: text(320) })]),
  testWebhook: z.tuple([request({ url: text(2000) })]),
  testImChannel: z.tuple([request({ name: text(64) })]),
  whoAmI: none,
  changePassword: z.tuple([passwordChangeSchema]),
  listUsers: none,
  saveUser: z.tuple([userInputSchema]),
  deleteUser: byId,
  resetUserPassword: byId,
  listApiTokens: none,
  createApiToken: z.tuple([apiTokenInputSchema]),
  revokeApiToken: byId,
  listAudit: z.tuple([auditFilterSchema.default({})]),
  exportAudit: z.tuple([auditExportSchema]),
} as const satisfies Record<ApiMethod, z.ZodType<unknown[]>>

/** One call as a client sends it (bridge message, IPC invoke, core worker request): a listed method and its arguments. */
export const apiCallFields = {
  method: z.enum(API_METHODS),
  args: z.array(z.unknown()).max(8),
}
export const apiCallSchema = z.strictObject(apiCallFields)
