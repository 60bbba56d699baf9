import { ValidationError } from '../../../shared/errors'
import type { HandleCallback, LogRequest, TriggerParam } from '../../executor/executor-api'
import { describeJson, readInt, readLogDateTime, readNullableString, readString, requireObject } from './fields'

/**
 * Parsers for the XXL-JOB request bodies (reference §1.4, §2.3). Each takes already-parsed JSON and
 * returns the typed value or throws a ValidationError naming the first bad field. Field names are the
 * wire's in every generation; only the time field of log and callback bodies is spelled two ways.
 */

/** Reads a request body as JSON; an empty body reads as `undefined`. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ValidationError('body', `malformed JSON (${reason})`)
  }
}

/** `/run` (G1/G2) and `/trigger` (G3). Optional fields default as a Java executor reads a missing one. */
export function parseTriggerParam(json: unknown): TriggerParam {
  const body = requireObject(json, 'trigger body')
  const broadcastTotal = readInt(body, 'broadcastTotal', { min: 1, fallback: 1 })
  const broadcastIndex = readInt(body, 'broadcastIndex', { min: 0, fallback: 0 })
  if (broadcastIndex >= broadcastTotal) {
    throw new ValidationError('broadcastIndex', `must be below broadcastTotal (${broadcastTotal}), got ${broadcastIndex}`)
  }
  return {
    jobId: readInt(body, 'jobId'),
    executorHandler: readString(body, 'executorHandler', { fallback: '' }),
    executorParams: readString(body, 'executorParams', { fallback: '' }),
    // Unknown strategies mean SERIAL_EXECUTION on the executor (§3.2), so only the type is checked here.
    executorBlockStrategy: readString(body, 'executorBlockStrategy', { fallback: 'SERIAL_EXECUTION' }),
    executorTimeout: readInt(body, 'executorTimeout', { fallback: 0 }),
    logId: readInt(body, 'logId'),
    logDateTime: readLogDateTime(body),
    // The value is the executor core's to judge ("glueType[X] is not valid."); here only its type.
    glueType: readString(body, 'glueType'),
    glueSource: readNullableString(body, 'glueSource'),
    glueUpdatetime: readInt(body, 'glueUpdatetime', { fallback: 0 }),
    broadcastIndex,
    broadcastTotal,
  }
}

/** `/idleBeat` and `/kill`: `{"jobId": int}`. */
export function parseJobIdBody(json: unknown): number {
  return readInt(requireObject(json, 'request body'), 'jobId')
}

/** `/log`: either time spelling (§1.4; our admin sends both). */
export function parseLogRequest(json: unknown): LogRequest {
  const body = requireObject(json, 'log request')
  return {
    logId: readInt(body, 'logId'),
    logDateTime: readLogDateTime(body),
    fromLineNum: readInt(body, 'fromLineNum', { min: 0 }),
  }
}

/**
 * `/api/callback`: a bare array (G1/G2) or `{callbackList:[…]}` (G3), items with either time spelling.
 * The admin ignores the time (the npm executor sends the callback time there), so it defaults to 0.
 */
export function parseCallbackBody(json: unknown): HandleCallback[] {
  let list: unknown = json
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) list = (json as Record<string, unknown>).callbackList
  if (!Array.isArray(list)) {
    throw new ValidationError('callbackList', `the callback body must be an array or {callbackList: [...]}, got ${describeJson(json)}`)
  }
  return list.map((item, index) => {
    try {
      const body = requireObject(item, 'callback item')
      return {
        logId: readInt(body, 'logId'),
        logDateTime: readLogDateTime(body, { fallback: 0 }),
        handleCode: readInt(body, 'handleCode'),
        handleMsg: readNullableString(body, 'handleMsg'),
      }
    } catch (error) {
      if (error instanceof ValidationError) {
        throw new ValidationError(`callbackList[${index}].${error.field}`, error.message.slice(error.field.length + 2))
      }
      throw error
    }
  })
}

/** `/api/registry` and `/api/registryRemove` (same shape in every generation, §2.3). */
export interface RegistryParam {
  /** Always "EXECUTOR" on the wire. */
  registryGroup: string
  /** The executor's app name. */
  registryKey: string
  /** The executor's address, by default `http://ip:port/`. */
  registryValue: string
}

export function parseRegistryParam(json: unknown): RegistryParam {
  const body = requireObject(json, 'registry body')
  return {
    registryGroup: readString(body, 'registryGroup', { nonBlank: true }),
    registryKey: readString(body, 'registryKey', { nonBlank: true }),
    registryValue: readString(body, 'registryValue', { nonBlank: true }),
  }
}
