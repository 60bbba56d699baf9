import { ValidationError } from '../../shared/errors'
import { codedIssue } from '../../shared/messages/coded-errors'
import { isMessageCode } from '../../shared/messages'
import { flowInputSchema, type ParsedFlowInput } from '../../shared/schema/flow'
import { inputProblems, parseInput, type InputProblem } from '../../shared/schema/parse-input'
import type { z } from '../../shared/schema/z'
import { parseQuartzCron } from '../schedule/cron-parse'
import { parseFixRateSec } from '../schedule/fix-rate'
import { assertIanaTimeZone } from '../schedule/timezone'
import { checkFlowGraph, FlowGraph } from '../../shared/flow-graph'
import { layoutParam, looksLikeFlowReference, outputReference, placementMessage } from '../../shared/flow-references'
import { referencesOf } from './flow-params'

/**
 * A flow input checked as a whole: the shared schema's fields (src/shared/schema/flow.ts), then
 * what needs the whole definition — a DAG of unique, well-formed keys; parameters that name only
 * `${flow.param}` and nodes that run before them; a schedule whose conf and zone are valid.
 * Pure, and reads no clock: whether a cron fires again after now, and whether the jobs exist, are
 * the flow service's to check (`validateSchedule(spec, nowMs)` as for a job).
 */

type Context = z.core.$RefinementCtx<ParsedFlowInput>

function checkGraph(flow: ParsedFlowInput, context: Context): FlowGraph | null {
  const problems = checkFlowGraph(flow)
  for (const problem of problems) context.addIssue(codedIssue(problem.code, problem.params, problem.at))
  return problems.length === 0 ? FlowGraph.of(flow) : null
}

/**
 * A node's parameter may name only `${flow.param}` and nodes above it: another node's output does
 * not exist yet when it fires. Without a valid graph, "above" is not known; the rest is still told.
 * In a JSON parameter a reference may stand only where its value stays a value (inside a string
 * value, or alone as one: src/shared/flow-references.ts), never as or in a key, nor where it would
 * choose a request's target. Whether the node's handler reads text as a request needs its job: the
 * flow service checks that.
 */
function checkReferences(flow: ParsedFlowInput, graph: FlowGraph | null, context: Context): void {
  const keys = new Set(flow.nodes.map((node) => node.key))
  flow.nodes.forEach((node, index) => {
    if (node.kind === 'approval' || node.param === undefined) return
    const at = ['nodes', index, 'param']
    const references = referencesOf(node.param)
    // `${HOME}` and the like are a script's own: passed on as written. What looks like a flow
    // reference but is not one (`${nodes.a}`, `${flow.x}`) is a typo, refused.
    for (const ref of references.unknown.filter(looksLikeFlowReference)) context.addIssue(codedIssue('flow.unknownReference', { ref }, at))
    const upstream = graph && references.nodes.length > 0 ? graph.ancestors(node.key) : null
    for (const key of references.nodes) {
      const ref = outputReference(key)
      if (!keys.has(key)) context.addIssue(codedIssue('flow.referenceUnknownNode', { ref, key }, at))
      else if (upstream && !upstream.has(key)) context.addIssue(codedIssue('flow.referenceNotUpstream', { ref, key, node: node.key }, at))
    }
    for (const problem of layoutParam(node.param).problems) {
      const { code, params } = placementMessage(problem, node.key)
      context.addIssue(codedIssue(code, params, at))
    }
  })
}

/** The schedule rules that need no clock, as `validateSchedule` applies them to a job. */
function checkSchedule(flow: ParsedFlowInput, context: Context): void {
  const checks: (() => unknown)[] = []
  if (flow.scheduleType === 'CRON' || flow.timezone !== '') checks.push(() => assertIanaTimeZone(flow.timezone))
  if (flow.scheduleType === 'CRON') checks.push(() => parseQuartzCron(flow.scheduleConf))
  if (flow.scheduleType === 'FIX_RATE') checks.push(() => parseFixRateSec(flow.scheduleConf))
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
    const graph = checkGraph(flow, context)
    checkReferences(flow, graph, context)
    checkSchedule(flow, context)
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
