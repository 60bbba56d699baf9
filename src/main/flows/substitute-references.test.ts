import { describe, expect, it } from 'vitest'
import { FLOW_VALUE_MAX_BYTES } from '../../shared/flow-types'
import { jsonStringContent } from '../../shared/json-template-scan'
import { chosenSecretsOf, substituteReferences, type ParamSources, type Substitution } from './substitute-references'

const outputs: Record<string, string> = { extract: 'rows=42', load: '' }
const sources: ParamSources = { flowParam: '2030-06-15', outputOf: (key: string) => outputs[key] }
const withValue = (value: string): ParamSources => ({ flowParam: value, outputOf: () => value })

/** The substituted text, failing the test when the parameter was refused. */
function valueOf(result: Substitution): string {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problem)}`)
  return result.value
}

// What a hostile executor returned in issue 40: text that closes the string and adds fields.
const BREAKOUT = 'x","method":"POST","headers":{"x-evil":"1"},"url":"http://127.0.0.1:9/'

describe('substituteReferences in a plain-text parameter', () => {
  it('puts in outputs and the flow parameter as they are', () => {
    expect(substituteReferences('--date=${flow.param} --rows="${nodes.extract.output}"', sources)).toEqual({
      ok: true,
      value: '--date=2030-06-15 --rows="rows=42"',
      cut: [],
    })
  })

  it('gives an unknown node, or a node without output, as empty text', () => {
    expect(valueOf(substituteReferences('<${nodes.load.output}><${nodes.nowhere.output}>', sources))).toBe('<><>')
  })

  it('leaves text, a lone $ and unknown forms as they are, and puts values in verbatim (no $ patterns, no second pass)', () => {
    expect(valueOf(substituteReferences('$HOME ${HOME} ${ ${flow.param}', withValue('$& $1 $$ ${flow.param}')))).toBe('$HOME ${HOME} ${ $& $1 $$ ${flow.param}')
  })

  it("hands a shell's metacharacters on as text: the parameter is data for the handler", () => {
    const hostile = "'; touch /tmp/x; ' $(touch /tmp/y) `id`\nrm -rf /"
    expect(valueOf(substituteReferences('--in=${nodes.extract.output}', withValue(hostile)))).toBe(`--in=${hostile}`)
  })
})

describe('substituteReferences in a JSON parameter', () => {
  const template = '{"method":"GET","headers":{"x-trace":"t"},"url":"http://127.0.0.1:8/hook?tag=${nodes.x.output}"}'

  it('keeps a value that would close the string inside it: the fields, method, URL host and headers stay', () => {
    const value = valueOf(substituteReferences(template, withValue(BREAKOUT)))
    expect(JSON.parse(value)).toEqual({ method: 'GET', headers: { 'x-trace': 't' }, url: `http://127.0.0.1:8/hook?tag=${BREAKOUT}` })
  })

  it('escapes quotes, backslashes, control characters, markup and line separators, and reads back as the same text', () => {
    const nasty = 'a"b\\c\nd\re\tf\u0000g\u001fh</script><!--&\u2028\u2029'
    const value = valueOf(substituteReferences('{"v":"<${flow.param}>"}', withValue(nasty)))
    expect(value).toBe('{"v":"<a\\"b\\\\c\\nd\\re\\tf\\u0000g\\u001fh\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029>"}')
    expect(value).not.toContain('</script>')
    expect(JSON.parse(value)).toEqual({ v: `<${nasty}>` })
  })

  it('keeps unicode as it is, and escapes a lone surrogate so the parameter stays valid UTF-8 JSON', () => {
    expect(valueOf(substituteReferences('{"v":"${flow.param}"}', withValue('中文 😀 é')))).toBe('{"v":"中文 😀 é"}')
    expect(valueOf(substituteReferences('{"v":"${flow.param}"}', withValue('a\ud800b')))).toBe('{"v":"a\\ud800b"}')
  })

  it('makes a reference that stands alone as a value a JSON string, whatever the value spells', () => {
    const value = valueOf(substituteReferences('{"n": ${flow.param}, "list": [${nodes.a.output}, 1]}', withValue('1, "url": "http://evil/"')))
    expect(JSON.parse(value)).toEqual({ n: '1, "url": "http://evil/"', list: ['1, "url": "http://evil/"', 1] })
    expect(JSON.parse(valueOf(substituteReferences('[${flow.param}]', withValue('true'))))).toEqual(['true'])
  })

  it('refuses a reference in a key, or as one, and a JSON parameter it makes invalid, putting nothing in', () => {
    expect(substituteReferences('{"${flow.param}": 1}', sources)).toEqual({ ok: false, problem: { kind: 'jsonKey', ref: '${flow.param}', offset: 2 } })
    expect(substituteReferences('{${nodes.a.output}: 1}', sources)).toEqual({ ok: false, problem: { kind: 'jsonKey', ref: '${nodes.a.output}', offset: 1 } })
    expect(substituteReferences('{"a": 1${flow.param}}', sources)).toEqual({ ok: false, problem: { kind: 'jsonInvalid', ref: '${flow.param}', offset: 7 } })
  })

  it('puts the same value in, escaped for each place, where a reference appears twice', () => {
    const value = valueOf(substituteReferences('{"a":"${flow.param}","b":${flow.param}}', withValue('q"')))
    expect(JSON.parse(value)).toEqual({ a: 'q"', b: 'q"' })
  })
})

