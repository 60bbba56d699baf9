import { ValidationError } from '../../shared/errors'
import { codedIssue } from '../../shared/messages/coded-errors'
import { isMessageCode } from '../../shared/messages'
import { flowInputSchema, type ParsedFlowInput } from '../../shared/schema/flow'
import { inputProblems, parseInput, type InputProblem } from '../../shared/schema/parse-input'
import type { z } from '../../shared/schema/z'
import { parseQuartzCron } from '../schedule/cron-parse'
import { parseBusinessDayConf } from '../schedule/business-day'
import { parseFixRateSec } from '../schedule/fix-rate'
import { calendarTermsProblems } from '../../shared/schema/job'
import { assertIanaTimeZone } from '../schedule/timezone'
import { flowDefinitionIssues } from '../../shared/flow-definition-check'
import { addParamsIssues } from '../../shared/schema/job-params'

/**
 * A flow input checked as a whole: the shared schema's fields (src/shared/schema/flow.ts), then
 * what needs the whole definition — a DAG of unique, well-formed keys; parameters that name only
 * `${flow.param}` and nodes that run before them (src/shared/flow-definition-check.ts, the rule the
 * console's editor checks a draft by); a schedule whose conf and zone are valid.
 * Pure, and reads no clock: whether a cron fires again after now, and whether the jobs exist, are
 * the flow service's to check (`validateSchedule(spec, nowMs)` as for a job).
 */

type Context = z.core.$RefinementCtx<ParsedFlowInput>

/** The schedule rules that need no clock, as `validateSchedule` applies them to a job. */
function checkSchedule(flow: ParsedFlowInput, context: Context): void {
  const checks: (() => unknown)[] = []
  const zoned = flow.scheduleType === 'CRON' || flow.scheduleType === 'BUSINESS_DAY'
  if (zoned || flow.timezone !== '') checks.push(() => assertIanaTimeZone(flow.timezone))
  if (flow.scheduleType === 'CRON') checks.push(() => parseQuartzCron(flow.scheduleConf))
  if (flow.scheduleType === 'FIX_RATE') checks.push(() => parseFixRateSec(flow.scheduleConf))
  if (flow.scheduleType === 'BUSINESS_DAY') checks.push(() => parseBusinessDayConf(flow.scheduleConf))
  for (const problem of calendarTermsProblems(flow)) context.addIssue(codedIssue(problem.code, {}, [problem.field]))
  for (const check of checks) {
    try {
      check()
    } catch (error) {
      if (!(error instanceof ValidationError) || !isMessageCode(error.code)) throw error
      context.addIssue(codedIssue(error.code, error.params, [error.field]))
    }
  }
}

/**
 * The shared schema with the whole-flow rules. They run only on input whose fields are all valid:
 * zod would otherwise run them after a field's "continuable" problem (a name too long) as well, on
 * values it has not vouched for.
 */
export const checkedFlowInputSchema = flowInputSchema.superRefine(
  (flow, context) => {
    for (const issue of flowDefinitionIssues(flow)) context.addIssue(issue)
    checkSchedule(flow, context)
    addParamsIssues(flow, flow.scheduleType !== 'NONE', context)
  },
  { when: (payload) => payload.issues.length === 0 },
)

/**
 * A flow input from the console or the OpenAPI, defaulted and checked; the first problem throws a
 * ValidationError naming the field (`nodes[2].param`, `edges[0].to`, `scheduleConf`) and the rule.
 * A cycle's path is in its params (`path: ['a', 'b', 'a']`).
 */
export function parseFlowInput(value: unknown): ParsedFlowInput {
  return parseInput(checkedFlowInputSchema, value, 'flow')
}

/** Every problem of a flow input at once (the editor marks them all), or the parsed input. */
export function flowInputProblems(value: unknown): { ok: true; value: ParsedFlowInput } | { ok: false; problems: InputProblem[] } {
  return inputProblems(checkedFlowInputSchema, value, 'flow')
}
