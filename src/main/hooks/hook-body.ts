import { EXECUTOR_PARAM_MAX_CHARS } from '../../shared/schema/job'
import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import type { HookKind } from '../../shared/hook-types'
import { z } from '../../shared/schema/z'
import { triggerParamValues } from '../../shared/schema/job-params'

/**
 * A trigger URL's body: a JSON object whose optional text `param` becomes the run's parameter, or
 * whose `params` object gives the values of a job's or flow's typed parameters (docs/parameters.md).
 * Other fields are allowed and ignored — a Git provider's payload is all other fields — and an
 * empty body is an object without `param` (the job's or flow's own parameter applies).
 */
const bodyOf = (maxChars: number) => z.looseObject({ param: z.string().max(maxChars).optional(), params: triggerParamValues.optional() })
const BODIES = { job: bodyOf(EXECUTOR_PARAM_MAX_CHARS), flow: bodyOf(FLOW_VALUE_MAX_BYTES) }

export type HookBody = { ok: true; param: string | undefined; params?: Record<string, string | number | boolean> } | { ok: false; problem: string }

export function parseHookBody(rawBody: string, kind: HookKind): HookBody {
  if (rawBody.trim() === '') return { ok: true, param: undefined }
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return { ok: false, problem: 'not JSON' }
  }
  const parsed = BODIES[kind].safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, problem: `${issue.path.join('.') || 'body'}: ${issue.message}`.slice(0, 200) }
  }
  return { ok: true, param: parsed.data.param, ...(parsed.data.params !== undefined ? { params: parsed.data.params } : {}) }
}
