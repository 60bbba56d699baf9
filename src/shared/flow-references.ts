import { artifactNameProblem } from './artifacts-api'
import { scanJsonTemplate } from './json-template-scan'
import { secretNameOf } from './secret-names'

// A flow node's parameter may name values that exist only when the node fires: another node's
// output and the run's parameter (and secrets, put in by the trigger). Those values
// come from executors and trigger URLs, so they are data, never syntax: this file is the one rule
// of what a reference names and where in a parameter it may stand, for the core (at save and at
// run time) and the console's flow editor alike.

/**
 * What a reference names. A new kind (`schedule`, `secret`) is one more case here and in
 * readReference; the placement rule below holds for every kind.
 */
export type FlowReference =
  | { kind: 'nodeOutput'; key: string }
  /** A URL on JobDesk that the referring node's run may fetch the node's artifact from, once (docs/artifacts.md#in-a-flow). */
  | { kind: 'nodeArtifact'; key: string; name: string }
  | { kind: 'flowParam' }
  | { kind: 'item' }
  | { kind: 'itemIndex' }
  /** A secret's value, put in by the trigger right before the request leaves (src/main/secrets/resolve-secrets.ts). */
  | { kind: 'secret'; name: string }

/** One `${…}` in a parameter: as written, its inner text, where it stands, and what it names (null: no flow reference). */
export interface ReferenceAt {
  ref: string
  inner: string
  start: number
  end: number
  reference: FlowReference | null
}

/**
 * One reference: `${`, anything but braces, `}`. So a `$` alone, or a `${` that no `}` closes, is
 * plain text; in `${a${flow.param}}` the reference is the inner one.
 */
const REFERENCE = /\$\{([^{}]*)\}/g
const NODE_OUTPUT = /^nodes\.([^.]+)\.output$/
const NODE_ARTIFACT = /^nodes\.([^.]+)\.artifacts\.(.+)$/
const FLOW_PARAM = 'flow.param'
/** A fan-out node's item (as text; JSON for an object or array) and its index (docs/flows.md#fan-out-foreach). */
const ITEM = 'item'
const ITEM_INDEX = 'item.index'

/** What `${inner}` names, or null when it is none of the flow's references (`${HOME}` is a script's own). */
export function readReference(inner: string): FlowReference | null {
  if (inner === FLOW_PARAM) return { kind: 'flowParam' }
  if (inner === ITEM) return { kind: 'item' }
  if (inner === ITEM_INDEX) return { kind: 'itemIndex' }
  const node = NODE_OUTPUT.exec(inner)
  if (node) return { kind: 'nodeOutput', key: node[1] }
  const artifact = NODE_ARTIFACT.exec(inner)
  // A name no artifact can have is no reference (and a definition holding it is refused as unknown).
  if (artifact) return artifactNameProblem(artifact[2]) === null ? { kind: 'nodeArtifact', key: artifact[1], name: artifact[2] } : null
  // A secret is placed like any value, but put in only by the trigger, right before the request
  // leaves (src/main/secrets/resolve-secrets.ts): the run's row keeps the reference.
  const secret = secretNameOf(inner)
  return secret === null ? null : { kind: 'secret', name: secret }
}

/** Every `${…}` of a parameter, in order, known or not. */
export function referencesIn(template: string): ReferenceAt[] {
  return [...template.matchAll(REFERENCE)].map((match) => ({
    ref: match[0],
    inner: match[1],
    start: match.index,
    end: match.index + match[0].length,
    reference: readReference(match[1]),
  }))
}

export interface TemplateReferences {
  /** The node keys named, once each, in order of first mention (whether or not such nodes exist). */
  nodes: string[]
  flowParam: boolean
  /** Every other `${…}`, as written, once each: neither form, so a definition holding one is refused. */
  unknown: string[]
}

/** The references of a parameter template, for checking a definition before it is saved. */
export function referencesOf(template: string): TemplateReferences {
  const nodes = new Set<string>()
  const unknown = new Set<string>()
  let flowParam = false
  for (const { ref, reference } of referencesIn(template)) {
    if (reference?.kind === 'nodeOutput' || reference?.kind === 'nodeArtifact') nodes.add(reference.key)
    else if (reference?.kind === 'flowParam') flowParam = true
    // A fan-out's item: which nodes may name it is flow-for-each-check.ts's rule.
    else if (reference === null) unknown.add(ref)
  }
  return { nodes: [...nodes], flowParam, unknown: [...unknown] }
}

/** The reference to a node's output, as a parameter writes it. */
export function outputReference(key: string): string {
  return `\${nodes.${key}.output}`
}

/** `template` with every `${nodes.<from>.output}` naming `to` instead (a node's key changed); the rest as written. */
export function renameOutputReferences(template: string, from: string, to: string): string {
  let renamed = ''
  let next = 0
  for (const at of referencesIn(template)) {
    if (at.reference?.kind !== 'nodeOutput' || at.reference.key !== from) continue
    renamed += template.slice(next, at.start) + outputReference(to)
    next = at.end
  }
  return renamed + template.slice(next)
}

