import { ENV_NAME_PATTERN } from '../../shared/secret-names'
import { parseInput } from '../../shared/schema/parse-input'
import { epochMs, MAX_EPOCH_MS } from '../../shared/schema/primitives'
import { z } from '../../shared/schema/z'
import type { HandleCallback, LlmRunConfig, LogRequest, TriggerParam } from './executor-api'
import { LLM_BASE_URL_MAX_CHARS, LLM_MAX_MAX_TOKENS, LLM_MAX_TIMEOUT_SEC, LLM_MODEL_MAX_CHARS } from '../../shared/llm-provider'

/**
 * The bodies of the executor contract (XXL-JOB's ExecutorBiz and the callback), one schema each,
 * for the wire (docs/protocol.md#trigger, #callback) and the in-process embedded executor alike. Field names are
 * the wire's in every generation; only the time field of log and callback bodies is spelled two
 * ways (`logDateTim` in G1/G2). Optional fields default as a Java executor reads a missing or null
 * one. Unknown fields are dropped: newer admins and executors add fields, older ones skip them.
 */

/** A whole number in the safe range (Java ints and longs both arrive as JSON numbers). */
const int = z.int()

function orDefault<S extends z.ZodType>(schema: S, fallback: z.output<S>) {
  return schema.nullish().transform((value) => (value ?? fallback) as z.output<S>)
}

/** Either spelling of the run's time; G1/G2 say `logDateTim`. */
const logDateTimeFields = { logDateTime: epochMs.nullish(), logDateTim: epochMs.nullish() }

interface TimeSpellings {
  logDateTime?: number | null
  logDateTim?: number | null
}

/**
 * `logDateTime`, else `logDateTim`, else `fallback`; when both are sent (our admin does), the G3
 * spelling wins. A missing time without a fallback is a problem of the request.
 */
function withLogDateTime<T extends TimeSpellings>(fallback?: number) {
  return ({ logDateTim, logDateTime, ...rest }: T, context: z.core.$RefinementCtx<T>): Omit<T, keyof TimeSpellings> & { logDateTime: number } => {
    const time = logDateTime ?? logDateTim ?? fallback
    if (time === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['logDateTime'],
        message: 'is required (epoch milliseconds; `logDateTim` is accepted too)',
        params: { code: 'validation.required' },
      })
      return z.NEVER
    }
    return { ...rest, logDateTime: time }
  }
}

/** Most secret values one run may ask to have masked, and the longest (a key file is a few KB). */
const MASK_VALUES_MAX = 256
const MASK_VALUE_MAX_CHARS = 65_536
/** Most environment variables a run's request may set for its script. */
const ENV_MAX = 64