describe('substituteReferences cutting long values', () => {
  it('cuts a value over FLOW_VALUE_MAX_BYTES bytes on a character boundary and says so, once per reference', () => {
    const long = '中'.repeat(2000) // 6000 bytes
    const result = substituteReferences('${nodes.big.output}|${nodes.big.output}|${flow.param}', { flowParam: 'x'.repeat(5000), outputOf: () => long })
    const [first, second, third] = valueOf(result).split('|')
    expect(first).toBe('中'.repeat(Math.floor(FLOW_VALUE_MAX_BYTES / 3)))
    expect(second).toBe(first)
    expect(third).toBe('x'.repeat(FLOW_VALUE_MAX_BYTES))
    expect(result.ok && result.cut).toEqual([
      { ref: '${nodes.big.output}', fromBytes: 6000 },
      { ref: '${flow.param}', fromBytes: 5000 },
    ])
  })

  it('cuts before escaping, so a cut never splits an escape', () => {
    const value = valueOf(substituteReferences('{"v":"${flow.param}"}', withValue('"'.repeat(FLOW_VALUE_MAX_BYTES + 10))))
    expect(JSON.parse(value)).toEqual({ v: '"'.repeat(FLOW_VALUE_MAX_BYTES) })
  })

  it('does not cut a value of exactly the limit', () => {
    const result = substituteReferences('${flow.param}', { flowParam: 'é'.repeat(FLOW_VALUE_MAX_BYTES / 2), outputOf: () => undefined })
    expect(result.ok && result.cut).toEqual([])
  })
})

describe('jsonStringContent', () => {
  it('is what JSON.stringify puts between the quotes, with markup characters escaped as well', () => {
    expect(jsonStringContent('plain')).toBe('plain')
    expect(jsonStringContent('"\\/')).toBe('\\"\\\\/')
    expect(JSON.parse(`"${jsonStringContent('<&>\u2028')}"`)).toBe('<&>\u2028')
  })
})

describe('substituteReferences with secrets', () => {
  const sources = { flowParam: 'p', outputOf: () => 'out' }

  it('keeps a secret reference as written (the trigger puts the value in) and checks its place', () => {
    expect(substituteReferences('{"a":"${nodes.x.output}","pw":"${secrets.db_pw}"}', sources)).toEqual({
      ok: true,
      value: '{"a":"out","pw":"${secrets.db_pw}"}',
      cut: [],
    })
    const asKey = substituteReferences('{"${secrets.db_pw}":1}', sources)
    expect(asKey.ok === false && asKey.problem.kind).toBe('jsonKey')
  })
})

describe('a value that spells a secret reference', () => {
  it.each([
    ['as text', 'run ${flow.param}'],
    ['in a JSON string', '{"q":"${nodes.x.output}"}'],
  ])('is refused %s: the trigger would fill it in', (_where, template) => {
    const result = substituteReferences(template, withValue('${secrets.db_pw}'))
    expect(result.ok === false && result.problem.kind).toBe('valueNamesSecret')
  })

  it("passes in a typed flow's ${flow.param} when its secret parameter chose it, and no other", () => {
    const chosen = chosenSecretsOf({ day: '2026-12-01', db: '${secrets.db_pw}', n: 3 })
    expect([...chosen]).toEqual(['${secrets.db_pw}'])
    const sources = { flowParam: 'day=2026-12-01\ndb=${secrets.db_pw}', outputOf: () => '${secrets.db_pw}', flowParamSecrets: chosen }
    expect(substituteReferences('${flow.param}', sources)).toEqual({ ok: true, value: 'day=2026-12-01\ndb=${secrets.db_pw}', cut: [] })
    // A node's output never carries one, chosen or not; nor does the flow param carry another.
    expect(substituteReferences('${nodes.x.output}', sources)).toMatchObject({ ok: false, problem: { kind: 'valueNamesSecret' } })
    const other = { ...sources, flowParam: 'db=${secrets.db_pw} ${secrets.other}' }
    expect(substituteReferences('${flow.param}', other)).toMatchObject({ ok: false, problem: { kind: 'valueNamesSecret' } })
  })
})
