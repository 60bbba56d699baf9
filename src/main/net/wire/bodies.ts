import { EMBEDDED_APP_NAME, type ExecutorInfo } from '../../../shared/model'
import { ValidationError } from '../../../shared/errors'
import { describeValue } from '../../../shared/schema/describe-value'
import { parseInput } from '../../../shared/schema/parse-input'
import { appName, executorAddress } from '../../../shared/schema/primitives'
import { z } from '../../../shared/schema/z'
import type { HandleCallback, LogRequest, TriggerParam } from '../../executor/executor-api'
import { REGISTRY_GROUP_EXECUTOR } from '../../store/registry-repo'
import { handleCallbackSchema, jobIdBodySchema, logRequestSchema, readTriggerParam } from '../../executor/executor-schemas'

/**
 * Parsers for the XXL-JOB request bodies (docs/protocol.md#trigger, #registry, #callback), each a schema: the typed value, or
 * a ValidationError naming the first bad field with the value cut short.
 */

/** Reads a request body as JSON; an empty body reads as `undefined`. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'not JSON'
    throw new ValidationError('body', `malformed JSON (${reason})`, { code: 'wire.malformedJson' })
  }
}

export function parseTriggerParam(json: unknown): TriggerParam {
  return readTriggerParam(json, 'body')
}

/** `/idleBeat` and `/kill`. */
export function parseJobIdBody(json: unknown): number {
  return parseInput(jobIdBodySchema, json, 'body').jobId
}

export function parseLogRequest(json: unknown): LogRequest {
  return parseInput(logRequestSchema, json, 'body')
}

/** XXL-JOB sends at most 50 per request; a generous cap still bounds one request's work. */
export const MAX_CALLBACKS_PER_REQUEST = 10_000

const callbackListSchema = z.array(handleCallbackSchema).max(MAX_CALLBACKS_PER_REQUEST)

/** `/api/callback`: a bare array (G1/G2) or `{callbackList:[…]}` (G3), items with either time spelling. */
export function parseCallbackBody(json: unknown): HandleCallback[] {
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json)
  const list = isObject ? (json as Record<string, unknown>).callbackList : json
  if (!Array.isArray(list)) {
    throw new ValidationError('callbackList', `the callback body must be an array or {callbackList: [...]}, got ${describeValue(json)}`, {
      code: 'wire.callbackShape',
    })
  }
  return parseInput(callbackListSchema, list, 'callbackList')
}

/** `/api/registry` and `/api/registryRemove` (same shape in every generation, docs/protocol.md#registry). */
export interface RegistryParam {
  /** Always "EXECUTOR" on the wire. */
  registryGroup: string
  /** The executor's app name. */
  registryKey: string
  /** The executor's address, by default `http://ip:port/`. */
  registryValue: string
  /** A JobDesk agent says what it is and which handlers it has (XXL-JOB admins ignore the field). */
  jobdesk?: Omit<ExecutorInfo, 'kind'>
}

/**
 * A registration names one executor: an app name by the group editor's rule (the embedded one is
 * reserved: only this JobDesk registers it, in-process) and one absolute http(s) URL.
 */
const registryParamSchema = z.object({
  registryGroup: z.literal(REGISTRY_GROUP_EXECUTOR, { error: `must be '${REGISTRY_GROUP_EXECUTOR}'` }),
  registryKey: appName.refine((name) => name !== EMBEDDED_APP_NAME, {
    message: `'${EMBEDDED_APP_NAME}' is reserved for JobDesk's embedded executor`,
    params: { code: 'registry.reservedName' },
  }),
  registryValue: executorAddress,
  jobdesk: z
    .object({
      version: z.string().max(40),
      handlers: z.array(z.string().min(1).max(255)).max(5000),
      scripts: z.boolean(),
    })
    .optional(),
}) satisfies z.ZodType<RegistryParam>

export function parseRegistryParam(json: unknown): RegistryParam {
  return parseInput(registryParamSchema, json, 'body')
}
