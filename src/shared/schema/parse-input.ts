import type { z } from 'zod'
import { ValidationError } from '../errors'
import { issueCode, issueText, type IssueLike } from './issue-text'

/**
 * `['callbackList', 3, 'logId']` → `callbackList[3].logId`; an empty path is `root` (the name of the
 * whole value: `body`, `job`, `request`).
 */
export function fieldPath(path: readonly PropertyKey[], root: string): string {
  let text = typeof path[0] === 'number' ? root : ''
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`
    else text += text === '' ? String(part) : `.${String(part)}`
  }
  return text === '' ? root : text
}

/** One problem of a parse, with the field it is about (unknown keys become one problem per key). */
export interface InputProblem {
  field: string
  message: string
  code: string
  params: ValidationError['params']
}

function problemsOf(issues: readonly z.core.$ZodIssue[], root: string): InputProblem[] {
  const problems: InputProblem[] = []
  for (const issue of issues) {
    const like = issue as unknown as IssueLike
    const { code, params } = issueCode(like)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({ field: fieldPath([...issue.path, key], root), message: 'is not a known field', code, params: { keys: [key] } })
      }
      continue
    }
    // A schema's own message wins; zod's defaults never reach a caller (./z.ts installs issueText).
    problems.push({ field: fieldPath(issue.path, root), message: issue.message || issueText(like), code, params })
  }
  return problems
}

/** Every problem of `value` against `schema` (an import document reports all of them). */
export function inputProblems<S extends z.ZodType>(
  schema: S,
  value: unknown,
  root: string,
): { ok: true; value: z.output<S> } | { ok: false; problems: InputProblem[] } {
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, problems: problemsOf(result.error.issues, root) }
}

/**
 * Parses untrusted input; the first problem throws a ValidationError naming the field, the rule and
 * (cut short) the value. `root` names the whole value in messages about it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, root: string): z.output<S> {
  const result = inputProblems(schema, value, root)
  if (result.ok) return result.value
  const first = result.problems[0]
  throw new ValidationError(first.field, first.message, { code: first.code, params: { ...first.params, field: first.field } })
}
