import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { layoutParam, type FlowReference, type PlacementProblem, type ReferencePlace } from '../../shared/flow-references'
import { cutToUtf8Bytes } from '../../shared/utf8-bytes'
import { mayNameSecrets, secretNameOf } from '../../shared/secret-names'
import type { ParamValue } from '../../shared/job-params'
import { jsonStringContent } from '../../shared/json-template-scan'

/**
 * The one place a flow's values are put into a node's parameter. Values come from executors (a
 * node's output) and trigger URLs (the run's parameter), so each goes in with the escaping of the
 * place it lands (src/shared/flow-references.ts says where that is): a hostile value can change a
 * value of the parameter, never a field, a method, a URL's host or a header. Every value is at most
 * FLOW_VALUE_MAX_BYTES of UTF-8; a longer one is cut, and the cut is told, so a node never gets a
 * silently shortened value.
 */

export interface ParamSources {
  /** The run's `${flow.param}`. */
  flowParam: string
  /** A node's output, or undefined when it has none (it did not run, or is no node of the flow). */
  outputOf: (key: string) => string | undefined
  /** A fan-out item's run: `${item}` (the item as text) and `${item.index}`; absent elsewhere (they give ''). */
  item?: { text: string; index: number }
  /** `${nodes.<key>.artifacts.<name>}`: a one-time URL for the run this parameter is for; undefined (→ '') when the node has no run. */
  artifactUrlOf?: (key: string, name: string) => string | undefined
  /**
   * The `${secrets.NAME}` references `${flow.param}` may carry: those the `secret` parameters of a
   * flow with declared params chose (chosenSecretsOf). Any other reference in a value is refused.
   */
  flowParamSecrets?: ReadonlySet<string>
}

/** A value passed on cut: the reference as written and the value's length in bytes before the cut. */
export interface ValueCut {
  ref: string
  fromBytes: number
}

export type Substitution = { ok: true; value: string; cut: ValueCut[] } | { ok: false; problem: PlacementProblem }

function valueOf(reference: Exclude<FlowReference, { kind: 'secret' }>, sources: ParamSources): string {
  switch (reference.kind) {
    case 'flowParam':
      return sources.flowParam
    case 'nodeOutput':
      return sources.outputOf(reference.key) ?? ''
    case 'item':
      return sources.item?.text ?? ''
    case 'itemIndex':
      return sources.item === undefined ? '' : String(sources.item.index)
    case 'nodeArtifact':
      return sources.artifactUrlOf?.(reference.key, reference.name) ?? ''
  }
}

/**
 * The parameter a node's run gets: each flow reference replaced by its value, escaped for its
 * place; a node without output gives ''. A `${…}` that is no flow reference stays as written. A
 * parameter whose references cannot be placed (a definition saved before the rule, or a job whose
 * handler now reads its parameter as a request: `readsRequest`) is refused, not sent. `cut` names
 * each reference whose value was cut, once.
 */
export function substituteReferences(template: string, sources: ParamSources, readsRequest = false): Substitution {
  const layout = layoutParam(template, readsRequest)
  if (layout.problems.length > 0) return { ok: false, problem: layout.problems[0] }
  const cuts = new Map<string, number>()
  let value = ''
  let from = 0
  for (const at of layout.placed) {
    // A secret's reference stays as written, its place checked: the trigger puts the value in, so
    // the run's row never holds it (src/main/secrets/resolve-secrets.ts).
    if (at.reference.kind === 'secret') continue
    const raw = valueOf(at.reference, sources)
    // The trigger fills in every `${secrets.…}` of the parameter it sends: a value that spells one
    // (an executor's output, a trigger URL's param) would fetch a secret its definition never named.
    // A typed flow's `${flow.param}` carries the ones its secret parameters chose, and only those.
    const chosen = at.reference.kind === 'flowParam' ? sources.flowParamSecrets : undefined
    if (mayNameSecrets(raw) && namesUnchosenSecret(raw, chosen)) return { ok: false, problem: { kind: 'valueNamesSecret', ref: at.ref, offset: at.start } }
    const { text, bytes } = cutToUtf8Bytes(raw, FLOW_VALUE_MAX_BYTES)
    if (text !== raw) cuts.set(at.ref, bytes)
    value += template.slice(from, at.start) + escapeFor(at.place, text)
    from = at.end
  }
  value += template.slice(from)
  return { ok: true, value, cut: [...cuts].map(([ref, fromBytes]) => ({ ref, fromBytes })) }
}

/** Whether `raw` still spells a secret reference once the chosen ones are taken out. */
function namesUnchosenSecret(raw: string, chosen: ReadonlySet<string> | undefined): boolean {
  let rest = raw
  for (const reference of chosen ?? []) rest = rest.split(reference).join('')
  return mayNameSecrets(rest)
}

/**
 * The secret references a flow run's typed values hold: a `secret` parameter's value is recorded as
 * `${secrets.NAME}`, and no other parameter's value may spell one (checkParamValue), so these are
 * exactly the secrets the declaration let the trigger choose.
 */
export function chosenSecretsOf(typedParams: Readonly<Record<string, ParamValue>> | undefined): ReadonlySet<string> {
  const chosen = new Set<string>()
  for (const value of Object.values(typedParams ?? {}))
    if (typeof value === 'string' && value.startsWith('${') && value.endsWith('}') && secretNameOf(value.slice(2, -1)) !== null) chosen.add(value)
  return chosen
}

function escapeFor(place: ReferencePlace, text: string): string {
  switch (place) {
    case 'text':
      return text
    case 'jsonString':
      return jsonStringContent(text)
    case 'jsonValue':
      return `"${jsonStringContent(text)}"`
  }
}
