// A flow node's parameter may name values that exist only when the node fires: another node's
// output and the run's parameter (`${schedule.*}` and `${secrets.*}` are to join them). Those values
// come from executors and trigger URLs, so they are data, never syntax: this file is the one rule
// of what a reference names and where in a parameter it may stand, for the core (at save and at
// run time) and the console's flow editor alike.

/**
 * What a reference names. A new kind (`schedule`, `secret`) is one more case here and in
 * readReference; the placement rule below holds for every kind.
 */
export type FlowReference = { kind: 'nodeOutput'; key: string } | { kind: 'flowParam' }

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
const FLOW_PARAM = 'flow.param'

/** What `${inner}` names, or null when it is none of the flow's references (`${HOME}` is a script's own). */
export function readReference(inner: string): FlowReference | null {
  if (inner === FLOW_PARAM) return { kind: 'flowParam' }
  const node = NODE_OUTPUT.exec(inner)
  return node ? { kind: 'nodeOutput', key: node[1] } : null
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
  return /^\$\{\s*(nodes|flow)\b/.test(ref)
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
 * - `jsonInvalid`: the parameter starts as JSON but, with each reference taken as a value, is not
 *   JSON at `offset`, so where a value would land is not known.
 */
export interface PlacementProblem {
  kind: 'jsonKey' | 'jsonInvalid'
  /** The reference concerned: for `jsonInvalid`, the parameter's first. */
  ref: string
  /** The character where the problem stands (0-based). */
  offset: number
}

/**
 * A placement problem as a coded message (src/shared/messages/en-flow-definition.ts) naming node
 * `node` and the reference; `offset` counts characters from 1, as an editor does.
 */
export function placementMessage(problem: PlacementProblem, node: string) {
  const code = problem.kind === 'jsonKey' ? ('flow.referenceAsKey' as const) : ('flow.referenceInInvalidJson' as const)
  return { code, params: { node, ref: problem.ref, offset: problem.offset + 1 } }
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
 * with each reference taken as a value; any other parameter is text. A parameter without flow
 * references is whatever it is: nothing is put in, so there is nothing to check.
 */
export function layoutParam(template: string): ParamLayout {
  const known = referencesIn(template).filter((at): at is KnownReference => at.reference !== null)
  if (known.length === 0) return { format: 'text', placed: [], problems: [] }
  if (!/^\s*[[{]/.test(template)) return { format: 'text', placed: known.map((at) => ({ ...at, place: 'text' })), problems: [] }
  const scan = new JsonTemplateScan(template, known)
  try {
    scan.document()
  } catch (error) {
    if (!(error instanceof NotJson)) throw error
    scan.problems.push({ kind: 'jsonInvalid', ref: known[0].ref, offset: error.offset })
  }
  return { format: 'json', placed: scan.placed, problems: scan.problems }
}

class NotJson extends Error {
  constructor(readonly offset: number) {
    super(`not JSON at ${offset}`)
  }
}

const LITERALS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const STRING_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

/** RFC 8259's grammar, with a flow reference allowed wherever a value may stand and inside strings. */
class JsonTemplateScan {
  private pos = 0
  private readonly at: Map<number, KnownReference>
  readonly placed: PlacedReference[] = []
  readonly problems: PlacementProblem[] = []

  constructor(
    private readonly text: string,
    known: KnownReference[],
  ) {
    this.at = new Map(known.map((reference) => [reference.start, reference]))
  }

  document(): void {
    this.value()
    this.skipSpace()
    if (this.pos < this.text.length) throw new NotJson(this.pos)
  }

  private value(): void {
    this.skipSpace()
    const reference = this.at.get(this.pos)
    if (reference) {
      this.placed.push({ ...reference, place: 'jsonValue' })
      this.pos = reference.end
      return
    }
    const char = this.text[this.pos]
    if (char === '{') return this.object()
    if (char === '[') return this.array()
    if (char === '"') return this.string(false)
    const literal = LITERALS.find((word) => this.text.startsWith(word, this.pos))
    if (literal) {
      this.pos += literal.length
      return
    }
    NUMBER.lastIndex = this.pos
    if (!NUMBER.test(this.text)) throw new NotJson(this.pos)
    this.pos = NUMBER.lastIndex
  }

  private object(): void {
    this.pos++
    if (this.nextIs('}')) return
    for (;;) {
      this.skipSpace()
      const reference = this.at.get(this.pos)
      if (reference) {
        this.problems.push({ kind: 'jsonKey', ref: reference.ref, offset: reference.start })
        this.pos = reference.end
      } else if (this.text[this.pos] === '"') this.string(true)
      else throw new NotJson(this.pos)
      this.expect(':')
      this.value()
      if (this.nextIs('}')) return
      this.expect(',')
    }
  }

  private array(): void {
    this.pos++
    if (this.nextIs(']')) return
    for (;;) {
      this.value()
      if (this.nextIs(']')) return
      this.expect(',')
    }
  }

  private string(isKey: boolean): void {
    this.pos++
    while (this.pos < this.text.length) {
      const reference = this.at.get(this.pos)
      if (reference) {
        if (isKey) this.problems.push({ kind: 'jsonKey', ref: reference.ref, offset: reference.start })
        else this.placed.push({ ...reference, place: 'jsonString' })
        this.pos = reference.end
        continue
      }
      const char = this.text[this.pos]
      if (char === '"') {
        this.pos++
        return
      }
      if (char === '\\') {
        STRING_ESCAPE.lastIndex = this.pos
        if (!STRING_ESCAPE.test(this.text)) throw new NotJson(this.pos)
        this.pos = STRING_ESCAPE.lastIndex
        continue
      }
      if (char < ' ') throw new NotJson(this.pos)
      this.pos++
    }
    throw new NotJson(this.pos)
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++
  }

  /** Skips white space, then takes `char` if it is next. */
  private nextIs(char: string): boolean {
    this.skipSpace()
    if (this.text[this.pos] !== char) return false
    this.pos++
    return true
  }

  private expect(char: string): void {
    if (!this.nextIs(char)) throw new NotJson(this.pos)
  }
}
