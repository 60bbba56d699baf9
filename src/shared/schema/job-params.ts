import {
  checkParamValue,
  compilePattern,
  MAX_PARAMS,
  PARAM_FORMATS,
  PARAM_TEMPLATE_MAX_CHARS,
  PARAM_NAME,
  PARAM_PATTERN_MAX_CHARS,
  PARAM_TYPES,
  PARAM_VALUE_MAX_CHARS,
  type ParamsFields,
} from '../job-params'
import { templateProblems } from '../job-params-format'
import { codedIssue } from '../messages/coded-errors'
import type { MessageCode } from '../messages'
import type { ErrorParams } from '../errors'
import { z } from './z'

/** One declared parameter (docs/parameters.md); whether its default fits its type is paramsProblems'. */
const paramDecl = z.strictObject({
  name: z.string().regex(PARAM_NAME),
  type: z.enum(PARAM_TYPES),
  required: z.boolean().default(false),
  default: z
    .union([z.string().max(2000), z.number(), z.boolean()])
    .nullable()
    .default(null),
  enum: z.array(z.string().min(1).max(200)).max(100).default([]),
  pattern: z.string().max(PARAM_PATTERN_MAX_CHARS).default(''),
  description: z.string().max(500).default(''),
})

/**
 * A declaration as a definition file writes it: only name and type needed, the rest left out when
 * it is the default (src/main/definitions/files/param-documents.ts fills them back in).
 */
const paramDeclDocument = z.strictObject({
  name: paramDecl.shape.name,
  type: paramDecl.shape.type,
  required: z.boolean().optional(),
  default: z.union([z.string().max(2000), z.number(), z.boolean()]).optional(),
  enum: z.array(z.string().min(1).max(200)).max(100).optional(),
  pattern: z.string().max(PARAM_PATTERN_MAX_CHARS).optional(),
  description: z.string().max(500).optional(),
})

/** The params fields of kind: Job and kind: Flow files (docs/parameters.md). */
export const paramsDocFields = {
  params: z.array(paramDeclDocument).max(MAX_PARAMS).optional().describe('typed parameters: name, type, required, default, enum, pattern, description'),
  paramFormat: z.enum(PARAM_FORMATS).optional().describe('how the values become the one parameter string: json (default), kv or template'),
  paramTemplate: z.string().max(PARAM_TEMPLATE_MAX_CHARS).optional().describe('the template of paramFormat template, with ${params.<name>}'),
}

/** `params`, `paramFormat` and `paramTemplate` of a job's or a flow's schema; all absent: free text. */
export const paramsFields = {
  params: z.array(paramDecl).max(MAX_PARAMS).optional(),
  paramFormat: z.enum(PARAM_FORMATS).optional(),
  paramTemplate: z.string().max(PARAM_TEMPLATE_MAX_CHARS).optional(),
}

const TEMPLATE_CODES = {
  unknownParam: 'params.templateUnknownParam',
  jsonKey: 'params.templateAsKey',
  requestTarget: 'params.templateChoosesTarget',
  jsonInvalid: 'params.templateInvalidJson',
} as const

interface Problem {
  path: PropertyKey[]
  code: MessageCode
  params: ErrorParams
}

/**
 * What a declaration is refused for: a name used twice, an enum with no values, a pattern that does
 * not compile, a default its own parameter would refuse, a template naming an undeclared parameter
 * or placing one where it would make structure, and — for a schedule that fires on its own — a
 * required parameter without a default, since a scheduled fire has nobody to ask.
 */
export function paramsProblems(fields: ParamsFields, scheduled: boolean): Problem[] {
  const problems: Problem[] = []
  const decls = fields.params ?? []
  const first = new Map<string, number>()
  decls.forEach((decl, index) => {
    const at = (field: string): PropertyKey[] => ['params', index, field]
    const seen = first.get(decl.name)
    if (seen !== undefined) problems.push({ path: at('name'), code: 'params.duplicateName', params: { name: decl.name, first: seen } })
    else first.set(decl.name, index)
    if (decl.type === 'enum' && decl.enum.length === 0) problems.push({ path: at('enum'), code: 'params.enumEmpty', params: { name: decl.name } })
    if (decl.pattern !== '' && compilePattern(decl.pattern) === null)
      problems.push({ path: at('pattern'), code: 'params.badPattern', params: { name: decl.name } })
    if (decl.default !== null) {
      const checked = checkParamValue(decl, decl.default)
      if ('problem' in checked) problems.push({ path: at('default'), code: checked.problem.code, params: checked.problem.params })
      // Every scheduled fire would send it: a kv default that breaks its line is refused now, not at 3 a.m.
      else if (fields.paramFormat === 'kv' && typeof decl.default === 'string' && /[\r\n]/.test(decl.default))
        problems.push({ path: at('default'), code: 'params.kvLineBreak', params: { name: decl.name } })
    } else if (decl.required && scheduled) problems.push({ path: at('default'), code: 'params.requiredScheduled', params: { name: decl.name } })
  })
  if (fields.paramFormat === 'template') {
    const template = fields.paramTemplate ?? ''
    if (template.trim() === '') problems.push({ path: ['paramTemplate'], code: 'params.templateRequired', params: {} })
    for (const problem of templateProblems(
      template,
      decls.map((decl) => decl.name),
    )) {
      problems.push({ path: ['paramTemplate'], code: TEMPLATE_CODES[problem.kind], params: { ref: problem.ref, offset: problem.offset + 1 } })
    }
  }
  return problems
}

/** paramsProblems as zod issues, for a job's and a flow's superRefine. */
export function addParamsIssues(fields: ParamsFields, scheduled: boolean, context: { addIssue: (issue: ReturnType<typeof codedIssue>) => void }): void {
  for (const problem of paramsProblems(fields, scheduled)) context.addIssue(codedIssue(problem.code, problem.params, problem.path))
}

/**
 * The values a trigger gives (`params: { name: value }`): text, numbers and booleans, bounded; which
 * names and values the job takes is checked against its declaration (checkParamValues), naming the field.
 */
export const triggerParamValues = z
  .record(z.string().min(1).max(64), z.union([z.string().max(PARAM_VALUE_MAX_CHARS), z.number(), z.boolean()]))
  .refine((values) => Object.keys(values).length <= MAX_PARAMS, { message: `at most ${MAX_PARAMS} parameters` })