/** Whether an unknown `${…}` looks meant as a flow reference (a typo such as `${nodes.a}`), rather than a script's own `${HOME}`. */
export function looksLikeFlowReference(ref: string): boolean {
  return /^\$\{\s*(nodes|flow|item)\b/.test(ref)
}

/**
 * Where a value lands:
 * - `text`: the parameter is plain text (it does not start with `{` or `[`): the value goes in as
 *   it is, data for the handler, and JobDesk never reads the result as structure;
 * - `jsonString`: inside a string value of a JSON parameter: the value goes in escaped as JSON
 *   string content, so it can end neither the string nor the object;
 * - `jsonValue`: alone as a whole value of a JSON parameter (`"n": ${flow.param}`): the value goes
 *   in as a JSON string, quoted and escaped (never as a number, object or literal it might spell).
 */
export type ReferencePlace = 'text' | 'jsonString' | 'jsonValue'

/** A `${…}` that names a flow reference. */
type KnownReference = ReferenceAt & { reference: FlowReference }

export interface PlacedReference extends KnownReference {
  place: ReferencePlace
}

/**
 * Why a parameter's references cannot be placed, refused at save (and, for a definition saved
 * before the rule, when the node fires):
 * - `jsonKey`: the reference stands in (or as) a key of a JSON object, so a value would name a field;
 * - `requestTarget`: it would choose where or how a request goes: in a `url` field before the
 *   URL's path (its scheme, host or port), inside any `scheme://` authority, or in a `method`;
 * - `jsonInvalid`: the parameter starts as JSON but, with each reference taken as a value, is not
 *   JSON at `offset`, so where a value would land is not known;
 * - `textRequest`: the parameter is text, but the node's handler reads it as a request
 *   (readsParamAsRequest), so the value would be parsed as structure;
 * - `valueNamesSecret` (when the node fires): a value put in (an output, a trigger URL's param)
 *   holds `${secrets.…}`, which the trigger would fill in: a value never brings a secret along.
 */
export interface PlacementProblem {
  kind: 'jsonKey' | 'requestTarget' | 'jsonInvalid' | 'textRequest' | 'valueNamesSecret'
  /** The reference concerned: for `jsonInvalid` and `textRequest`, the parameter's first. */
  ref: string
  /** The character where the problem stands (0-based). */
  offset: number
}

const PROBLEM_CODES = {
  jsonKey: 'flow.referenceAsKey',
  requestTarget: 'flow.referenceChoosesTarget',
  jsonInvalid: 'flow.referenceInInvalidJson',
  textRequest: 'flow.referenceInTextRequest',
  valueNamesSecret: 'flow.valueNamesSecret',
} as const

/**
 * A placement problem as a coded message (src/shared/messages/en-flow-definition.ts) naming node
 * `node` and the reference; `offset` counts characters from 1, as an editor does.
 */
export function placementMessage(problem: PlacementProblem, node: string) {
  return { code: PROBLEM_CODES[problem.kind], params: { node, ref: problem.ref, offset: problem.offset + 1 } }
}

/** Node `node`'s parameter's placement problems (layoutParam) as coded messages: what the core refuses it for, and the editor shows. */
export function placementMessages(template: string, node: string, readsRequest = false): ReturnType<typeof placementMessage>[] {
  return layoutParam(template, readsRequest).problems.map((problem) => placementMessage(problem, node))
}

/** JobDesk's handlers that read their parameter as a request (where to send it, how). */
const REQUEST_HANDLERS: ReadonlySet<string> = new Set(['httpJobHandler'])

/** Whether a job's handler reads its parameter as a request: then references must stand in JSON. */
export function readsParamAsRequest(job: { glueType: string; executorHandler: string }): boolean {
  return job.glueType === 'BEAN' && REQUEST_HANDLERS.has(job.executorHandler.trim())
}

export interface ParamLayout {
  format: 'text' | 'json'
  /** Every flow reference, in order, with where it lands. */
  placed: PlacedReference[]
  problems: PlacementProblem[]
}

/**
 * Where each flow reference of a parameter stands. A parameter whose first character (after white
 * space) is `{` or `[` is JSON — what JSON handlers such as httpJobHandler read — and must be JSON
 * with each reference taken as a value; any other parameter is text, which `readsRequest` (the
 * node's job: readsParamAsRequest) refuses. A parameter without flow references is whatever it is:
 * nothing is put in, so there is nothing to check. `only`: lay out the references of that kind alone
 * (the trigger puts in secrets into a parameter whose flow references are already values).
 */
export function layoutParam(template: string, readsRequest = false, only?: FlowReference['kind']): ParamLayout {
  const known = referencesIn(template).filter((at): at is KnownReference => at.reference !== null && (only === undefined || at.reference.kind === only))
  if (known.length === 0) return { format: 'text', placed: [], problems: [] }
  if (!/^\s*[[{]/.test(template)) {
    const problems: PlacementProblem[] = readsRequest ? [{ kind: 'textRequest', ref: known[0].ref, offset: known[0].start }] : []
    return { format: 'text', placed: known.map((at) => ({ ...at, place: 'text' })), problems }
  }
  const scan = scanJsonTemplate(template, known)
  return {
    format: 'json',
    placed: scan.placed.map(({ span, place }) => ({ ...span, place })),
    problems: scan.problems.map(({ kind, span, offset }) => ({ kind, ref: (span ?? known[0]).ref, offset })),
  }
}
