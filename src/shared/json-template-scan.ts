// RFC 8259's grammar read over a parameter template in which references (`${…}`, found beforehand)
// may stand wherever a value may and inside strings: where each lands, and where one would make
// structure. Pure, for src/shared/flow-references.ts.

/** A reference of the template: where it stands. */
export interface TemplateSpan {
  start: number
  end: number
}

export type JsonPlace = 'jsonString' | 'jsonValue'

/**
 * - `jsonKey`: in (or as) a key of an object: a value would name a field;
 * - `requestTarget`: where it would choose where or how a request goes — in a `url` field before
 *   the URL's path (its scheme, host or port), in the authority of any `scheme://` string, or in a
 *   `method` field;
 * - `jsonInvalid`: the template is not JSON at `offset`, with each reference taken as a value.
 */
export type JsonProblemKind = 'jsonKey' | 'requestTarget' | 'jsonInvalid'

export interface JsonScanResult<S extends TemplateSpan> {
  placed: { span: S; place: JsonPlace }[]
  problems: { kind: JsonProblemKind; span: S | null; offset: number }[]
}

class NotJson extends Error {
  constructor(readonly offset: number) {
    super(`not JSON at ${offset}`)
  }
}

const LITERALS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const STRING_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y
/** The start of an absolute URL up to the end of its authority. */
const URL_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i
/** Stands in the decoded prefix for a value put in before: unknown text, never a `/`. */
const VALUE_MARK = '\u0000'

/** Where each span of `text` lands, reading it as JSON. */
export function scanJsonTemplate<S extends TemplateSpan>(text: string, spans: readonly S[]): JsonScanResult<S> {
  const scan = new JsonTemplateScan(text, spans)
  try {
    scan.document()
  } catch (error) {
    if (!(error instanceof NotJson)) throw error
    scan.result.problems.push({ kind: 'jsonInvalid', span: null, offset: error.offset })
  }
  return scan.result
}

class JsonTemplateScan<S extends TemplateSpan> {
  private pos = 0
  private readonly at: Map<number, S>
  readonly result: JsonScanResult<S> = { placed: [], problems: [] }

  constructor(
    private readonly text: string,
    spans: readonly S[],
  ) {
    this.at = new Map(spans.map((span) => [span.start, span]))
  }

  document(): void {
    this.value(null)
    this.skipSpace()
    if (this.pos < this.text.length) throw new NotJson(this.pos)
  }

  /** `key`: the name of the field this value is of, lower-cased (null in an array or at the top). */
  private value(key: string | null): void {
    this.skipSpace()
    const span = this.at.get(this.pos)
    if (span) {
      if (key === 'url' || key === 'method') this.refuse('requestTarget', span)
      else this.result.placed.push({ span, place: 'jsonValue' })
      this.pos = span.end
      return
    }
    const char = this.text[this.pos]
    if (char === '{') return this.object()
    if (char === '[') return this.array()
    if (char === '"') return void this.string(key)
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
      let key: string | null = null
      const span = this.at.get(this.pos)
      if (span) {
        this.refuse('jsonKey', span)
        this.pos = span.end
      } else if (this.text[this.pos] === '"') key = this.string(undefined).toLowerCase()
      else throw new NotJson(this.pos)
      this.expect(':')
      this.value(key)
      if (this.nextIs('}')) return
      this.expect(',')
    }
  }

  private array(): void {
    this.pos++
    if (this.nextIs(']')) return
    for (;;) {
      this.value(null)
      if (this.nextIs(']')) return
      this.expect(',')
    }
  }

  /**
   * A string from its opening quote; `key` is the field it is the value of (null: none), or
   * undefined when the string is itself a key. Returns its text, each reference in it as VALUE_MARK.
   */
  private string(key: string | null | undefined): string {
    let decoded = ''
    let from = ++this.pos
    const flush = () => (decoded += JSON.parse(`"${this.text.slice(from, this.pos)}"`) as string)
    while (this.pos < this.text.length) {
      const span = this.at.get(this.pos)
      if (span) {
        flush()
        if (key === undefined) this.refuse('jsonKey', span)
        else if (choosesTarget(key, decoded)) this.refuse('requestTarget', span)
        else this.result.placed.push({ span, place: 'jsonString' })
        decoded += VALUE_MARK
        from = this.pos = span.end
        continue
      }
      const char = this.text[this.pos]
      if (char === '"') {
        flush()
        this.pos++
        return decoded
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

  private refuse(kind: JsonProblemKind, span: S): void {
    this.result.problems.push({ kind, span, offset: span.start })
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

/**
 * Whether a value put in after `prefix` (the string's text so far) of field `key` would choose
 * where or how a request goes: anywhere in a `method`; in a `url` until its text has named a scheme
 * and a host and begun the path, query or fragment; in any string still inside a `scheme://`
 * authority (`http://h:80${…}` would take `@evil/` as the host).
 */
function choosesTarget(key: string | null, prefix: string): boolean {
  if (key === 'method') return true
  const authority = URL_AUTHORITY.exec(prefix)
  if (authority) return authority[0].length === prefix.length
  return key === 'url'
}

/**
 * `text` as the inside of a JSON string: quotes, backslashes and control characters escaped
 * (JSON.stringify, which also escapes a lone surrogate), and `<`, `>`, `&`, U+2028 and U+2029 as
 * `\uXXXX` too, so a value that says `</script>` is inert in whatever page or script shows the
 * parameter. JSON reads the escapes back as the same characters.
 */
export function jsonStringContent(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
