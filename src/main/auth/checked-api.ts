import type { ApiMethod, JobDeskApi } from '../../shared/api'
import { API_METHODS } from '../../shared/api-methods'
import { ValidationError } from '../../shared/errors'
import { API_ARGUMENTS } from '../../shared/schema/api-args'
import { inputProblems } from '../../shared/schema/parse-input'

/**
 * The facade behind the argument schemas of src/shared/schema/api-args.ts: every method parses its
 * arguments before it runs, whoever calls it (IPC, the browser bridge, the OpenAPI, tests), and a
 * refused call runs nothing. Methods receive the parsed values (defaults filled in).
 */
export function checkedApi(api: JobDeskApi): JobDeskApi {
  const checked: Partial<Record<ApiMethod, (...args: unknown[]) => Promise<unknown>>> = {}
  for (const method of API_METHODS) {
    const impl = (api[method] as (...args: unknown[]) => Promise<unknown>).bind(api)
    checked[method] = async (...args: unknown[]) => impl(...parseArguments(method, args))
  }
  return checked as JobDeskApi
}

/** Parses a call's arguments; the problem names the field inside the argument (`jobId`, not `[0].jobId`). */
export function parseArguments(method: ApiMethod, args: unknown): unknown[] {
  const result = inputProblems(API_ARGUMENTS[method], args, 'arguments')
  if (result.ok) return result.value as unknown[]
  const first = result.problems[0]
  const field = argumentField(first.field)
  throw new ValidationError(field, first.message, { code: first.code, params: { ...first.params, field } })
}

/** `[0].jobId` → `jobId`; `[0]` → `request`; `[1]` → `argument 2`; `arguments` stays. */
function argumentField(path: string): string {
  const match = /^\[(\d+)\](?:\.?(.*))?$/.exec(path)
  if (!match) return path
  const [, index, rest] = match
  if (rest) return rest.startsWith('[') ? `request${rest}` : rest
  return index === '0' ? 'request' : `argument ${Number(index) + 1}`
}