/** An LLM step's provider (docs/llm-steps.md); the limits are setLlmProvider's. */
const llmRunConfigSchema = z.object({
  baseUrl: z
    .string()
    .max(LLM_BASE_URL_MAX_CHARS)
    .refine((url) => /^https?:\/\//i.test(url), { message: 'must be an http:// or https:// URL' }),
  model: z.string().min(1).max(LLM_MODEL_MAX_CHARS),
  apiKey: z.string().min(1).max(MASK_VALUE_MAX_CHARS).optional(),
  timeoutSec: int.min(1).max(LLM_MAX_TIMEOUT_SEC),
  maxTokens: int.min(1).max(LLM_MAX_MAX_TOKENS),
}) satisfies z.ZodType<LlmRunConfig>

/** `/run` (G1/G2) and `/trigger` (G3); the embedded executor's `run` too. */
export const triggerParamSchema = z
  .object({
    jobId: int.min(1),
    executorHandler: orDefault(z.string().max(255), ''),
    executorParams: orDefault(z.string(), ''),
    // Unknown strategies mean SERIAL_EXECUTION on the executor (docs/protocol.md#block-strategies), so only the type is checked here.
    executorBlockStrategy: orDefault(z.string().max(64), 'SERIAL_EXECUTION'),
    executorTimeout: orDefault(int.min(0), 0),
    logId: int.min(1),
    // The value is the executor core's to judge ("glueType[X] is not valid."); here only its type.
    glueType: z.string().min(1).max(64),
    glueSource: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    glueUpdatetime: orDefault(int.min(0), 0),
    broadcastIndex: orDefault(int.min(0), 0),
    broadcastTotal: orDefault(int.min(1), 1),
    maskValues: z.array(z.string().min(1).max(MASK_VALUE_MAX_CHARS)).max(MASK_VALUES_MAX).optional(),
    env: z
      .record(z.string().regex(ENV_NAME_PATTERN), z.string().max(MASK_VALUE_MAX_CHARS))
      .refine((env) => Object.keys(env).length <= ENV_MAX, { message: `at most ${ENV_MAX} variables` })
      .optional(),
    llm: llmRunConfigSchema.optional(),
    ...logDateTimeFields,
  })
  .transform(withLogDateTime())
  .superRefine((param, context) => {
    if (param.broadcastIndex >= param.broadcastTotal) {
      context.addIssue({
        code: 'custom',
        path: ['broadcastIndex'],
        message: `must be below broadcastTotal (${param.broadcastTotal}), got ${param.broadcastIndex}`,
        params: { code: 'wire.shardIndex' },
      })
    }
  }) satisfies z.ZodType<TriggerParam>

/**
 * A trigger param checked by `triggerParamSchema`, with a hand-written pass first for the common
 * case: every field present with its type and in its range (what the core and XXL-JOB admins send).
 * That pass returns what the schema would and costs ~1 µs instead of ~15 (zod, once per fire on the
 * embedded hot path); anything else — a missing field, a default to fill, a bad value — takes the
 * schema, which decides and words the refusal.
 */
export function readTriggerParam(input: unknown, root: string): TriggerParam {
  return wellFormedTriggerParam(input) ?? parseInput(triggerParamSchema, input, root)
}

const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max
const isText = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max

function wellFormedTriggerParam(input: unknown): TriggerParam | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const p = input as Record<string, unknown>
  const { logDateTim, glueSource } = p
  if (logDateTim !== undefined && logDateTim !== null && !isInt(logDateTim, 0, MAX_EPOCH_MS)) return null
  if (glueSource !== null && typeof glueSource !== 'string') return null
  // A run carrying secrets is rare: its values to mask, its script's environment and an LLM step's provider take the schema.
  if (p.maskValues !== undefined || p.env !== undefined || p.llm !== undefined) return null
  if (
    !isInt(p.jobId, 1) ||
    !isText(p.executorHandler, 0, 255) ||
    typeof p.executorParams !== 'string' ||
    !isText(p.executorBlockStrategy, 0, 64) ||
    !isInt(p.executorTimeout, 0) ||
    !isInt(p.logId, 1) ||
    !isText(p.glueType, 1, 64) ||
    !isInt(p.glueUpdatetime, 0) ||
    !isInt(p.broadcastTotal, 1) ||
    !isInt(p.broadcastIndex, 0, p.broadcastTotal - 1) ||
    !isInt(p.logDateTime, 0, MAX_EPOCH_MS)
  ) {
    return null
  }
  return {
    jobId: p.jobId,
    executorHandler: p.executorHandler,
    executorParams: p.executorParams,
    executorBlockStrategy: p.executorBlockStrategy,
    executorTimeout: p.executorTimeout,
    logId: p.logId,
    glueType: p.glueType,
    glueSource,
    glueUpdatetime: p.glueUpdatetime,
    broadcastIndex: p.broadcastIndex,
    broadcastTotal: p.broadcastTotal,
    logDateTime: p.logDateTime,
  }
}

/** `/idleBeat` and `/kill`: `{"jobId": int}`. */
export const jobIdBodySchema = z.object({ jobId: int.min(0) })

/** `/log`: either time spelling (docs/protocol.md#log; our admin sends both). */
export const logRequestSchema = z
  .object({ logId: int.min(1), fromLineNum: int.min(0), ...logDateTimeFields })
  .transform(withLogDateTime()) satisfies z.ZodType<LogRequest>

/** One callback item; the admin ignores the time (the npm executor sends the callback time there). */
export const handleCallbackSchema = z
  .object({
    logId: int.min(1),
    handleCode: int,
    handleMsg: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    ...logDateTimeFields,
  })
  .transform(withLogDateTime(0)) satisfies z.ZodType<HandleCallback>
